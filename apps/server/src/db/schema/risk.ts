import { MEMBER_RESTRICTION_KINDS, RISK_SIGNAL_KINDS } from '@kl/contracts/admin/risk';
import { member } from './accounts.ts';
import { operator } from './back-office.ts';
import { at, inList } from './columns.ts';
import { memberId } from './references.ts';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
/**
 * Risk work on members (docs/back-office.md, "Risk queue, notes, tags and restrictions"): the signals
 * written when an event an operator should weigh happens, operators' notes (append-only) and tags on
 * members, and what a member is kept from (bonuses, withdrawals).
 */

/**
 * One event for operators: a refused referral bonus, a bank account another member owns. Written in the
 * transaction of the event; `sourceKey` names the row it came from (`promotion_claim:<id>`,
 * `bank_account_conflict:<id>`) so it is written once (the migration's backfill too).
 */
export const riskSignal = pgTable(
  'risk_signal',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantCode: text('merchant_code').notNull(),
    kind: text('kind', { enum: RISK_SIGNAL_KINDS }).notNull(),
    /** The member the event is about (the referrer, the member refused the account…). */
    memberId: memberId(),
    /** The other member involved, if any (the referred member, the account's owner…). */
    otherMemberId: uuid('other_member_id').references(() => member.id),
    /** What happened, in data (a reason code, a promotion id, a bank…), shown in words by the back office. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
    sourceKey: text('source_key').notNull(),
    createdAt: at('created_at').notNull(),
    reviewedAt: at('reviewed_at'),
    reviewedBy: uuid('reviewed_by').references(() => operator.id),
    reviewNote: text('review_note'),
  },
  (table) => [
    uniqueIndex('risk_signal_source_key').on(table.merchantCode, table.sourceKey),
    index('risk_signal_merchant_created_idx').on(table.merchantCode, table.createdAt, table.id),
    index('risk_signal_merchant_kind_created_idx').on(table.merchantCode, table.kind, table.createdAt),
    index('risk_signal_member_idx').on(table.memberId),
    index('risk_signal_other_member_idx').on(table.otherMemberId),
    check('risk_signal_kind_check', inList(table.kind, RISK_SIGNAL_KINDS)),
    check(
      'risk_signal_reviewed_check',
      sql`(${table.reviewedAt} is null) = (${table.reviewedBy} is null) and (${table.reviewedAt} is null) = (${table.reviewNote} is null)`,
    ),
  ],
);
export type RiskSignalRow = typeof riskSignal.$inferSelect;

/** An operator's note on a member: never changed or deleted (a trigger refuses it); a correction is a new note. */
export const memberNote = pgTable(
  'member_note',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantCode: text('merchant_code').notNull(),
    memberId: memberId(),
    text: text('text').notNull(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operator.id),
    /** As the operator was named when writing it. */
    operatorUsername: text('operator_username').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('member_note_member_idx').on(table.memberId, table.createdAt)],
);
export type MemberNoteRow = typeof memberNote.$inferSelect;

/** The merchant's vocabulary of tags ("VIP watch", "bonus hunter"), built up as operators tag members. */
export const memberTag = pgTable(
  'member_tag',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantCode: text('merchant_code').notNull(),
    name: text('name').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [uniqueIndex('member_tag_name_key').on(table.merchantCode, sql`lower(${table.name})`)],
);
export type MemberTagRow = typeof memberTag.$inferSelect;

/** A tag on a member. */
export const memberTagLink = pgTable(
  'member_tag_link',
  {
    memberId: memberId('cascade'),
    tagId: integer('tag_id')
      .notNull()
      .references(() => memberTag.id, { onDelete: 'cascade' }),
    addedBy: uuid('added_by')
      .notNull()
      .references(() => operator.id),
    addedAt: at('added_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.tagId] }),
    index('member_tag_link_tag_idx').on(table.tagId),
  ],
);

/** What a member is kept from, until an operator lifts it (the row goes; the audit keeps it). */
export const memberRestriction = pgTable(
  'member_restriction',
  {
    memberId: memberId('cascade'),
    kind: text('kind', { enum: MEMBER_RESTRICTION_KINDS }).notNull(),
    merchantCode: text('merchant_code').notNull(),
    reason: text('reason').notNull(),
    restrictedBy: uuid('restricted_by')
      .notNull()
      .references(() => operator.id),
    restrictedAt: at('restricted_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.kind] }),
    check('member_restriction_kind_check', inList(table.kind, MEMBER_RESTRICTION_KINDS)),
  ],
);
export type MemberRestrictionRow = typeof memberRestriction.$inferSelect;
