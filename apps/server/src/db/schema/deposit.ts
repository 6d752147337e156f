import type { LocalizedText } from '@kl/contracts/content';
import { DEPOSIT_CHANNEL_KINDS, DEPOSIT_ORDER_STATUSES } from '@kl/contracts/deposit';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { operator } from './back-office.ts';
import { at, inList, money } from './columns.ts';
import { merchantCode, memberId, ledgerTransactionId } from './references.ts';

/**
 * Deposits (product.md §2 /m/voucherCenter): the merchant's channels, the members' orders and every callback
 * the payment gateway delivered. An order is credited to the wallet by one ledger transaction
 * (`ledger_transaction_id`, unique), in the same database transaction that marks it paid.
 */

/** Where the money goes: a bank account (bank transfer, VietQR) or an e-wallet account. */
export type DepositChannelDetails =
  | { bankName: string; bankBin: string; accountNumber: string; accountName: string }
  | { provider: string; walletAccount: string; accountName: string };

export const depositChannel = pgTable(
  'deposit_channel',
  {
    merchantCode: merchantCode(),
    code: text('code').notNull(),
    kind: text('kind', { enum: DEPOSIT_CHANNEL_KINDS }).notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    currency: text('currency').notNull(),
    minAmount: money('min_amount').notNull(),
    maxAmount: money('max_amount').notNull(),
    /** One-tap amounts, within min and max. */
    quickAmounts: jsonb('quick_amounts').$type<number[]>().notNull(),
    expiryMinutes: integer('expiry_minutes').notNull(),
    details: jsonb('details').$type<DepositChannelDetails>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.merchantCode, table.code] }),
    check('deposit_channel_kind_check', inList(table.kind, DEPOSIT_CHANNEL_KINDS)),
    check(
      'deposit_channel_limits_check',
      sql`${table.minAmount} > 0 and ${table.maxAmount} >= ${table.minAmount}`,
    ),
    check('deposit_channel_expiry_check', sql`${table.expiryMinutes} > 0`),
  ],
);

export const depositOrder = pgTable(
  'deposit_order',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    memberId: memberId(),
    channelCode: text('channel_code').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: DEPOSIT_ORDER_STATUSES }).notNull(),
    /** Written by the member in the transfer's message; unique per merchant. */
    referenceCode: text('reference_code').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    paidAt: at('paid_at'),
    failedAt: at('failed_at'),
    failureReason: text('failure_reason'),
    gatewayTransactionId: text('gateway_transaction_id'),
    /** The ledger transaction that credited the wallet. */
    ledgerTransactionId: ledgerTransactionId('ledger_transaction_id'),
  },
  (table) => [
    foreignKey({
      name: 'deposit_order_channel_fk',
      columns: [table.merchantCode, table.channelCode],
      foreignColumns: [depositChannel.merchantCode, depositChannel.code],
    }),
    uniqueIndex('deposit_order_reference_key').on(table.merchantCode, table.referenceCode),
    uniqueIndex('deposit_order_ledger_key')
      .on(table.ledgerTransactionId)
      .where(sql`${table.ledgerTransactionId} is not null`),
    index('deposit_order_member_created_idx').on(table.memberId, table.createdAt),
    index('deposit_order_pending_idx')
      .on(table.memberId, table.expiresAt)
      .where(sql`${table.status} = 'pending'`),
    check('deposit_order_status_check', inList(table.status, DEPOSIT_ORDER_STATUSES)),
    check('deposit_order_amount_check', sql`${table.amount} > 0`),
    // A paid order always names the transaction that credited it, and only a paid one does.
    check(
      'deposit_order_paid_check',
      sql`(${table.status} = 'paid') = (${table.ledgerTransactionId} is not null)`,
    ),
  ],
);

export const DEPOSIT_CALLBACK_OUTCOMES = [
  'credited',
  'failed',
  'duplicate',
  'bad_signature',
  'stale_timestamp',
  'malformed',
  'unknown_order',
  'mismatch',
  'order_closed',
] as const;
export type DepositCallbackOutcome = (typeof DEPOSIT_CALLBACK_OUTCOMES)[number];

/** Every callback delivered, accepted or refused (no secret and no signature is kept). */
export const depositCallback = pgTable(
  'deposit_callback',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantCode: text('merchant_code').notNull(),
    /** The order id as the callback named it (it may name none, or an unknown one). */
    orderRef: text('order_ref'),
    eventId: text('event_id'),
    outcome: text('outcome', { enum: DEPOSIT_CALLBACK_OUTCOMES }).notNull(),
    /** SHA-256 of the raw body. */
    bodyDigest: text('body_digest').notNull(),
    ip: text('ip').notNull(),
    receivedAt: at('received_at').notNull(),
  },
  (table) => [
    index('deposit_callback_order_idx').on(table.orderRef, table.receivedAt),
    index('deposit_callback_received_idx').on(table.receivedAt),
    check('deposit_callback_outcome_check', inList(table.outcome, DEPOSIT_CALLBACK_OUTCOMES)),
  ],
);

export const DEPOSIT_CONFIRMATION_STATUSES = ['awaiting_second_approval', 'credited', 'refused'] as const;
export type DepositConfirmationStatus = (typeof DEPOSIT_CONFIRMATION_STATUSES)[number];

/**
 * An order confirmed by an operator (docs/back-office.md, "Deposit channels and payments operations"): the
 * bank's reference, why, who confirmed it and, above the merchant's `depositConfirmSecondApprovalAbove`,
 * the second operator whose approval credited it. One per order; a refused order's first approval is
 * kept as `refused`.
 */
export const depositConfirmation = pgTable(
  'deposit_confirmation',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => depositOrder.id),
    merchantCode: text('merchant_code').notNull(),
    status: text('status', { enum: DEPOSIT_CONFIRMATION_STATUSES }).notNull(),
    bankReference: text('bank_reference').notNull(),
    reason: text('reason').notNull(),
    confirmedBy: uuid('confirmed_by')
      .notNull()
      .references(() => operator.id),
    confirmedAt: at('confirmed_at').notNull(),
    approvedBy: uuid('approved_by').references(() => operator.id),
    approvedAt: at('approved_at'),
    /** The statement line it was confirmed from, if any. */
    statementLineId: bigint('statement_line_id', { mode: 'number' }),
  },
  (table) => [
    check('deposit_confirmation_status_check', inList(table.status, DEPOSIT_CONFIRMATION_STATUSES)),
    check(
      'deposit_confirmation_approver_check',
      sql`${table.approvedBy} is null or ${table.approvedBy} <> ${table.confirmedBy}`,
    ),
    index('deposit_confirmation_awaiting_idx')
      .on(table.merchantCode)
      .where(sql`${table.status} = 'awaiting_second_approval'`),
  ],
);

/** A bank statement file an operator uploaded. */
export const bankStatementUpload = pgTable('bank_statement_upload', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantCode: text('merchant_code').notNull(),
  fileName: text('file_name').notNull(),
  uploadedBy: uuid('uploaded_by')
    .notNull()
    .references(() => operator.id),
  uploadedAt: at('uploaded_at').notNull(),
  lines: integer('lines').notNull(),
  /** What became of its lines, by outcome. */
  counts: jsonb('counts').$type<Record<string, number>>().notNull(),
});

/**
 * A credit line of a statement, kept once per merchant by its key (the bank's transaction id, or a digest
 * of its date, amount and description), so the same line uploaded again never credits twice. A line no
 * order took stays `open` until an operator confirms an order from it.
 */
export const bankStatementLine = pgTable(
  'bank_statement_line',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantCode: text('merchant_code').notNull(),
    uploadId: bigint('upload_id', { mode: 'number' })
      .notNull()
      .references(() => bankStatementUpload.id),
    lineNo: integer('line_no').notNull(),
    lineKey: text('line_key').notNull(),
    bookedOn: text('booked_on').notNull(),
    amount: money('amount').notNull(),
    description: text('description').notNull(),
    transactionId: text('transaction_id'),
    referenceCode: text('reference_code'),
    outcome: text('outcome').notNull(),
    orderId: uuid('order_id').references(() => depositOrder.id),
    /** Open: kept for an operator (no order took it); closed once an order took it. */
    open: boolean('open').notNull(),
    resolvedBy: uuid('resolved_by').references(() => operator.id),
    resolvedAt: at('resolved_at'),
  },
  (table) => [
    uniqueIndex('bank_statement_line_key').on(table.merchantCode, table.lineKey),
    index('bank_statement_line_open_idx')
      .on(table.merchantCode, table.id)
      .where(sql`${table.open}`),
  ],
);

export type DepositChannelRow = typeof depositChannel.$inferSelect;
export type NewDepositChannelRow = typeof depositChannel.$inferInsert;
export type DepositOrderRow = typeof depositOrder.$inferSelect;
export type DepositConfirmationRow = typeof depositConfirmation.$inferSelect;
export type NewDepositConfirmationRow = typeof depositConfirmation.$inferInsert;
export type BankStatementLineRow = typeof bankStatementLine.$inferSelect;
