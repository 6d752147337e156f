import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { readSessionInfo } from './session-answer.ts';

/**
 * POST renewSession (product.md §4 "if logged in session renewed" on load). A refused session is
 * forgotten quietly by the API client; a renewed one keeps its new end.
 */
export async function renewSession(): Promise<void> {
  const value = await apiCall('renewSession', { quietSessionError: true });
  try {
    useSessionStore.getState().setSession(readSessionInfo(value));
  } catch {
    // An answer without the session's details: the stored ones stay.
  }
}
