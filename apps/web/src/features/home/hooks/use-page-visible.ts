import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

const snapshot = () => document.visibilityState !== 'hidden';

/** Whether the tab is shown (false while it is in the background). */
export function usePageVisible(): boolean {
  return useSyncExternalStore(subscribe, snapshot);
}
