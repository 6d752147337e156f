/**
 * What the account screens use of accounts: the security screen's login history and signed-in sessions,
 * and the member's two-step verification status (the withdrawal form asks for a code when it is on). Its
 * own entry, apart from index.ts (which the app loads on every page), so that they and the accounts calls
 * they make are bundled with those lazily loaded screens only.
 */
export { LoginHistory } from './components/login-history.tsx';
export { SignedInSessions } from './components/signed-in-sessions.tsx';
export { TWO_FACTOR_KEY, useTwoFactorStatus } from './api/two-factor.ts';
