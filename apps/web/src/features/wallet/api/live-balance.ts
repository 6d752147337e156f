import { MEMBER_EVENTS, walletBalance, walletBalanceCalls } from '@kl/contracts/wallet-balance';
import type { QueryClient } from '@tanstack/react-query';
import { WALLET_QUERY_KEY } from './keys.ts';

/**
 * Opens the member's event stream (GET /api/member/events, docs/decisions/041-live-updates.md): each
 * `balance` event is the wallet as GET /api/wallet answers it, set as the wallet query's data (an
 * unreadable one makes the query read again). The browser reconnects by itself after a dropped stream.
 * Returns the function that closes it; nothing is opened where the browser has no EventSource.
 */
export function openLiveBalance(queryClient: QueryClient): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  const source = new EventSource(walletBalanceCalls.memberEvents.path);
  source.addEventListener(MEMBER_EVENTS.balance, (event) => {
    let data: unknown;
    try {
      data = JSON.parse((event as MessageEvent<string>).data);
    } catch {
      data = undefined;
    }
    const wallet = walletBalance.safeParse(data);
    if (wallet.success) queryClient.setQueryData(WALLET_QUERY_KEY, wallet.data);
    else void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
  });
  return () => source.close();
}
