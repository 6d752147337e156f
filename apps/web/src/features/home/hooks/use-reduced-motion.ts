import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null;
  media?.addEventListener('change', onChange);
  return () => media?.removeEventListener('change', onChange);
}

const snapshot = () => (typeof window.matchMedia === 'function' ? window.matchMedia(QUERY).matches : false);

/** Whether the device asks for reduced motion (follows a change of the setting). */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, snapshot);
}
