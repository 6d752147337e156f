import { TIMING_MS } from '@kl/contracts/constants';
import type { Announcement, NoticePage } from '@kl/contracts/content';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSession } from '../../../shared/stores/session-store.ts';
import {
  ANNOUNCEMENTS_QUERY_KEY,
  ANNOUNCEMENT_UNREAD_QUERY_KEY,
  NOTICE_PAGES_QUERY_KEY,
} from '../api/keys.ts';
import { markAnnouncementRead } from '../api/notice.ts';
import { useLocalReads } from '../lib/local-reads.ts';
import { perQueryClient, spacedQueue } from '../lib/throttle.ts';

/**
 * Opening an announcement (product.md §4, §7): the first time a member opens one it is marked read locally
 * at once (the list shows it read, the unclaimed count drops by one), then the server is told (mark
 * read, calls at least 150 ms apart, none dropped), and the list and the unclaimed count are reloaded
 * (every query under ANNOUNCEMENTS_QUERY_KEY, the side menu's count included). Visitors have no read
 * flags: nothing happens for them.
 */
export function useMarkAnnouncementRead() {
  const client = useQueryClient();
  const { userName } = useSession();
  const localReads = useLocalReads();
  const queue = perQueryClient(client, 'mark-read', () => spacedQueue(TIMING_MS.markReadThrottle));

  return useCallback(
    (announcement: Pick<Announcement, 'id' | 'read'>) => {
      if (userName === null || announcement.read !== false || localReads.has(userName, announcement.id))
        return;
      const { id } = announcement;
      localReads.add(userName, id);
      const unreadKey = [...ANNOUNCEMENT_UNREAD_QUERY_KEY, userName];
      client.setQueryData<number>(unreadKey, (count) =>
        count === undefined ? count : Math.max(0, count - 1),
      );
      client.setQueriesData<InfiniteData<NoticePage>>({ queryKey: NOTICE_PAGES_QUERY_KEY }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                list: page.list.map((item) => (item.id === id ? { ...item, read: true } : item)),
              })),
            }
          : data,
      );
      void queue(() => markAnnouncementRead(id))
        .then(
          (result) => client.setQueryData(unreadKey, result.unreadCount),
          // Stays read here; the reload below shows what the server holds.
          () => undefined,
        )
        .then(() => client.invalidateQueries({ queryKey: ANNOUNCEMENTS_QUERY_KEY }));
    },
    [client, userName, localReads, queue],
  );
}
