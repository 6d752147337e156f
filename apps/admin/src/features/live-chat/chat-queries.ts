import { ADMIN_CHAT_POLL_MS, type AdminChatMessage, type AdminChatStatus } from '@kl/contracts/admin/chat';
import { adminCalls } from '@kl/contracts/admin/calls';
import { ADMIN_PAGE_SIZE } from '@kl/contracts/admin/operators';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminCall } from '../../shared/api.ts';
import { listKey } from '../../shared/paged-list.ts';

/** Every query of the console starts with this key: a reply or a closing refreshes them all. */
export const CHATS = 'chats';

/**
 * The conversations of one status (all when undefined), newest activity first, asked again every few
 * seconds while the screen is open (the console's live updates).
 */
export function useConversations(status: AdminChatStatus | undefined, pageNo: number) {
  const query = { ...(status && { status }), pageNo, pageSize: ADMIN_PAGE_SIZE.default };
  return useQuery({
    queryKey: listKey(CHATS, query),
    queryFn: ({ signal }) => adminCall(adminCalls.adminChats, { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: ADMIN_CHAT_POLL_MS,
  });
}

/** One conversation and its newest messages, asked again every few seconds. */
export function useConversation(conversationId: string) {
  return useQuery({
    queryKey: [...listKey(CHATS), 'conversation', conversationId],
    queryFn: ({ signal }) => adminCall(adminCalls.adminChat, { params: { conversationId }, signal }),
    refetchInterval: ADMIN_CHAT_POLL_MS,
  });
}

/** The messages known of a conversation, each once, oldest first. */
export function mergeMessages(...pages: readonly AdminChatMessage[][]): AdminChatMessage[] {
  const byId = new Map<number, AdminChatMessage>();
  for (const page of pages) for (const message of page) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
