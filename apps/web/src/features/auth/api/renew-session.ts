import { memberSessionCalls } from '@kl/contracts/member-session';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { apiCall } from '../../../shared/lib/api-client.ts';

/**
 * POST renewSession (product.md §4 "if logged in session renewed" on load). A refused session is
 * forgotten quietly by the API client; a renewed one keeps its new end. An answer that does not fit the
 * session's schema rejects (UNKNOWN_ERROR) and the stored session stays.
 */
export async function renewSession(): Promise<void> {
  const session = await apiCall(memberSessionCalls.renewSession, { quietSessionError: true });
  useSessionStore.getState().setSession(session);
}
