import {
  INBOX_PAGE_SIZE,
  contentCalls,
  type InboxDeleteResult,
  type InboxMessage,
  type InboxPage,
} from '@kl/contracts/content';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { useSession } from '../../../shared/stores/session-store.ts';
import { INBOX_MESSAGE_QUERY_KEY, INBOX_PAGES_QUERY_KEY } from './keys.ts';

/** GET inbox (INBOX3): a page of the member's messages, newest first, with the unread count. */
export async function getInboxPage(
  pageNo: number,
  { signal, pageSize = INBOX_PAGE_SIZE.default }: { signal?: AbortSignal; pageSize?: number } = {},
): Promise<InboxPage> {
  return apiCall(contentCalls.inboxList, { query: { pageNo, pageSize }, signal });
}

/** GET one message; the server marks it read. */
export async function getInboxMessage(
  messageId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<InboxMessage> {
  return apiCall(contentCalls.inboxMessage, { query: { messageId }, signal });
}

/** DELETE one message `{ messageId }` → the new unread count. */
export async function deleteInboxMessage(messageId: number): Promise<InboxDeleteResult> {
  return apiCall(contentCalls.deleteInboxMessage, { body: { messageId } });
}

export const inboxPagesKey = (userName: string | null) => [...INBOX_PAGES_QUERY_KEY, userName ?? ''] as const;
export const inboxMessageKey = (userName: string | null, messageId: number) =>
  [...INBOX_MESSAGE_QUERY_KEY, userName ?? '', messageId] as const;

/** The member's inbox, page after page. */
export function useInboxPages() {
  const { userName } = useSession();
  const query = useInfiniteQuery({
    queryKey: inboxPagesKey(userName),
    queryFn: ({ pageParam, signal }) => getInboxPage(pageParam, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum < last.totalPages ? last.pageNum + 1 : undefined),
    staleTime: 10_000,
  });
  const messages = query.data?.pages.flatMap((page) => page.list) ?? [];
  return { ...query, messages };
}
