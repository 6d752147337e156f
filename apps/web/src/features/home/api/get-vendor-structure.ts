import type { VendorStructure } from '@kl/contracts/games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';

/**
 * GET gameVendors: the vendor structure (product.md §3 Vendor), for the footer's vendor logos and the home
 * load. The key is the one the game catalogue uses for the same call and the same checked answer, so
 * the home asks the server once.
 */
export async function getVendorStructure({
  signal,
}: { signal?: AbortSignal } = {}): Promise<VendorStructure> {
  const checks = import('./checks.ts');
  const value = await apiCall('gameVendors', { signal });
  return (await checks).checkVendors(value);
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
