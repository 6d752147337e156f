import { CHAT_SENDERS } from '@kl/contracts/chat';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { member, memberSession } from './accounts.ts';
import { operator } from './back-office.ts';
import { at } from './columns.ts';
import { merchantCode } from './references.ts';

/**
 * Live chat (product.md §4 Live chat, §7 launch-chat, unread chat, live model list): one conversation per
 * member with the merchant's operators, its messages, the one-time tokens of chatUrl, the chat cookies
 * they are traded for, and the live hosts.
 */

export const chatConversation = pgTable(
  'chat_conversation',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: merchantCode(),
    memberId: uuid('member_id')
      .notNull()
      .unique()
      .references(() => member.id, { onDelete: 'cascade' }),
    /** The last message the member has seen: operator replies after it are unread (unReadCount). */
    memberReadId: bigint('member_read_id', { mode: 'number' }).notNull().default(0),
    /** The last message an operator has read: member messages after it are unread on the operator page. */
    operatorReadId: bigint('operator_read_id', { mode: 'number' }).notNull().default(0),
    lastMessageAt: at('last_message_at'),
    createdAt: at('created_at').notNull(),
    /** Set when a back-office operator closed it; a new message opens it again. */
    closedAt: at('closed_at'),
  },
  (table) => [index('chat_conversation_recent_idx').on(table.merchantCode, table.lastMessageAt)],
);

export const chatMessage = pgTable(
  'chat_message',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversation.id, { onDelete: 'cascade' }),
    sender: text('sender', { enum: CHAT_SENDERS }).notNull(),
    body: text('body').notNull(),
    createdAt: at('created_at').notNull(),
    /** The back-office operator who wrote an operator message; null for the token page's and members'. */
    operatorId: uuid('operator_id').references(() => operator.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('chat_message_conversation_idx').on(table.conversationId, table.id),
    index('chat_message_created_idx').on(table.createdAt),
    check(
      'chat_message_sender_check',
      sql`${table.sender} in (${sql.raw(CHAT_SENDERS.map((sender) => `'${sender}'`).join(', '))})`,
    ),
  ],
);

/** A table of tokens kept as their SHA-256, each bound to a member session and gone with it. */
function sessionTokenTable<TName extends string>(name: TName) {
  return pgTable(
    name,
    {
      tokenHash: text('token_hash').primaryKey(),
      sessionId: uuid('session_id')
        .notNull()
        .references(() => memberSession.id, { onDelete: 'cascade' }),
      expiresAt: at('expires_at').notNull(),
      createdAt: at('created_at').notNull(),
    },
    (table) => [index(`${name}_expires_idx`).on(table.expiresAt)],
  );
}

/** The one-time token of a chatUrl (its SHA-256), bound to the session that asked for it. */
export const chatLaunchToken = sessionTokenTable('chat_launch_token');

/** A chat cookie (its SHA-256): lives while its session lives, at most CHAT_ACCESS_TTL_MS. */
export const chatAccess = sessionTokenTable('chat_access');

/** A live host of the merchant (product.md §7 live model list). */
export const chatLiveHost = pgTable(
  'chat_live_host',
  {
    merchantCode: merchantCode(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    /** Colour of the generated avatar (#rrggbb). */
    colour: text('colour').notNull(),
    active: boolean('active').notNull(),
    streaming: boolean('streaming').notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (table) => [primaryKey({ columns: [table.merchantCode, table.id] })],
);

export type ChatConversationRow = typeof chatConversation.$inferSelect;
export type ChatMessageRow = typeof chatMessage.$inferSelect;
export type ChatLiveHostRow = typeof chatLiveHost.$inferSelect;
export type NewChatLiveHostRow = typeof chatLiveHost.$inferInsert;
