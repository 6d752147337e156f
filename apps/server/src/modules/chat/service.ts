import { isTrialMember } from '@kl/contracts/accounts';
import type {
  AdminChatDetail,
  AdminChatMessage,
  AdminChatPage,
  AdminChatStatus,
  AdminChatSummary,
} from '@kl/contracts/admin/chat';
import {
  CHAT_ACCESS_TTL_MS,
  CHAT_B2C,
  CHAT_HEADER_COLOR,
  CHAT_MESSAGES_PER_MINUTE,
  CHAT_PAGE_PATH,
  CHAT_PAGE_TEXTS,
  CHAT_TOKEN_TTL_MS,
  type ChatHistory,
  type ChatMessage,
  type ChatSender,
  type LaunchChatQuery,
  type LaunchChatResult,
  LIVE_AVATAR_PREFIX,
  type LiveModelList,
  chatLanguage,
  chatPageLocale,
  isSitePath,
} from '@kl/contracts/chat';
import type { z } from 'zod';
import type { chatHistoryQuery, liveModelQuery } from '@kl/contracts/chat';
import { addMs, type Clock, MINUTE_MS } from '../../platform/clock.ts';
import { randomToken, sha256Hex } from '../../platform/crypto.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { DomainError } from '../../platform/errors.ts';
import type { AuthenticatedMember } from '../../platform/member-guard.ts';
import type { MerchantService } from '../merchant/index.ts';
import { avatarVersion, renderAvatar } from './avatar.ts';
import type { StreamItem } from './event-stream.ts';
import { type ChatHub, conversationTopic } from './live-hub.ts';
import type {
  ChatRepository,
  ChatSessionRow,
  ConsoleChatMessage,
  ConsoleConversationRow,
  InsertMessageOptions,
  StoredChatMessage,
} from './repository.ts';

type HistoryQuery = z.output<typeof chatHistoryQuery>;
type LiveQuery = z.output<typeof liveModelQuery>;

/** Where the chat page's back arrow goes when the site gives no (usable) backUrl. */
export const DEFAULT_BACK_URL = '/m/home';
const FALLBACK_HEADER_COLOR = '#d4a017';

/** The member on the other side of a chat cookie. */
export interface ChatMember {
  memberId: string;
  username: string;
  merchantCode: string;
  conversationId: string;
}

/** #RGB or #RRGGBB (with or without #) as lowercase #rrggbb; undefined when it is not a colour. */
export function headerColorOf(value: string | undefined): string | undefined {
  if (value === undefined || !CHAT_HEADER_COLOR.test(value.trim())) return undefined;
  const hex = value.trim().replace(/^#/, '').toLowerCase();
  return `#${hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex}`;
}

export const toChatMessage = (row: StoredChatMessage): ChatMessage => ({
  id: row.id,
  sender: row.sender,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
});

const toConsoleMessage = (row: ConsoleChatMessage): AdminChatMessage => ({
  ...toChatMessage(row),
  operatorName: row.operatorName,
});

function toConsoleSummary(
  row: ConsoleConversationRow,
  last: ConsoleChatMessage | undefined,
): AdminChatSummary {
  return {
    id: row.id,
    memberUsername: row.username,
    status: row.status,
    lastMessage: last ? toConsoleMessage(last) : null,
    unreadCount: row.unreadCount,
    updatedAt: (row.lastMessageAt ?? row.createdAt).toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

const CHAT_OFF = () => new DomainError('FEATURE_NOT_ENABLED', { reason: 'CBS3_OFF' });
const TOKEN_INVALID = () => new DomainError('SESSION_EXPIRED', { reason: 'CHAT_TOKEN_INVALID' });
const CONVERSATION_NOT_FOUND = () => new DomainError('NOT_FOUND', { reason: 'CONVERSATION_NOT_FOUND' });

/**
 * Live chat (product.md §4, §6 CBS3, §7): launch and unread count for the site, the member's chat behind a
 * one-time token, the operator's side, and the live hosts.
 */
export function createChatService(deps: {
  clock: Clock;
  chats: ChatRepository;
  merchantService: MerchantService;
  merchantCode: string;
  hub: ChatHub;
}) {
  const { clock, chats, merchantService, merchantCode, hub } = deps;

  /** CBS3 (product.md §6): without it the member's chat calls are refused. */
  async function requireChatOn() {
    const merchant = await merchantService.getMerchant(merchantCode);
    if (!merchant.toggles.CBS3) throw CHAT_OFF();
    return merchant;
  }

  /** A session that may still chat: live, of an enabled real member of this merchant. */
  function sessionHolds(row: ChatSessionRow, now: Date): boolean {
    return (
      row.revokedAt === null &&
      row.sessionExpiresAt > now &&
      row.disabledAt === null &&
      row.merchantCode === merchantCode &&
      !isTrialMember(row.type)
    );
  }

  /**
   * Stores a message: the other API processes hear of it at its commit (NOTIFY in its transaction), the
   * streams of this process are woken after it (docs/decisions/041-live-updates.md).
   */
  async function store(
    conversationId: string,
    sender: ChatSender,
    body: string,
    now: Date,
    options: InsertMessageOptions = {},
  ): Promise<StoredChatMessage> {
    const topics = [conversationTopic(conversationId)];
    const message = await chats.insertMessage(conversationId, sender, body, now, {
      ...options,
      onStored: async (tx, stored) => {
        await options.onStored?.(tx, stored);
        await hub.notify(tx, topics);
      },
    });
    hub.wake(topics);
    return message;
  }

  /** Console summaries of conversation rows, with their last message. */
  async function summariesOf(rows: ConsoleConversationRow[]): Promise<AdminChatSummary[]> {
    const lastIds = rows.flatMap((row) => (row.lastMessageId === null ? [] : [row.lastMessageId]));
    const last = new Map((await chats.consoleMessagesByIds(lastIds)).map((message) => [message.id, message]));
    return rows.map((row) =>
      toConsoleSummary(row, row.lastMessageId === null ? undefined : last.get(row.lastMessageId)),
    );
  }

  async function historyOf(conversationId: string, query: HistoryQuery) {
    const { messages, hasMore } = await chats.history(conversationId, query.beforeId, query.limit);
    return { messages: messages.map(toChatMessage), hasMore };
  }

  return {
    requireChatOn,

    /** GET launch-chat: the chat page's address with a one-time token, and the unread count. */
    async launch(member: AuthenticatedMember, query: LaunchChatQuery): Promise<LaunchChatResult> {
      const merchant = await requireChatOn();
      const now = clock();
      const token = randomToken(24);
      await chats.insertLaunchToken({
        tokenHash: sha256Hex(token),
        sessionId: member.sessionId,
        expiresAt: addMs(now, CHAT_TOKEN_TTL_MS),
        createdAt: now,
      });
      const language = chatLanguage(query.language);
      const title = query.title?.trim() || CHAT_PAGE_TEXTS[chatPageLocale(language)].defaultTitle;
      const params = new URLSearchParams({
        b2c: CHAT_B2C,
        language,
        backUrl: query.backUrl !== undefined && isSitePath(query.backUrl) ? query.backUrl : DEFAULT_BACK_URL,
        headerColor:
          headerColorOf(query.headerColor) ??
          headerColorOf(merchant.info.whitelabel.themeColor) ??
          FALLBACK_HEADER_COLOR,
        title,
      });
      return {
        chatUrl: `${CHAT_PAGE_PATH}?${params.toString()}#token=${token}`,
        unReadCount: await chats.memberUnread(member.memberId),
      };
    },

    async unread(member: AuthenticatedMember) {
      await requireChatOn();
      return { unReadCount: await chats.memberUnread(member.memberId) };
    },

    /** The page's colour when its address carries none: the merchant's theme. */
    async themeColor(): Promise<string> {
      const merchant = await merchantService.getMerchant(merchantCode);
      return headerColorOf(merchant.info.whitelabel.themeColor) ?? FALLBACK_HEADER_COLOR;
    },

    /** Trades a chat token (once, within 2 minutes) for a chat cookie value that lives with the session. */
    async openSession(token: string) {
      await requireChatOn();
      const now = clock();
      const launch = await chats.consumeLaunchToken(sha256Hex(token));
      if (!launch || launch.expiresAt <= now) throw TOKEN_INVALID();
      const session = await chats.sessionById(launch.sessionId);
      if (!session || !sessionHolds(session, now)) throw TOKEN_INVALID();
      const access = randomToken(32);
      const until = addMs(now, CHAT_ACCESS_TTL_MS);
      const expiresAt = session.sessionExpiresAt < until ? session.sessionExpiresAt : until;
      await chats.insertAccess({
        tokenHash: sha256Hex(access),
        sessionId: session.sessionId,
        expiresAt,
        createdAt: now,
      });
      await chats.ensureConversation(merchantCode, session.memberId, now);
      return { access, expiresAt, userName: session.username };
    },

    /** The member of a chat cookie; undefined when unknown, expired, or its session no longer holds. */
    async resolveAccess(access: string): Promise<ChatMember | undefined> {
      const now = clock();
      const row = await chats.findAccess(sha256Hex(access));
      if (!row || row.accessExpiresAt <= now || !sessionHolds(row, now)) return undefined;
      const conversation =
        (await chats.conversationOfMember(row.memberId)) ??
        (await chats.ensureConversation(merchantCode, row.memberId, now));
      return {
        memberId: row.memberId,
        username: row.username,
        merchantCode: row.merchantCode,
        conversationId: conversation.id,
      };
    },

    async closeAccess(access: string) {
      await chats.deleteAccess(sha256Hex(access));
    },

    async history(member: ChatMember, query: HistoryQuery): Promise<ChatHistory> {
      const { messages, hasMore } = await historyOf(member.conversationId, query);
      return { messages, hasMore, unReadCount: await chats.memberUnread(member.memberId) };
    },

    async send(member: ChatMember, body: string): Promise<ChatMessage> {
      const now = clock();
      const recent = await chats.countMessagesSince(member.conversationId, 'member', addMs(now, -MINUTE_MS));
      if (recent >= CHAT_MESSAGES_PER_MINUTE) {
        throw new DomainError('TOO_MANY_REQUESTS', { reason: 'CHAT_RATE', limit: CHAT_MESSAGES_PER_MINUTE });
      }
      const message = await store(member.conversationId, 'member', body, now);
      return toChatMessage(message);
    },

    async read(member: ChatMember, lastMessageId: number) {
      await chats.markMemberRead(member.conversationId, lastMessageId);
      return { unReadCount: await chats.memberUnread(member.memberId) };
    },

    /** What the member's stream sends: the messages of their conversation. */
    async memberStream(member: ChatMember, after: number | undefined) {
      return {
        startAfter: after ?? (await chats.lastMessageId(member.conversationId)),
        read: async (afterId: number, since: Date): Promise<StreamItem[]> =>
          (await chats.messagesAfter(member.conversationId, afterId, since)).map((row) => ({
            id: row.id,
            data: toChatMessage(row),
          })),
        subscribe: (wake: () => void) => hub.subscribe(conversationTopic(member.conversationId), wake),
      };
    },

    // ——— the back office's console ———

    /** The conversations with messages, newest activity first, of one status or all. */
    async consoleConversations(query: {
      status?: AdminChatStatus | undefined;
      pageNo: number;
      pageSize: number;
    }): Promise<AdminChatPage> {
      const { rows, total } = await chats.consolePage(merchantCode, {
        status: query.status,
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      });
      const summaries = await summariesOf(rows);
      return { list: summaries, pageNo: query.pageNo, pageSize: query.pageSize, total };
    },

    /** A conversation and a page of its messages (the newest unless `beforeId`), oldest first. */
    async consoleConversation(conversationId: string, query: HistoryQuery): Promise<AdminChatDetail> {
      const row = await chats.consoleConversation(merchantCode, conversationId);
      if (!row) throw CONVERSATION_NOT_FOUND();
      const [[conversation], { messages, hasMore }] = await Promise.all([
        summariesOf([row]),
        chats.consoleHistory(conversationId, query.beforeId, query.limit),
      ]);
      if (!conversation) throw CONVERSATION_NOT_FOUND();
      return { conversation, messages: messages.map(toConsoleMessage), hasMore };
    },

    /**
     * A back-office operator's reply: the member gets it as an operator message (their stream wakes at
     * once); `onStored` runs in the same transaction (the audit). A closed conversation opens again.
     */
    async consoleReply(
      conversationId: string,
      body: string,
      author: {
        operatorId: string;
        operatorName: string;
        onStored: (tx: DbOrTx, message: StoredChatMessage, before: AdminChatStatus) => Promise<void>;
      },
    ): Promise<AdminChatMessage> {
      const before = await chats.consoleConversation(merchantCode, conversationId);
      if (!before) throw CONVERSATION_NOT_FOUND();
      const message = await store(conversationId, 'operator', body, clock(), {
        operatorId: author.operatorId,
        onStored: (tx, stored) => author.onStored(tx, stored, before.status),
      });
      return { ...toChatMessage(message), operatorName: author.operatorName };
    },

    /**
     * Closes a conversation; `onClosed` runs in the same transaction (the audit). Closing a closed one
     * changes nothing (and runs nothing). Answers the conversation as it is now.
     */
    async consoleClose(
      conversationId: string,
      onClosed: (tx: DbOrTx, before: AdminChatStatus) => Promise<void>,
    ): Promise<AdminChatSummary> {
      await chats.close(merchantCode, conversationId, clock(), (tx, before) => onClosed(tx, before.status));
      const row = await chats.consoleConversation(merchantCode, conversationId);
      if (!row) throw CONVERSATION_NOT_FOUND();
      const [summary] = await summariesOf([row]);
      if (!summary) throw CONVERSATION_NOT_FOUND();
      return summary;
    },

    // ——— live hosts ———

    async liveModels(query: LiveQuery): Promise<LiveModelList> {
      await requireChatOn();
      const rows = await chats.liveHosts(merchantCode, query);
      return {
        list: rows.map((row) => ({
          id: row.id,
          name: row.name,
          avatar: `${LIVE_AVATAR_PREFIX}${row.id}.svg?v=${avatarVersion(row)}`,
          active: row.active,
          streaming: row.streaming,
        })),
      };
    },

    async liveAvatar(id: string): Promise<string> {
      const row = /^[a-z0-9-]{1,40}$/.test(id) ? await chats.liveHost(merchantCode, id) : undefined;
      if (!row) throw new DomainError('NOT_FOUND', { reason: 'HOST_NOT_FOUND' });
      return renderAvatar(row);
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
