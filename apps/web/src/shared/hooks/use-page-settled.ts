import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { useAfterHydration } from './use-after-hydration.ts';

/**
 * How long the browser may stay busy before it counts as idle anyway, and how long after the load
 * a browser that cannot say when it is idle (no `requestIdleCallback`) waits.
 */
const IDLE_TIMEOUT_MS = 2_000;
const NO_IDLE_CALLBACK_MS = 300;

/** Once the page has settled it stays so: what mounts later (another visit to the screen) starts at once. */
let pageSettled = false;

/**
 * Calls `callback` once the page's load has finished (the window's `load` event) and the browser is
 * then idle. Returns a function that cancels the call.
 */
export function afterLoadWhenIdle(callback: () => void): () => void {
  let cancel = () => {};
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
      cancel = () => window.cancelIdleCallback?.(handle);
    } else {
      const timer = window.setTimeout(callback, NO_IDLE_CALLBACK_MS);
      cancel = () => window.clearTimeout(timer);
    }
  };
  if (document.readyState === 'complete') {
    whenIdle();
  } else {
    window.addEventListener('load', whenIdle, { once: true });
    cancel = () => window.removeEventListener('load', whenIdle);
  }
  return () => cancel();
}

/**
 * False on the server, while hydrating and until the page has settled, true after: its load has
 * finished, none of its requests is on its way (the query cache's), and the browser is idle. For what
 * only decorates the page and costs the device while it runs, such as a continuous animation: it
 * waits until the page's own loading and taking over are done (docs/performance.md). The switch is a
 * transition, as in useAfterHydration.
 */
export function usePageSettled(): boolean {
  const afterHydration = useAfterHydration();
  const queryClient = useQueryClient();
  const [settled, setSettled] = useState(pageSettled);
  useEffect(() => {
    if (settled) return;
    // The query cache is followed only until the page has settled, without a render of its own.
    let cancelIdle: (() => void) | null = null;
    const settle = () => {
      pageSettled = true;
      startTransition(() => setSettled(true));
    };
    const follow = () => {
      const fetching = queryClient.isFetching() > 0;
      if (fetching && cancelIdle) {
        cancelIdle();
        cancelIdle = null;
      } else if (!fetching && !cancelIdle) {
        cancelIdle = afterLoadWhenIdle(settle);
      }
    };
    follow();
    const unsubscribe = queryClient.getQueryCache().subscribe(follow);
    return () => {
      unsubscribe();
      cancelIdle?.();
    };
  }, [settled, queryClient]);
  return afterHydration && settled;
}
