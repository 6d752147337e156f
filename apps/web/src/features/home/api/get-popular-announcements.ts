import type { Announcement } from '@kl/contracts/content-home';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { CONTENT_QUERY_KEY, loadContentCalls } from './keys.ts';

/** GET popular announcements: what the marquee shows (product.md §7). */
export async function getPopularAnnouncements({ signal }: { signal?: AbortSignal } = {}): Promise<
  Announcement[]
> {
  const { contentHomeCalls } = await loadContentCalls();
  return (await apiCall(contentHomeCalls.popularAnnouncements, { signal })).list;
}

export const popularAnnouncementsQueryOptions = () =>
  queryOptions({
    queryKey: [...CONTENT_QUERY_KEY, 'announcements', 'popular'],
    queryFn: ({ signal }) => getPopularAnnouncements({ signal }),
    staleTime: 60_000,
  });

export function usePopularAnnouncements() {
  return useQuery(popularAnnouncementsQueryOptions());
}
