import { REQUIREMENT_STATUSES, type ContributionTable } from '@kl/contracts/wagering';
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
import { gameRound } from './game-records.ts';
import { merchant } from './merchant.ts';
import { promotionClaim } from './vip-promotions.ts';
import { at, inList, money } from './columns.ts';
import { memberId, ledgerTransactionId } from './references.ts';

/**
 * Wagering (turnover) requirements (docs/decisions/017-money-integrity.md). A requirement locks money a
 * member received on terms (a bonus and its winnings, a deposit) until its turnover is staked. Progress
 * moves only through `wagering_progress` rows, one per settled game round and requirement, so
 * `npm run ledger:check` can add them up again from the rounds and their ledger transactions.
 */

/** The merchant's rules: the deposit's play-through, each category's share, referral qualification. */
export const wageringSetting = pgTable(
  'wagering_setting',
  {
    merchantCode: text('merchant_code')
      .primaryKey()
      .references(() => merchant.code),
    /** Turnover asked of every paid deposit, in percent of it (100 = 1×; 0 = none). */
    depositTurnoverPercent: integer('deposit_turnover_percent').notNull(),
    /** Turnover of a bonus whose source sets none (a VIP bonus): this many times the bonus (at least 1). */
    bonusTurnoverMultiple: integer('bonus_turnover_multiple').notNull(),
    /** Percent of a settled stake that counts, per game category. */
    contributions: jsonb('contributions').$type<ContributionTable>().notNull(),
    /** REFERRAL: the referred member qualifies with paid deposits and settled stakes of at least these. */
    referralMinDeposit: money('referral_min_deposit').notNull(),
    referralMinTurnover: money('referral_min_turnover').notNull(),
  },
  (table) => [
    check(
      'wagering_setting_amounts_check',
      sql`${table.depositTurnoverPercent} >= 0 and ${table.bonusTurnoverMultiple} >= 1
        and ${table.referralMinDeposit} >= 0 and ${table.referralMinTurnover} >= 0`,
    ),
  ],
);

export const wageringRequirement = pgTable(
  'wagering_requirement',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantCode: text('merchant_code').notNull(),
    memberId: memberId(),
    currency: text('currency').notNull(),
    /** The `bonus` ledger transaction whose money it locks (null: a deposit's own requirement). */
    bonusTransactionId: ledgerTransactionId('bonus_transaction_id'),
    /** The promotion claim of that bonus, if it came from one (its title names the requirement). */
    claimId: integer('claim_id').references(() => promotionClaim.id),
    /** The `deposit` ledger transaction whose money it locks (null: a bonus without a deposit part). */
    depositTransactionId: ledgerTransactionId('deposit_transaction_id'),
    required: money('required').notNull(),
    progress: money('progress')
      .notNull()
      .default(sql`0`),
    /** Locked now: the bonus and what it won while running, and the deposit part. */
    lockedBonus: money('locked_bonus').notNull(),
    lockedDeposit: money('locked_deposit').notNull(),
    status: text('status', { enum: REQUIREMENT_STATUSES }).notNull(),
    /** The `bonus_forfeit` ledger transaction of a forfeited bonus. */
    forfeitTransactionId: ledgerTransactionId('forfeit_transaction_id'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    closedAt: at('closed_at'),
  },
  (table) => [
    uniqueIndex('wagering_requirement_bonus_key')
      .on(table.bonusTransactionId)
      .where(sql`${table.bonusTransactionId} is not null`),
    uniqueIndex('wagering_requirement_claim_key')
      .on(table.claimId)
      .where(sql`${table.claimId} is not null`),
    uniqueIndex('wagering_requirement_deposit_key')
      .on(table.depositTransactionId)
      .where(sql`${table.depositTransactionId} is not null`),
    index('wagering_requirement_member_idx').on(table.memberId, table.status),
    check('wagering_requirement_status_check', inList(table.status, REQUIREMENT_STATUSES)),
    check(
      'wagering_requirement_amounts_check',
      sql`${table.required} > 0 and ${table.progress} >= 0 and ${table.lockedBonus} >= 0 and ${table.lockedDeposit} >= 0`,
    ),
    check(
      'wagering_requirement_source_check',
      sql`${table.bonusTransactionId} is not null or ${table.depositTransactionId} is not null`,
    ),
    // Only a running requirement locks money; a forfeited one names its forfeit transaction.
    check(
      'wagering_requirement_closed_check',
      sql`(${table.status} = 'active') = (${table.closedAt} is null)
        and (${table.status} = 'active' or (${table.lockedBonus} = 0 and ${table.lockedDeposit} = 0))
        and (${table.status} <> 'met' or ${table.progress} >= ${table.required})`,
    ),
  ],
);

/** What one settled round added to one requirement. */
export const wageringProgress = pgTable(
  'wagering_progress',
  {
    requirementId: integer('requirement_id')
      .notNull()
      .references(() => wageringRequirement.id),
    roundId: uuid('round_id')
      .notNull()
      .references(() => gameRound.id),
    /** The category's share when it counted, in percent. */
    percent: integer('percent').notNull(),
    amount: money('amount').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.requirementId, table.roundId] }),
    index('wagering_progress_round_idx').on(table.roundId),
    check('wagering_progress_amount_check', sql`${table.amount} >= 0 and ${table.percent} between 0 and 100`),
  ],
);

export type WageringSettingRow = typeof wageringSetting.$inferSelect;
export type WageringRequirementRow = typeof wageringRequirement.$inferSelect;
export type NewWageringRequirementRow = typeof wageringRequirement.$inferInsert;
