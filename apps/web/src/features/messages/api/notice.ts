import {
  ANNOUNCEMENT_TYPES,
  NOTICE_PAGE_SIZE,
  contentCalls,
  type Announcement,
  type MarkAnnouncementReadResult,
  type NoticePage,
} from '@kl/contracts/content';
import { ANNOUNCEMENT_PLATFORM } from '@kl/contracts/constants';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { useSession } from '../../../shared/stores/session-store.ts';
import { ANNOUNCEMENT_LIST_QUERY_KEY, NOTICE_PAGES_QUERY_KEY } from './keys.ts';

const TYPES = ANNOUNCEMENT_TYPES.join(',');

/** GET notice: a page of the announcements (types B, PL, PU), newest first, with the member's read flags. */
export async function getNoticePage(
  pageNo: number,
  { signal, pageSize = NOTICE_PAGE_SIZE.default }: { signal?: AbortSignal; pageSize?: number } = {},
): Promise<NoticePage> {
  return apiCall(contentCalls.notice, { query: { pageNo, pageSize, types: TYPES }, signal });
}

/** GET announcements (product.md §3 request: types B, PL, PU, platform M): every current one. */
export async function getAnnouncements({ signal }: { signal?: AbortSignal } = {}): Promise<Announcement[]> {
  return (
    await apiCall(contentCalls.announcements, {
      query: { types: TYPES, platform: ANNOUNCEMENT_PLATFORM },
      signal,
    })
  ).list;
}

/** POST mark read (product.md §7): `{ announcementId, read: true }` → the new unread count. */
export async function markAnnouncementRead(announcementId: number): Promise<MarkAnnouncementReadResult> {
  return apiCall(contentCalls.markAnnouncementRead, { body: { announcementId, read: true } });
}

/** The viewer part of a key: each member's read flags are their own. */
const viewerOf = (userName: string | null) => userName ?? '';

export const noticePagesKey = (userName: string | null) =>
  [...NOTICE_PAGES_QUERY_KEY, viewerOf(userName)] as const;

/** The /m/notice list, page after page (the next asked while pageNum < totalPages). */
export function useNoticePages() {
  const { userName } = useSession();
  const query = useInfiniteQuery({
    queryKey: noticePagesKey(userName),
    queryFn: ({ pageParam, signal }) => getNoticePage(pageParam, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum < last.totalPages ? last.pageNum + 1 : undefined),
    staleTime: 30_000,
  });
  const announcements = query.data?.pages.flatMap((page) => page.list) ?? [];
  return { ...query, announcements };
}

/** Every current announcement (to open one that is not on the loaded pages, e.g. from a link). */
export function useAnnouncements({ enabled }: { enabled: boolean }) {
  const { userName } = useSession();
  return useQuery({
    queryKey: [...ANNOUNCEMENT_LIST_QUERY_KEY, viewerOf(userName)],
    queryFn: ({ signal }) => getAnnouncements({ signal }),
    enabled,
    staleTime: 30_000,
  });
}
