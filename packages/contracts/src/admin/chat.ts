import { z } from 'zod';
import type { ApiTable } from '../api-call.ts';
import { CHAT_SENDERS, chatHistoryQuery, chatSendRequest } from '../chat.ts';
import { pageParams } from '../paging.ts';
import type { AdminCallRule } from './calls.ts';
import { ADMIN_PAGE_SIZE, adminPage } from './operators.ts';

/**
 * The live chat console of the back office (docs/back-office.md, "Chat, feedback and inbox"): the members'
 * conversations, one conversation's messages, an operator's reply (the member sees it as a message of
 * customer service) and closing a conversation.
 *
 * A conversation is `waiting` when its last message is the member's (someone should answer), `open` when
 * an operator spoke last, `closed` once an operator closed it; the member writing again opens it again.
 * Conversations without any message yet (the member only opened the chat page) are not listed.
 */

export const ADMIN_CHAT_STATUSES = ['waiting', 'open', 'closed'] as const;
export type AdminChatStatus = (typeof ADMIN_CHAT_STATUSES)[number];

/** How often the console asks again for the list and the open conversation (ms). */
export const ADMIN_CHAT_POLL_MS = 4_000;

export const adminChatMessage = z.object({
  id: z.number().int(),
  sender: z.enum(CHAT_SENDERS),
  body: z.string(),
  createdAt: z.iso.datetime(),
  /** The back-office operator who wrote an operator message; null for members and the former token page. */
  operatorName: z.string().nullable(),
});
export type AdminChatMessage = z.infer<typeof adminChatMessage>;

export const adminChatSummary = z.object({
  id: z.uuid(),
  memberUsername: z.string(),
  status: z.enum(ADMIN_CHAT_STATUSES),
  lastMessage: adminChatMessage.nullable(),
  /** Member messages since an operator last answered or read. */
  unreadCount: z.number().int(),
  /** The last message's time. */
  updatedAt: z.iso.datetime(),
  closedAt: z.iso.datetime().nullable(),
});
export type AdminChatSummary = z.infer<typeof adminChatSummary>;

/** Newest activity first; every status when `status` is left out. */
export const adminChatsQuery = z.object({
  status: z.enum(ADMIN_CHAT_STATUSES).optional(),
  ...pageParams(ADMIN_PAGE_SIZE),
});
export type AdminChatsQuery = z.input<typeof adminChatsQuery>;
export const adminChatPage = adminPage(adminChatSummary);
export type AdminChatPage = z.infer<typeof adminChatPage>;

export const adminChatParams = z.object({ conversationId: z.uuid() });
/** Older messages: those before `beforeId`, at most `limit`, oldest first. */
export const adminChatQuery = chatHistoryQuery;
export const adminChatDetail = z.object({
  conversation: adminChatSummary,
  messages: z.array(adminChatMessage),
  /** True when older messages remain (ask again with `beforeId`). */
  hasMore: z.boolean(),
});
export type AdminChatDetail = z.infer<typeof adminChatDetail>;

export const adminChatReplyRequest = chatSendRequest;
export type AdminChatReplyRequest = z.input<typeof adminChatReplyRequest>;

export const adminChatCalls = {
  adminChats: {
    method: 'GET',
    path: '/api/admin/chats',
    moduleId: 'ADMIN',
    query: adminChatsQuery,
    response: adminChatPage,
  },
  adminChat: {
    method: 'GET',
    path: '/api/admin/chats/:conversationId',
    moduleId: 'ADMIN',
    params: adminChatParams,
    query: adminChatQuery,
    response: adminChatDetail,
  },
  adminChatReply: {
    method: 'POST',
    path: '/api/admin/chats/:conversationId/messages',
    moduleId: 'ADMIN',
    params: adminChatParams,
    body: adminChatReplyRequest,
    response: adminChatMessage,
  },
  adminCloseChat: {
    method: 'POST',
    path: '/api/admin/chats/:conversationId/close',
    moduleId: 'ADMIN',
    params: adminChatParams,
    response: adminChatSummary,
  },
} as const satisfies ApiTable;

export const adminChatRules: Record<keyof typeof adminChatCalls, AdminCallRule> = {
  adminChats: { area: 'chat', access: 'read' },
  adminChat: { area: 'chat', access: 'read' },
  adminChatReply: { area: 'chat', access: 'write' },
  adminCloseChat: { area: 'chat', access: 'write' },
};
