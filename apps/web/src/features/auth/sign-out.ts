/**
 * Signing out (product.md §4 Logout: confirmation, logout call, session cleared), for screens of other features:
 * an entry of its own, apart from index.ts, so that its dialog is bundled with the screen that uses it.
 */
export { useSignOut } from './hooks/use-sign-out.ts';
