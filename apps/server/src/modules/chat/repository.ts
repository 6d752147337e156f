import type { AdminChatStatus } from '@kl/contracts/admin/chat';
import type { ChatSender } from '@kl/contracts/chat';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import {
  chatAccess,
  chatConversation,
  chatLaunchToken,
  chatLiveHost,
  chatMessage,
  member,
  memberSession,
  type NewChatLiveHostRow,
  operator,
} from '../../db/schema/index.ts';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../platform/db.ts';

/**
 * A conversation's history before `beforeId` (all when absent), newest first, one more than `limit` (to
 * tell whether more remain), from `query`: a select of its messages, joined as the caller needs.
 */
function historyBefore<T extends PgSelect>(
  query: T,
  conversationId: string,
  beforeId: number | undefined,
  limit: number,
): T {
  return query
    .where(
      and(
        eq(chatMessage.conversationId, conversationId),
        beforeId === undefined ? undefined : lt(chatMessage.id, beforeId),
      ),
    )
    .orderBy(desc(chatMessage.id))
    .limit(limit + 1);
}

/** The page `historyBefore` read: up to `limit` messages, oldest first, and whether more remain. */
function historyPage<Row>(rows: Row[], limit: number) {
  return { messages: rows.slice(0, limit).reverse(), hasMore: rows.length > limit };
}

/** The member and session behind a chat token or cookie, with what decides whether they still hold. */
const sessionColumns = {
  sessionId: memberSession.id,
  sessionExpiresAt: memberSession.expiresAt,
  revokedAt: memberSession.revokedAt,
  memberId: member.id,
  username: member.username,
  merchantCode: member.merchantCode,
  type: member.type,
  disabledAt: member.disabledAt,
};

export type ChatSessionRow = {
  sessionId: string;
  sessionExpiresAt: Date;
  revokedAt: Date | null;
  memberId: string;
  username: string;
  merchantCode: string;
  type: number;
  disabledAt: Date | null;
};

const messageColumns = {
  id: chatMessage.id,
  conversationId: chatMessage.conversationId,
  sender: chatMessage.sender,
  body: chatMessage.body,
  createdAt: chatMessage.createdAt,
};
export type StoredChatMessage = {
  id: number;
  conversationId: string;
  sender: ChatSender;
  body: string;
  createdAt: Date;
};

/**
 * Count of a side's messages after a read marker of the conversation row of the outer query. Written with
 * qualified names: inside a one-table select the query builder leaves column names bare, which the
 * subquery would take for its own.
 */
const unreadOf = (sender: ChatSender, marker: 'member_read_id' | 'operator_read_id') =>
  sql<number>`(select count(*) from chat_message m where m.conversation_id = "chat_conversation"."id"
    and m.sender = ${sender} and m.id > "chat_conversation".${sql.raw(`"${marker}"`)})`.mapWith(Number);

/** The id of the last message of the conversation row of the outer query. */
const lastMessageIdOf = sql<number | null>`(select max(m.id) from chat_message m
  where m.conversation_id = "chat_conversation"."id")`.mapWith((value) =>
  value === null ? null : Number(value),
);

/** The sender of the last message of the conversation row of the outer query (null without messages). */
const lastSenderOf = sql<ChatSender | null>`(select m.sender from chat_message m
  where m.conversation_id = "chat_conversation"."id" order by m.id desc limit 1)`;

/**
 * Where a conversation stands for the back office: closed by an operator, waiting for an answer (the member
 * wrote last), or open (an operator wrote last).
 */
const statusOf = sql<AdminChatStatus>`case when ${chatConversation.closedAt} is not null then 'closed'
  when ${lastSenderOf} = 'member' then 'waiting' else 'open' end`;

const statusCondition: Record<AdminChatStatus, SQL> = {
  closed: isNotNull(chatConversation.closedAt),
  waiting: and(isNull(chatConversation.closedAt), sql`${lastSenderOf} = 'member'`) as SQL,
  open: and(isNull(chatConversation.closedAt), sql`${lastSenderOf} is distinct from 'member'`) as SQL,
};

/** A conversation as the back office lists it. */
const consoleColumns = {
  id: chatConversation.id,
  username: member.username,
  status: statusOf,
  lastMessageAt: chatConversation.lastMessageAt,
  createdAt: chatConversation.createdAt,
  closedAt: chatConversation.closedAt,
  unreadCount: unreadOf('member', 'operator_read_id'),
  lastMessageId: lastMessageIdOf,
};
export type ConsoleConversationRow = {
  id: string;
  username: string;
  status: AdminChatStatus;
  lastMessageAt: Date | null;
  createdAt: Date;
  closedAt: Date | null;
  unreadCount: number;
  lastMessageId: number | null;
};

/** A message with the username of the back-office operator who wrote it, if one did. */
const consoleMessageColumns = { ...messageColumns, operatorName: operator.username };
export type ConsoleChatMessage = StoredChatMessage & { operatorName: string | null };

/** Options of a stored message: its back-office operator, and work to do in the same transaction. */
export interface InsertMessageOptions {
  operatorId?: string | undefined;
  onStored?: ((tx: DbOrTx, message: StoredChatMessage) => Promise<void>) | undefined;
}

export function createChatRepository(db: Db) {
  /** Moves a read marker forward, never past the conversation's last message. */
  async function markRead(conversationId: string, column: 'memberReadId' | 'operatorReadId', upTo: number) {
    const target =
      column === 'memberReadId' ? chatConversation.memberReadId : chatConversation.operatorReadId;
    const last = sql`coalesce((select max(m.id) from chat_message m where m.conversation_id = ${conversationId}), 0)`;
    await db
      .update(chatConversation)
      .set({ [column]: sql`greatest(${target}, least(${upTo}::bigint, ${last}))` })
      .where(eq(chatConversation.id, conversationId));
  }

  /** One conversation of the merchant as the back office shows it. */
  async function consoleConversation(
    merchantCode: string,
    conversationId: string,
    tx: DbOrTx = db,
  ): Promise<ConsoleConversationRow | undefined> {
    const [row] = await tx
      .select(consoleColumns)
      .from(chatConversation)
      .innerJoin(member, eq(member.id, chatConversation.memberId))
      .where(and(eq(chatConversation.id, conversationId), eq(chatConversation.merchantCode, merchantCode)));
    return row;
  }

  return {
    async insertLaunchToken(row: typeof chatLaunchToken.$inferInsert) {
      await db.transaction(async (tx) => {
        await tx.delete(chatLaunchToken).where(lte(chatLaunchToken.expiresAt, row.createdAt));
        await tx.insert(chatLaunchToken).values(row);
      });
    },

    /** Takes a launch token (once): its session, or undefined when unknown or already taken. */
    async consumeLaunchToken(tokenHash: string) {
      const [row] = await db
        .delete(chatLaunchToken)
        .where(eq(chatLaunchToken.tokenHash, tokenHash))
        .returning();
      return row;
    },

    async insertAccess(row: typeof chatAccess.$inferInsert) {
      await db.transaction(async (tx) => {
        await tx.delete(chatAccess).where(lte(chatAccess.expiresAt, row.createdAt));
        await tx.insert(chatAccess).values(row);
      });
    },

    async deleteAccess(tokenHash: string) {
      await db.delete(chatAccess).where(eq(chatAccess.tokenHash, tokenHash));
    },

    async sessionById(sessionId: string): Promise<ChatSessionRow | undefined> {
      const [row] = await db
        .select(sessionColumns)
        .from(memberSession)
        .innerJoin(member, eq(member.id, memberSession.memberId))
        .where(eq(memberSession.id, sessionId));
      return row;
    },

    /** A chat cookie's session, with the cookie's own expiry. */
    async findAccess(tokenHash: string): Promise<(ChatSessionRow & { accessExpiresAt: Date }) | undefined> {
      const [row] = await db
        .select({ ...sessionColumns, accessExpiresAt: chatAccess.expiresAt })
        .from(chatAccess)
        .innerJoin(memberSession, eq(memberSession.id, chatAccess.sessionId))
        .innerJoin(member, eq(member.id, memberSession.memberId))
        .where(eq(chatAccess.tokenHash, tokenHash));
      return row;
    },

    async conversationOfMember(memberId: string) {
      const [row] = await db.select().from(chatConversation).where(eq(chatConversation.memberId, memberId));
      return row;
    },

    /** The member's conversation, started now if there is none. */
    async ensureConversation(merchantCode: string, memberId: string, now: Date) {
      await db
        .insert(chatConversation)
        .values({ merchantCode, memberId, createdAt: now })
        .onConflictDoNothing({ target: chatConversation.memberId });
      const [row] = await db.select().from(chatConversation).where(eq(chatConversation.memberId, memberId));
      if (!row) throw new Error('chat conversation was not created');
      return row;
    },

    /**
     * Stores a message and moves the conversation's activity time (an operator's reply marks it read); a
     * closed conversation opens again.
     */
    async insertMessage(
      conversationId: string,
      sender: ChatSender,
      body: string,
      now: Date,
      options: InsertMessageOptions = {},
    ): Promise<StoredChatMessage> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(chatMessage)
          .values({ conversationId, sender, body, createdAt: now, operatorId: options.operatorId ?? null })
          .returning(messageColumns);
        if (!row) throw new Error('chat message insert returned nothing');
        await tx
          .update(chatConversation)
          .set({
            lastMessageAt: now,
            closedAt: null,
            ...(sender === 'operator' && {
              operatorReadId: sql`greatest(${chatConversation.operatorReadId}, ${row.id}::bigint)`,
            }),
          })
          .where(eq(chatConversation.id, conversationId));
        await options.onStored?.(tx, row);
        return row;
      });
    },

    async countMessagesSince(conversationId: string, sender: ChatSender, since: Date, tx?: DbOrTx) {
      const [row] = await (tx ?? db)
        .select({ total: count() })
        .from(chatMessage)
        .where(
          and(
            eq(chatMessage.conversationId, conversationId),
            eq(chatMessage.sender, sender),
            gte(chatMessage.createdAt, since),
          ),
        );
      return row?.total ?? 0;
    },

    /** Up to `limit` messages before `beforeId` (all when absent), oldest first, and whether more remain. */
    async history(conversationId: string, beforeId: number | undefined, limit: number) {
      const query = db.select(messageColumns).from(chatMessage).$dynamic();
      return historyPage(await historyBefore(query, conversationId, beforeId, limit), limit);
    },

    /** Messages of a conversation after `afterId` or created since `since` (late commits), oldest first. */
    async messagesAfter(conversationId: string, afterId: number, since: Date) {
      return db
        .select(messageColumns)
        .from(chatMessage)
        .where(
          and(
            eq(chatMessage.conversationId, conversationId),
            or(gt(chatMessage.id, afterId), gte(chatMessage.createdAt, since)),
          ),
        )
        .orderBy(asc(chatMessage.id))
        .limit(200);
    },

    async lastMessageId(conversationId: string): Promise<number> {
      const [row] = await db
        .select({ id: sql<number>`coalesce(max(${chatMessage.id}), 0)`.mapWith(Number) })
        .from(chatMessage)
        .where(eq(chatMessage.conversationId, conversationId));
      return row?.id ?? 0;
    },

    /** Operator replies after the member's read marker. */
    async memberUnread(memberId: string): Promise<number> {
      const [row] = await db
        .select({ unread: unreadOf('operator', 'member_read_id') })
        .from(chatConversation)
        .where(eq(chatConversation.memberId, memberId));
      return row?.unread ?? 0;
    },

    markMemberRead: (conversationId: string, upTo: number) => markRead(conversationId, 'memberReadId', upTo),

    /** One page of the conversations that have messages, newest activity first, and how many there are. */
    async consolePage(
      merchantCode: string,
      query: { status?: AdminChatStatus | undefined; limit: number; offset: number },
    ): Promise<{ rows: ConsoleConversationRow[]; total: number }> {
      const where = and(
        eq(chatConversation.merchantCode, merchantCode),
        isNotNull(chatConversation.lastMessageAt),
        query.status === undefined ? undefined : statusCondition[query.status],
      );
      const [rows, [total]] = await Promise.all([
        db
          .select(consoleColumns)
          .from(chatConversation)
          .innerJoin(member, eq(member.id, chatConversation.memberId))
          .where(where)
          .orderBy(desc(chatConversation.lastMessageAt), sql`${lastMessageIdOf} desc`)
          .limit(query.limit)
          .offset(query.offset),
        db.select({ total: count() }).from(chatConversation).where(where),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    consoleConversation,

    /** Messages by id, with the back-office operator of each (any order). */
    async consoleMessagesByIds(ids: number[]): Promise<ConsoleChatMessage[]> {
      if (ids.length === 0) return [];
      return db
        .select(consoleMessageColumns)
        .from(chatMessage)
        .leftJoin(operator, eq(operator.id, chatMessage.operatorId))
        .where(inArray(chatMessage.id, ids));
    },

    /** As `history`, with the back-office operator of each message. */
    async consoleHistory(conversationId: string, beforeId: number | undefined, limit: number) {
      const query = db
        .select(consoleMessageColumns)
        .from(chatMessage)
        .leftJoin(operator, eq(operator.id, chatMessage.operatorId))
        .$dynamic();
      const rows: ConsoleChatMessage[] = await historyBefore(query, conversationId, beforeId, limit);
      return historyPage(rows, limit);
    },

    /**
     * Closes a conversation of the merchant that is not closed yet, its member messages read, in a
     * transaction that `onClosed` joins (with the conversation as it was); false when it was already closed
     * or is not the merchant's.
     */
    async close(
      merchantCode: string,
      conversationId: string,
      now: Date,
      onClosed: (tx: DbOrTx, before: ConsoleConversationRow) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ id: chatConversation.id })
          .from(chatConversation)
          .where(
            and(eq(chatConversation.id, conversationId), eq(chatConversation.merchantCode, merchantCode)),
          )
          .for('update');
        if (!locked) return false;
        const before = await consoleConversation(merchantCode, conversationId, tx);
        if (!before || before.closedAt !== null) return false;
        // Closing reads what the member wrote: nothing of it waits for an answer any more.
        await tx
          .update(chatConversation)
          .set({
            closedAt: now,
            operatorReadId: sql`greatest(${chatConversation.operatorReadId}, coalesce((select max(m.id)
              from chat_message m where m.conversation_id = ${conversationId}), 0))`,
          })
          .where(eq(chatConversation.id, conversationId));
        await onClosed(tx, before);
        return true;
      });
    },

    async liveHosts(merchantCode: string, filters: { active?: boolean; streaming?: boolean }) {
      return db
        .select()
        .from(chatLiveHost)
        .where(
          and(
            eq(chatLiveHost.merchantCode, merchantCode),
            filters.active === undefined ? undefined : eq(chatLiveHost.active, filters.active),
            filters.streaming === undefined ? undefined : eq(chatLiveHost.streaming, filters.streaming),
          ),
        )
        .orderBy(asc(chatLiveHost.sortOrder));
    },

    async liveHost(merchantCode: string, id: string) {
      const [row] = await db
        .select()
        .from(chatLiveHost)
        .where(and(eq(chatLiveHost.merchantCode, merchantCode), eq(chatLiveHost.id, id)));
      return row;
    },

    async insertLiveHosts(rows: NewChatLiveHostRow[], tx?: DbOrTx): Promise<number> {
      if (rows.length === 0) return 0;
      const inserted = await (tx ?? db)
        .insert(chatLiveHost)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: chatLiveHost.id });
      return inserted.length;
    },

    /** How many of the merchant's conversations have a member's message no operator has read. */
    async waitingForOperatorsCount(merchantCode: string): Promise<number> {
      // Written out: drizzle leaves the outer row's columns unqualified, which the subquery would read as its own.
      const unread = sql`exists (select 1 from chat_message m
        where m.conversation_id = "chat_conversation"."id" and m.sender = 'member'
        and m.id > "chat_conversation"."operator_read_id")`;
      const [row] = await db
        .select({ n: count() })
        .from(chatConversation)
        .where(and(eq(chatConversation.merchantCode, merchantCode), unread));
      return row?.n ?? 0;
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
