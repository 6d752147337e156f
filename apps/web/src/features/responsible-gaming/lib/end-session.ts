import { HOME_PATH } from '@kl/contracts/routes';
import { storage } from '../../../shared/lib/storage.ts';
import { AUTO_LOGIN_KEY, useSessionStore } from '../../../shared/stores/session-store.ts';

/** Leaving the page for home with a fresh load; an object so that component tests can watch it. */
export const pageExit = {
  toHome(): void {
    window.location.replace(HOME_PATH);
  },
};

/**
 * After a time-out or a self-exclusion the server has ended every session (and cleared the cookie): the
 * browser forgets the session as a logout does, and home is loaded afresh, so that nothing of the member
 * (queries, timers, the reality check) stays in memory.
 */
export function endSession(): void {
  storage.set(AUTO_LOGIN_KEY, '0');
  useSessionStore.getState().clearSession();
  try {
    window.sessionStorage.clear();
  } catch {
    // No session storage to clear.
  }
  pageExit.toHome();
}
