import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { afterLoadWhenIdle } from '../../../shared/lib/after-load-when-idle.ts';
import { useSession } from '../../../shared/stores/session-store.ts';

/**
 * Keeps the wallet query up to date while a member (or a trial member) is signed in: the balance
 * changed by a game provider, a deposit credited, a lottery payout or an operator arrives by the
 * member's event stream (live-balance.ts). Mounted once by the layout. The stream and its code (its own
 * chunk) wait until the page has loaded and the browser is idle, so the first screen costs nothing more
 * (docs/performance.md); signing out, or another member signing in, closes it.
 */
export function useLiveBalance(): void {
  const { role, userName } = useSession();
  const queryClient = useQueryClient();
  const signedIn = role !== 'visitor';
  useEffect(() => {
    if (!signedIn) return undefined;
    let ended = false;
    let close: (() => void) | undefined;
    const cancelIdle = afterLoadWhenIdle(() => {
      void import('./live-balance.ts').then(({ openLiveBalance }) => {
        if (!ended) close = openLiveBalance(queryClient);
      });
    });
    return () => {
      ended = true;
      cancelIdle();
      close?.();
    };
  }, [signedIn, userName, queryClient]);
}
