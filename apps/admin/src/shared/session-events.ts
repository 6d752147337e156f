/**
 * The operator session ended on the server (a call answered NOT_LOGGED_IN or SESSION_EXPIRED, or the
 * operator signed out): whoever keeps the operator's data listens here and forgets it.
 */
const listeners = new Set<() => void>();

export function onSessionEnded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function endSession(): void {
  for (const listener of [...listeners]) listener();
}
