import type { ApiTable } from './api-call.ts';
import { z } from 'zod';
import { LANGUAGES, type Locale } from './i18n.ts';

/**
 * Live chat (product.md §3 Chat, §4 Live chat, §6 CBS3, §7 launch-chat, unread chat count, live model list).
 *
 * The site asks GET /api/chat/launch for `chatUrl`: the server's chat page with the parameters of
 * product.md §7 and, after `#token=`, a one-time chat token (2 minutes). The page trades the token for a
 * chat cookie scoped to /api/chat (never the session cookie), then talks to the /api/chat calls and
 * receives the operator's replies as server-sent events. Operators answer in the back office's live chat
 * console (admin/chat.ts), signed in as themselves (docs/decisions/048-operator-sessions-only.md).
 */

/** The member's chat page. Served by the API server, outside /m. */
export const CHAT_PAGE_PATH = '/chat/';

/** The chat cookie (HttpOnly, SameSite=Strict) and the path it is sent to. */
export const CHAT_COOKIE = 'kl_chat';
export const CHAT_COOKIE_PATH = '/api/chat';

/** A chat token in chatUrl works once, within this time. */
export const CHAT_TOKEN_TTL_MS = 2 * 60_000;
/** The chat cookie lasts this long (never beyond the member's session). */
export const CHAT_ACCESS_TTL_MS = 4 * 60 * 60_000;
export const CHAT_MESSAGE_MAX = 1_000;
/** Messages a member may send in one minute. */
export const CHAT_MESSAGES_PER_MINUTE = 30;
export const CHAT_HISTORY_PAGE = 50;
export const CHAT_TITLE_MAX = 40;

/** product.md §7: `b2c=1` on every chatUrl. */
export const CHAT_B2C = '1';
/** product.md §7: the language when the site sends none. */
export const CHAT_DEFAULT_LANGUAGE = 'CN';

const LANGUAGE_CODES: readonly string[] = LANGUAGES.map((language) => language.code);

/**
 * The chat language of product.md §7: uppercase, Chinese variants (`zh`, `zh-CN`, `zh_Hans`, `cn`…) as CN,
 * traditional Chinese (`zh-TW`, `zh-HK`, `zh-Hant`) as TW, a tag of a known language as its code
 * (`vi-VN` → VI), CN when absent; an unknown language is EN.
 */
export function chatLanguage(value: string | undefined | null): string {
  const tag = (value ?? '').trim().toUpperCase().replaceAll('_', '-');
  if (tag === '') return CHAT_DEFAULT_LANGUAGE;
  const [primary = '', ...rest] = tag.split('-');
  if (primary === 'ZH' || primary === 'CN') {
    return rest.some((part) => part === 'TW' || part === 'HK' || part === 'MO' || part === 'HANT')
      ? 'TW'
      : 'CN';
  }
  if (LANGUAGE_CODES.includes(primary)) return primary;
  return 'EN';
}

/** The locale a chat page is shown in: Vietnamese for VI, English for every other language. */
export const chatPageLocale = (language: string | undefined | null): Locale =>
  chatLanguage(language) === 'VI' ? 'vi' : 'en';

/** A colour of the chat header: #rgb or #rrggbb (the `#` may be left out). */
export const CHAT_HEADER_COLOR = /^#?(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** A path of this site to go back to: starts with one `/`, no scheme, no backslash, no control characters. */
export function isSitePath(value: string): boolean {
  return /^\/(?![/\\])[^\\\s]*$/.test(value) && value.length <= 512;
}

// ——— the site's calls (session cookie) ———

/** GET /api/chat/launch (CBS3): the parameters of product.md §7 the site sends. */
export const launchChatQuery = z.object({
  language: z.string().max(16).optional(),
  /** Where the page's back arrow goes: a path of this site (anything else is replaced by /m/home). */
  backUrl: z.string().max(512).optional(),
  /** The page header's colour, #rgb or #rrggbb; the merchant's theme colour when absent. */
  headerColor: z.string().max(16).optional(),
  title: z.string().max(CHAT_TITLE_MAX).optional(),
});
export type LaunchChatQuery = z.infer<typeof launchChatQuery>;

export const launchChatResult = z.object({
  /** `/chat/?b2c=1&language=…&backUrl=…&headerColor=…&title=…#token=…`: open it to chat. */
  chatUrl: z.string(),
  unReadCount: z.number().int(),
});
export type LaunchChatResult = z.infer<typeof launchChatResult>;

/** GET /api/chat/unread (CBS3): operator replies the member has not seen. */
export const chatUnreadResult = z.object({ unReadCount: z.number().int() });
export type ChatUnreadResult = z.infer<typeof chatUnreadResult>;

// ——— the chat page's calls (chat cookie) ———

export const chatSessionRequest = z.object({ token: z.string().min(1).max(128) });
export const chatSessionResult = z.object({ userName: z.string(), expiresAt: z.string() });
export type ChatSessionResult = z.infer<typeof chatSessionResult>;

export const CHAT_SENDERS = ['member', 'operator'] as const;
export type ChatSender = (typeof CHAT_SENDERS)[number];

export const chatMessage = z.object({
  /** Increases with time; the server-sent event id. */
  id: z.number().int(),
  sender: z.enum(CHAT_SENDERS),
  body: z.string(),
  /** ISO time. */
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

const messageId = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** Older messages: those before `beforeId`, at most `limit`, oldest first. */
export const chatHistoryQuery = z.object({
  beforeId: messageId.optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_HISTORY_PAGE).default(CHAT_HISTORY_PAGE),
});
export const chatHistory = z.object({
  messages: z.array(chatMessage),
  /** True when older messages remain. */
  hasMore: z.boolean(),
  unReadCount: z.number().int(),
});
export type ChatHistory = z.infer<typeof chatHistory>;

export const chatSendRequest = z.object({
  body: z
    .string()
    .trim()
    .min(1)
    .refine((text) => [...text].length <= CHAT_MESSAGE_MAX, {
      error: `at most ${CHAT_MESSAGE_MAX} characters`,
    }),
});
export type ChatSendRequest = z.input<typeof chatSendRequest>;

/** Marks messages up to `lastMessageId` as seen. */
export const chatReadRequest = z.object({ lastMessageId: messageId });

/** The streams (`text/event-stream`) start after `after`, or after Last-Event-ID on reconnection. */
export const chatStreamQuery = z.object({ after: messageId.optional() });

/** Event names of the streams; `data` is JSON. */
export const CHAT_EVENTS = {
  /** A ChatMessage. */
  message: 'message',
} as const;

// ——— live hosts (product.md §7 live model list) ———

/** `1`/`0`/`true`/`false` in a query string. */
const queryFlag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');

/** GET /api/live/models (CBS3): filters on the flags; absent means either. */
export const liveModelQuery = z.object({ active: queryFlag.optional(), streaming: queryFlag.optional() });
export type LiveModelQuery = z.input<typeof liveModelQuery>;

export const liveModel = z.object({
  id: z.string(),
  name: z.string(),
  /** The host's avatar (SVG drawn by the server). */
  avatar: z.string(),
  active: z.boolean(),
  streaming: z.boolean(),
});
export type LiveModel = z.infer<typeof liveModel>;
export const liveModelList = z.object({ list: z.array(liveModel) });
export type LiveModelList = z.infer<typeof liveModelList>;

/** Avatars of the hosts: `/api/live/avatars/<id>.svg` (module id CBS3, outside the API table). */
export const LIVE_AVATAR_PREFIX = '/api/live/avatars/';

// ——— texts of the chat pages ———

export interface ChatPageTexts {
  defaultTitle: string;
  back: string;
  messageLabel: string;
  placeholder: string;
  send: string;
  empty: string;
  you: string;
  operator: string;
  connecting: string;
  reconnecting: string;
  expired: string;
  sendFailed: string;
  loadEarlier: string;
}

export const CHAT_PAGE_TEXTS: Record<Locale, ChatPageTexts> = {
  vi: {
    defaultTitle: 'Chăm sóc khách hàng',
    back: 'Quay lại',
    messageLabel: 'Tin nhắn',
    placeholder: 'Nhập tin nhắn…',
    send: 'Gửi',
    empty: 'Hãy để lại lời nhắn, nhân viên hỗ trợ sẽ trả lời bạn sớm nhất.',
    you: 'Bạn',
    operator: 'Nhân viên hỗ trợ',
    connecting: 'Đang kết nối…',
    reconnecting: 'Mất kết nối, đang thử lại…',
    expired: 'Phiên trò chuyện đã hết hạn. Hãy quay lại và mở lại trò chuyện trực tuyến.',
    sendFailed: 'Gửi không thành công, vui lòng thử lại',
    loadEarlier: 'Xem tin nhắn cũ hơn',
  },
  en: {
    defaultTitle: 'Customer service',
    back: 'Back',
    messageLabel: 'Message',
    placeholder: 'Type a message…',
    send: 'Send',
    empty: 'Leave a message and our support team will answer you shortly.',
    you: 'You',
    operator: 'Support',
    connecting: 'Connecting…',
    reconnecting: 'Connection lost, retrying…',
    expired: 'This chat has expired. Go back and open live chat again.',
    sendFailed: 'The message was not sent, please try again',
    loadEarlier: 'Show earlier messages',
  },
};

/** The chat calls of the API table (api-paths.ts composes every domain's calls). */
export const chatCalls = {
  launchChat: {
    method: 'GET',
    path: '/api/chat/launch',
    moduleId: 'CBS3',
    query: launchChatQuery,
    response: launchChatResult,
  },
  chatUnread: { method: 'GET', path: '/api/chat/unread', moduleId: 'CBS3', response: chatUnreadResult },
  liveModels: {
    method: 'GET',
    path: '/api/live/models',
    moduleId: 'CBS3',
    query: liveModelQuery,
    response: liveModelList,
  },
  chatSession: {
    method: 'POST',
    path: '/api/chat/session',
    moduleId: 'CBS3',
    body: chatSessionRequest,
    response: chatSessionResult,
  },
  chatMessages: {
    method: 'GET',
    path: '/api/chat/messages',
    moduleId: 'CBS3',
    query: chatHistoryQuery,
    response: chatHistory,
  },
  chatSend: {
    method: 'POST',
    path: '/api/chat/messages',
    moduleId: 'CBS3',
    body: chatSendRequest,
    response: chatMessage,
  },
  chatRead: {
    method: 'POST',
    path: '/api/chat/read',
    moduleId: 'CBS3',
    body: chatReadRequest,
    response: chatUnreadResult,
  },
  /** Server-sent events (`text/event-stream`), not an envelope. */
  chatStream: {
    method: 'GET',
    path: '/api/chat/stream',
    moduleId: 'CBS3',
    query: chatStreamQuery,
    raw: true,
  },
} as const satisfies ApiTable;
