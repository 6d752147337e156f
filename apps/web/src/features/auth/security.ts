/**
 * What the security screen shows of accounts: the member's login history and signed-in sessions. Its own
 * entry, apart from index.ts (which the app loads on every page), so that they are bundled with the lazily
 * loaded security screen only.
 */
export { LoginHistory } from './components/login-history.tsx';
export { SignedInSessions } from './components/signed-in-sessions.tsx';
