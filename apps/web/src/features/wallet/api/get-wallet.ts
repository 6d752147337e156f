import { type WalletBalance, walletBalanceCalls } from '@kl/contracts/wallet-balance';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { useSession } from '../../../shared/stores/session-store.ts';
import { WALLET_QUERY_KEY } from './keys.ts';

/** GET wallet (product.md §3 Wallet sumBalance): the member's available, held and total balance. */
export async function getWallet({ signal }: { signal?: AbortSignal } = {}): Promise<WalletBalance> {
  return apiCall(walletBalanceCalls.wallet, { signal });
}

/** The wallet of the logged-in member (members and trial members; nothing for visitors). */
export function useWallet() {
  const { role } = useSession();
  return useQuery({
    queryKey: WALLET_QUERY_KEY,
    queryFn: ({ signal }) => getWallet({ signal }),
    enabled: role !== 'visitor',
    staleTime: 30_000,
  });
}
