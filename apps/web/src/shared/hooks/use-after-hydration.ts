import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and in the browser's first render over the server's page, true after (and in
 * a render of the browser alone): what depends on the device renders after it, so that the first
 * render matches the server's page (docs/decisions/005-web-first-load.md).
 */
export function useAfterHydration(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
