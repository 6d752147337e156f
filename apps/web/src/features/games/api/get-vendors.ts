import { gamesCalls, type VendorStructure } from '@kl/contracts/games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { GAMES_QUERY_KEY } from './keys.ts';

/** GET vassal game type: the vendors, their order per category and the classes per category. */
export async function getVendors({ signal }: { signal?: AbortSignal } = {}): Promise<VendorStructure> {
  return apiCall(gamesCalls.gameVendors, { signal });
}

export const vendorsQueryOptions = () =>
  queryOptions({
    queryKey: [...GAMES_QUERY_KEY, 'vendors'],
    queryFn: ({ signal }) => getVendors({ signal }),
    staleTime: 5 * 60_000,
  });

export function useVendors() {
  return useQuery(vendorsQueryOptions());
}
