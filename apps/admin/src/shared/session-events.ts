/**
 * The operator session on this side. The cookie is HttpOnly, so the app cannot see it; it keeps a hint
 * instead (localStorage `kl_admin_signed_in`, set at sign-in): without it, the app goes straight to
 * sign-in rather than asking the server for a session it most likely does not have.
 *
 * When the session ends on the server (a call answered NOT_LOGGED_IN or SESSION_EXPIRED, or the operator
 * signed out), the hint goes and whoever keeps the operator's data listens here and forgets it.
 */
export const SIGNED_IN_HINT_KEY = 'kl_admin_signed_in';

const listeners = new Set<() => void>();

export function onSessionEnded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setHint(signedIn: boolean): void {
  try {
    if (signedIn) window.localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    else window.localStorage.removeItem(SIGNED_IN_HINT_KEY);
  } catch {
    // Storage refused (private mode): the server is asked every time.
  }
}

/** Whether this browser signed in and did not see the session end since. */
export function mayBeSignedIn(): boolean {
  try {
    return window.localStorage.getItem(SIGNED_IN_HINT_KEY) !== null;
  } catch {
    return true;
  }
}

export function sessionStarted(): void {
  setHint(true);
}

export function endSession(): void {
  setHint(false);
  for (const listener of [...listeners]) listener();
}
