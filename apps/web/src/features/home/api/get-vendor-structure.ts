import type { VendorStructure } from '@kl/contracts/games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';

/**
 * GET gameVendors: the vendor structure (product.md §3 Vendor), for the footer's vendor logos and the home
 * load. The key is the one the game catalogue uses for the same call and the same checked answer, so
 * the home asks the server once. The games calls (and zod) are loaded with the call, so that they are
 * not part of the home's first chunk.
 */
export async function getVendorStructure({
  signal,
}: { signal?: AbortSignal } = {}): Promise<VendorStructure> {
  const { gamesCalls } = await import('@kl/contracts/games');
  return apiCall(gamesCalls.gameVendors, { signal });
}

export const vendorStructureQueryOptions = () =>
  queryOptions({
    queryKey: ['games', 'vendors'],
    queryFn: ({ signal }) => getVendorStructure({ signal }),
    staleTime: 5 * 60_000,
  });

export function useVendorStructure() {
  return useQuery(vendorStructureQueryOptions());
}
