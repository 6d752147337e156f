import type { InboxMessage, InboxPage } from '@kl/contracts/content';
import { useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useSession } from '../../../shared/stores/session-store.ts';
import { deleteInboxMessage, getInboxMessage, inboxMessageKey } from '../api/inbox.ts';
import { INBOX_PAGES_QUERY_KEY, INBOX_UNREAD_QUERY_KEY } from '../api/keys.ts';

type Pages = InfiniteData<InboxPage>;

const mapPages = (data: Pages | undefined, change: (list: InboxMessage[]) => InboxMessage[]) =>
  data ? { ...data, pages: data.pages.map((page) => ({ ...page, list: change(page.list) })) } : data;

/**
 * Opening a message of the inbox: the server marks it read when it answers; then its unread mark
 * clears in the list and the unread count drops at once, and both are asked again (the count at
 * most once per 250 ms).
 */
export function useInboxMessage(messageId: number | null) {
  const client = useQueryClient();
  const { userName } = useSession();
  return useQuery({
    queryKey: inboxMessageKey(userName, messageId ?? 0),
    queryFn: async ({ signal }) => {
      const message = await getInboxMessage(messageId ?? 0, { signal });
      const cached = client
        .getQueriesData<Pages>({ queryKey: INBOX_PAGES_QUERY_KEY })
        .flatMap(([, data]) => data?.pages.flatMap((page) => page.list) ?? []);
      const wasUnread = cached.some((item) => item.id === message.id && !item.read);
      client.setQueriesData<Pages>({ queryKey: INBOX_PAGES_QUERY_KEY }, (data) =>
        mapPages(data, (list) =>
          list.map((item) => (item.id === message.id ? { ...item, read: true } : item)),
        ),
      );
      if (wasUnread) {
        client.setQueriesData<{ unreadCount: number; offered: boolean }>(
          { queryKey: INBOX_UNREAD_QUERY_KEY },
          (count) => (count ? { ...count, unreadCount: Math.max(0, count.unreadCount - 1) } : count),
        );
      }
      void client.invalidateQueries({ queryKey: INBOX_PAGES_QUERY_KEY });
      void client.invalidateQueries({ queryKey: INBOX_UNREAD_QUERY_KEY });
      return message;
    },
    enabled: messageId !== null && userName !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** Deleting a message (after the user confirmed): it leaves the list; the count follows the server's. */
export function useDeleteInboxMessage() {
  const client = useQueryClient();
  const { userName } = useSession();
  return useMutation({
    mutationFn: (messageId: number) => deleteInboxMessage(messageId),
    onSuccess: (result) => {
      client.removeQueries({ queryKey: inboxMessageKey(userName, result.messageId) });
      client.setQueriesData<Pages>({ queryKey: INBOX_PAGES_QUERY_KEY }, (data) =>
        mapPages(data, (list) => list.filter((item) => item.id !== result.messageId)),
      );
      client.setQueriesData<{ unreadCount: number; offered: boolean }>(
        { queryKey: INBOX_UNREAD_QUERY_KEY },
        (count) => (count ? { ...count, unreadCount: result.unreadCount } : count),
      );
      void client.invalidateQueries({ queryKey: INBOX_PAGES_QUERY_KEY });
      void client.invalidateQueries({ queryKey: INBOX_UNREAD_QUERY_KEY });
    },
  });
}
