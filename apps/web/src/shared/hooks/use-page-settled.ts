import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { afterLoadWhenIdle } from '../lib/after-load-when-idle.ts';
import { useAfterHydration } from './use-after-hydration.ts';

/** Once the page has settled it stays so: what mounts later (another visit to the screen) starts at once. */
let pageSettled = false;

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
