import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

const snapshot = () => document.visibilityState !== 'hidden';

/**
 * Whether the tab is shown (false while it is in the background). The server's page, and the
 * browser's first render over it, take the tab as shown (docs/decisions/005-web-first-load.md).
 */
export function usePageVisible(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => true);
}
