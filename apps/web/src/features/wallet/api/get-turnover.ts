import { type TurnoverSummary, wageringCalls } from '@kl/contracts/wagering';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { useSession } from '../../../shared/stores/session-store.ts';
import { TURNOVER_QUERY_KEY } from './keys.ts';

/** GET turnover: running requirements, locked and withdrawable money. */
export async function getTurnover({ signal }: { signal?: AbortSignal } = {}): Promise<TurnoverSummary> {
  return apiCall(wageringCalls.walletTurnover, { signal });
}

/** The member's turnover (real members only: trial money has none). */
export function useTurnover() {
  const { role } = useSession();
  return useQuery({
    queryKey: TURNOVER_QUERY_KEY,
    queryFn: ({ signal }) => getTurnover({ signal }),
    enabled: role === 'member',
    staleTime: 10_000,
  });
}
