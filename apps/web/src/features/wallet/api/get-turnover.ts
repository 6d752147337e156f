import { turnoverSummary, type TurnoverSummary } from '@kl/contracts/wagering';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiCall } from '../../../shared/lib/api-client.ts';
import { useSession } from '../../../shared/stores/session-store.ts';
import { TURNOVER_QUERY_KEY } from './keys.ts';

/** GET turnover: running requirements, locked and withdrawable money. */
export async function getTurnover({ signal }: { signal?: AbortSignal } = {}): Promise<TurnoverSummary> {
  const value = await apiCall('walletTurnover', { signal });
  const parsed = turnoverSummary.safeParse(value);
  if (!parsed.success) throw new ApiError('UNKNOWN_ERROR', { status: 200, message: 'Malformed turnover' });
  return parsed.data;
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
