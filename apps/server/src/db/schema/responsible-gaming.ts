import {
  DEPOSIT_LIMIT_PERIODS,
  EXCLUSION_KINDS,
  REALITY_CHECK_INTERVALS,
  SELF_EXCLUSION_PERIODS,
  TIME_OUT_PERIODS,
} from '@kl/contracts/responsible-gaming';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { member } from './accounts.ts';
import { at, inList, money } from './columns.ts';
import { memberId } from './references.ts';

/**
 * Responsible gaming: limits and breaks a member sets on their own account. A deposit limit row holds the
 * limit in force and, when the member raised or removed it, the pending value and when it takes effect.
 * Time-outs and self-exclusions are kept (never deleted nor shortened); one is in force while `ends_at`
 * lies ahead.
 */

export const depositLimit = pgTable(
  'deposit_limit',
  {
    memberId: memberId(),
    period: text('period', { enum: DEPOSIT_LIMIT_PERIODS }).notNull(),
    /** The limit in force; null: none. */
    amount: money('amount'),
    /** A raise or removal waiting for `pending_effective_at` (null amount there: removal). */
    pendingAmount: money('pending_amount'),
    pendingEffectiveAt: at('pending_effective_at'),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.period] }),
    check('deposit_limit_period_check', inList(table.period, DEPOSIT_LIMIT_PERIODS)),
    check('deposit_limit_amount_check', sql`${table.amount} is null or ${table.amount} > 0`),
    check(
      'deposit_limit_pending_check',
      sql`(${table.pendingAmount} is null or ${table.pendingAmount} > 0) and (${table.pendingEffectiveAt} is not null or ${table.pendingAmount} is null)`,
    ),
  ],
);
export type DepositLimitRow = typeof depositLimit.$inferSelect;

export const memberExclusion = pgTable(
  'member_exclusion',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: memberId(),
    kind: text('kind', { enum: EXCLUSION_KINDS }).notNull(),
    period: text('period', { enum: [...TIME_OUT_PERIODS, ...SELF_EXCLUSION_PERIODS] }).notNull(),
    startedAt: at('started_at').notNull(),
    endsAt: at('ends_at').notNull(),
  },
  (table) => [
    index('member_exclusion_member_ends_idx').on(table.memberId, table.endsAt),
    check('member_exclusion_kind_check', inList(table.kind, EXCLUSION_KINDS)),
    check(
      'member_exclusion_period_check',
      inList(table.period, [...TIME_OUT_PERIODS, ...SELF_EXCLUSION_PERIODS]),
    ),
    check('member_exclusion_span_check', sql`${table.endsAt} > ${table.startedAt}`),
  ],
);
export type MemberExclusionRow = typeof memberExclusion.$inferSelect;

export const realityCheck = pgTable(
  'reality_check',
  {
    memberId: uuid('member_id')
      .primaryKey()
      .references(() => member.id),
    intervalMinutes: integer('interval_minutes').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [check('reality_check_interval_check', inList(table.intervalMinutes, REALITY_CHECK_INTERVALS))],
);
