import type { LocalizedText } from '@kl/contracts/content';
import { BONUS_KINDS, CLAIM_REJECT_REASONS, CLAIM_STATUSES, PROMOTION_TYPES } from '@kl/contracts/promotions';
import { TURNOVER_BASES } from '@kl/contracts/wagering';
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
import { member } from './accounts.ts';
import { operator } from './back-office.ts';
import { at, inList, money } from './columns.ts';
import { merchantCode, memberId, ledgerTransactionId } from './references.ts';

/**
 * VIP levels, promotions, their claims and the members' referral codes (product.md §2 /m/member/benefits,
 * /m/activity, /m/inviteFriends). Amounts are integers in minor units (bigint). A claimed bonus names the
 * ledger transaction that credited it (unique): one credit per claim.
 */

export const vipLevel = pgTable(
  'vip_level',
  {
    merchantCode: merchantCode(),
    level: integer('level').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    /** Cumulative paid deposits that reach the level (level 0: 0). */
    depositThreshold: money('deposit_threshold').notNull(),
    upgradeBonus: money('upgrade_bonus').notNull(),
    birthdayBonus: money('birthday_bonus').notNull(),
    monthlyBonus: money('monthly_bonus').notNull(),
    dailyWithdrawalCount: integer('daily_withdrawal_count').notNull(),
    dailyWithdrawalLimit: money('daily_withdrawal_limit').notNull(),
    /** Rebate in hundredths of a percent (80 = 0.8 %). */
    rebateBasisPoints: integer('rebate_basis_points').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.merchantCode, table.level] }),
    check('vip_level_level_check', sql`${table.level} >= 0`),
    check(
      'vip_level_amounts_check',
      sql`${table.depositThreshold} >= 0 and ${table.upgradeBonus} >= 0 and ${table.birthdayBonus} >= 0
        and ${table.monthlyBonus} >= 0 and ${table.dailyWithdrawalCount} >= 0 and ${table.dailyWithdrawalLimit} >= 0
        and ${table.rebateBasisPoints} between 0 and 10000`,
    ),
  ],
);

export const promotion = pgTable(
  'promotion',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantCode: merchantCode(),
    code: text('code').notNull(),
    type: text('type', { enum: PROMOTION_TYPES }).notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    summary: jsonb('summary').$type<LocalizedText>().notNull(),
    /** Merchant-written HTML, sanitised where it is shown. */
    detailHtml: jsonb('detail_html').$type<LocalizedText>().notNull(),
    imageUrl: text('image_url').notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    bonusKind: text('bonus_kind', { enum: BONUS_KINDS }).notNull(),
    /** fixed: the amount; percent: the cap. */
    bonusAmount: money('bonus_amount').notNull(),
    /** percent: hundredths of a percent (10000 = 100 %); fixed: 0. */
    bonusBasisPoints: integer('bonus_basis_points').notNull().default(0),
    minDeposit: money('min_deposit').notNull(),
    currency: text('currency').notNull(),
    sort: integer('sort').notNull().default(0),
    /** Turnover of a claimed bonus: this many times its base (0: none). */
    turnoverMultiple: integer('turnover_multiple').notNull().default(0),
    turnoverBase: text('turnover_base', { enum: TURNOVER_BASES }).notNull().default('bonus'),
    /**
     * Four eyes (docs/back-office.md, "Four eyes"): a promotion is shown and claimable only once published,
     * by another operator than the one who wrote it. `writtenBy` wrote the terms now live, `publishedBy`
     * published them (null for promotions written by the seed or before operators were recorded).
     */
    createdBy: uuid('created_by').references(() => operator.id),
    writtenBy: uuid('written_by').references(() => operator.id),
    publishedBy: uuid('published_by').references(() => operator.id),
    publishedAt: at('published_at'),
    /**
     * A change written and not yet published (the fields an update would set, contracts admin
     * promotions `promotionChange`): the live terms stay as they are until another operator publishes it.
     */
    draft: jsonb('draft').$type<Record<string, unknown>>(),
    draftBy: uuid('draft_by').references(() => operator.id),
    draftAt: at('draft_at'),
  },
  (table) => [
    uniqueIndex('promotion_code_key').on(table.merchantCode, table.code),
    check('promotion_type_check', inList(table.type, PROMOTION_TYPES)),
    check('promotion_bonus_kind_check', inList(table.bonusKind, BONUS_KINDS)),
    check('promotion_turnover_base_check', inList(table.turnoverBase, TURNOVER_BASES)),
    check('promotion_turnover_multiple_check', sql`${table.turnoverMultiple} >= 0`),
    check('promotion_window_check', sql`${table.endsAt} > ${table.startsAt}`),
    check(
      'promotion_bonus_check',
      sql`${table.bonusAmount} > 0 and ${table.minDeposit} >= 0 and ${table.bonusBasisPoints} >= 0
        and ((${table.bonusKind} = 'fixed') = (${table.bonusBasisPoints} = 0))`,
    ),
  ],
);

export const promotionClaim = pgTable(
  'promotion_claim',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantCode: text('merchant_code').notNull(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotion.id),
    memberId: memberId(),
    /** REFERRAL: the referred member whose first deposit earned it; null for an application. */
    referredMemberId: uuid('referred_member_id').references(() => member.id),
    status: text('status', { enum: CLAIM_STATUSES }).notNull(),
    reason: text('reason', { enum: CLAIM_REJECT_REASONS }),
    bonusAmount: money('bonus_amount'),
    /** The paid deposits the bonus was given for (null: REFERRAL, or not issued yet). */
    depositAmount: money('deposit_amount'),
    /** The last of those deposits' ledger transaction: its deposit lock moves under the bonus. */
    depositTransactionId: ledgerTransactionId('deposit_transaction_id'),
    currency: text('currency').notNull(),
    /** The ledger `bonus` transaction of a claimed bonus. */
    ledgerTransactionId: ledgerTransactionId('ledger_transaction_id'),
    appliedAt: at('applied_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    // Once per member per promotion; once per referred member for REFERRAL.
    uniqueIndex('promotion_claim_member_key').on(
      table.promotionId,
      table.memberId,
      sql`coalesce(${table.referredMemberId}::text, '')`,
    ),
    uniqueIndex('promotion_claim_ledger_key')
      .on(table.ledgerTransactionId)
      .where(sql`${table.ledgerTransactionId} is not null`),
    index('promotion_claim_member_idx').on(table.memberId, table.appliedAt),
    check('promotion_claim_status_check', inList(table.status, CLAIM_STATUSES)),
    check(
      'promotion_claim_rejected_check',
      sql`(${table.status} = 'rejected') = (${table.reason} is not null)`,
    ),
    check(
      'promotion_claim_claimed_check',
      sql`(${table.status} = 'claimed') = (${table.ledgerTransactionId} is not null)`,
    ),
    check(
      'promotion_claim_bonus_check',
      sql`${table.status} not in ('issued', 'claimed') or ${table.bonusAmount} > 0`,
    ),
  ],
);

/** Each member's referral code (made on first use, then stable). */
export const referralCode = pgTable(
  'referral_code',
  {
    memberId: uuid('member_id')
      .primaryKey()
      .references(() => member.id),
    merchantCode: text('merchant_code').notNull(),
    code: text('code').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [uniqueIndex('referral_code_key').on(table.merchantCode, table.code)],
);

export type VipLevelRow = typeof vipLevel.$inferSelect;
export type NewVipLevelRow = typeof vipLevel.$inferInsert;
export type PromotionRow = typeof promotion.$inferSelect;
export type NewPromotionRow = typeof promotion.$inferInsert;
export type PromotionClaimRow = typeof promotionClaim.$inferSelect;
