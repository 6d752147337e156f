import { WITHDRAWAL_STATUSES } from '@kl/contracts/withdrawal';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { member } from './accounts.ts';
import { operator } from './back-office.ts';
import { merchant } from './merchant.ts';
import { at, inList, money } from './columns.ts';
import { memberId, ledgerTransactionId } from './references.ts';

/**
 * Withdrawals (product.md §2 /m/withdraw): the merchant's limits, the payment password's wrong-try counter,
 * the members' bank accounts and their requests. A request holds its amount by one ledger transaction
 * (`hold_transaction_id`) and is settled by exactly one more (`settle_transaction_id`: paid or released).
 */

export const withdrawalSetting = pgTable(
  'withdrawal_setting',
  {
    merchantCode: text('merchant_code')
      .primaryKey()
      .references(() => merchant.code),
    currency: text('currency').notNull(),
    minAmount: money('min_amount').notNull(),
    maxAmount: money('max_amount').notNull(),
    dailyCountLimit: integer('daily_count_limit').notNull(),
    /**
     * An approved identity check before a member's first withdrawal, and for any request above `kyc_above`
     * (null: none); two-factor authentication on for any request above `two_factor_above` (null: none)
     * (docs/decisions/057-know-your-customer.md).
     */
    kycFirstWithdrawal: boolean('kyc_first_withdrawal').notNull().default(true),
    kycAbove: money('kyc_above'),
    twoFactorAbove: money('two_factor_above'),
  },
  (table) => [
    check(
      'withdrawal_setting_limits_check',
      sql`${table.minAmount} > 0 and ${table.maxAmount} >= ${table.minAmount} and ${table.dailyCountLimit} > 0`,
    ),
    check(
      'withdrawal_setting_checks_above_check',
      sql`coalesce(${table.kycAbove}, 1) > 0 and coalesce(${table.twoFactorAbove}, 1) > 0`,
    ),
  ],
);

/** Wrong payment passwords in a row, and the lock they led to. */
export const paymentPasswordGuard = pgTable('payment_password_guard', {
  memberId: uuid('member_id')
    .primaryKey()
    .references(() => member.id, { onDelete: 'cascade' }),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: at('locked_until'),
  updatedAt: at('updated_at').notNull(),
});

export const memberBankAccount = pgTable(
  'member_bank_account',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    memberId: memberId(),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    createdAt: at('created_at').notNull(),
    /** Removed by the member; kept for the requests that name it. */
    removedAt: at('removed_at'),
  },
  (table) => [
    uniqueIndex('member_bank_account_live_key')
      .on(table.memberId, table.bankCode, table.accountNumber)
      .where(sql`${table.removedAt} is null`),
  ],
);

export const withdrawalRequest = pgTable(
  'withdrawal_request',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    memberId: memberId(),
    /** Drawn by the member's screen; the same key again answers this request. */
    requestKey: text('request_key').notNull(),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => memberBankAccount.id),
    /** A copy of the account as it was when asked. */
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: WITHDRAWAL_STATUSES }).notNull(),
    holdTransactionId: ledgerTransactionId('hold_transaction_id').notNull(),
    settleTransactionId: ledgerTransactionId('settle_transaction_id'),
    rejectReason: text('reject_reason'),
    createdAt: at('created_at').notNull(),
    decidedAt: at('decided_at'),
    /**
     * The first of the two approvals an amount above the merchant's `withdrawal_second_approval_above`
     * needs (docs/back-office.md, "Four eyes"): the request stays pending until another operator approves.
     */
    firstApprovedBy: uuid('first_approved_by').references(() => operator.id),
    firstApprovedAt: at('first_approved_at'),
    /** The operator who paid or rejected it (null for requests decided before operators were recorded). */
    decidedBy: uuid('decided_by').references(() => operator.id),
  },
  (table) => [
    uniqueIndex('withdrawal_request_key').on(table.memberId, table.requestKey),
    uniqueIndex('withdrawal_request_settle_key')
      .on(table.settleTransactionId)
      .where(sql`${table.settleTransactionId} is not null`),
    index('withdrawal_request_member_created_idx').on(table.memberId, table.createdAt),
    index('withdrawal_request_status_created_idx').on(table.merchantCode, table.status, table.createdAt),
    check('withdrawal_request_status_check', inList(table.status, WITHDRAWAL_STATUSES)),
    check('withdrawal_request_amount_check', sql`${table.amount} > 0`),
    // Decided exactly when settled by the ledger.
    check(
      'withdrawal_request_settled_check',
      sql`(${table.status} = 'pending') = (${table.settleTransactionId} is null)`,
    ),
  ],
);

export type WithdrawalSettingRow = typeof withdrawalSetting.$inferSelect;
export type MemberBankAccountRow = typeof memberBankAccount.$inferSelect;
export type WithdrawalRequestRow = typeof withdrawalRequest.$inferSelect;

/**
 * Who a bank account number belongs to: the first member to bind it, for good (a second member binding it
 * is BANK_ACCOUNT_TAKEN; the row stays when the account is removed, so it cannot be passed on).
 */
export const bankAccountOwner = pgTable(
  'bank_account_owner',
  {
    merchantCode: text('merchant_code').notNull(),
    bankCode: text('bank_code').notNull(),
    accountNumber: text('account_number').notNull(),
    memberId: memberId(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.merchantCode, table.bankCode, table.accountNumber] }),
    index('bank_account_owner_member_idx').on(table.memberId),
  ],
);

/** A member refused a bank account another member owns: kept for operators and the referral rules. */
export const bankAccountConflict = pgTable(
  'bank_account_conflict',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantCode: text('merchant_code').notNull(),
    bankCode: text('bank_code').notNull(),
    accountNumber: text('account_number').notNull(),
    /** Who owns the account, and who tried to bind it. */
    ownerMemberId: uuid('owner_member_id')
      .notNull()
      .references(() => member.id),
    memberId: memberId(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    index('bank_account_conflict_member_idx').on(table.memberId),
    index('bank_account_conflict_owner_idx').on(table.ownerMemberId),
  ],
);
