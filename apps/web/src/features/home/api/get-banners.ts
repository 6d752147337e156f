import type { Banner } from '@kl/contracts/content-home';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { CONTENT_QUERY_KEY, loadContentCalls } from './keys.ts';

/** GET banners of every group (product.md §3 Banner), in the language of the page; one call for the home. */
export async function getBanners({ signal }: { signal?: AbortSignal } = {}): Promise<Banner[]> {
  const { contentHomeCalls } = await loadContentCalls();
  return (await apiCall(contentHomeCalls.banners, { signal })).list;
}

export const bannersQueryOptions = () =>
  queryOptions({
    queryKey: [...CONTENT_QUERY_KEY, 'banners'],
    queryFn: ({ signal }) => getBanners({ signal }),
    staleTime: 5 * 60_000,
  });

export function useBanners() {
  return useQuery(bannersQueryOptions());
}
