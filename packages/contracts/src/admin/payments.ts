import { z } from 'zod';
import type { ApiTable } from '../api-call.ts';
import { DEPOSIT_CHANNEL_KINDS, DEPOSIT_ORDER_STATUSES } from '../deposit.ts';
import { pageParams } from '../paging.ts';
import { moneySchema, WALLET_CURRENCY } from '../wallet.ts';
import type { AdminCallRule } from './calls.ts';
import { ADMIN_PAGE_SIZE, adminPage } from './operators.ts';

/**
 * Payments operations in the back office (docs/back-office.md, "Deposit channels and payments
 * operations"): the merchant's deposit channels, confirming or refusing a deposit order by hand (above the
 * merchant's `depositConfirmSecondApprovalAbove` a second operator credits it), and matching a bank
 * statement's credit lines to open orders.
 */

// Deposit channels.

/** A channel's code, as the player calls name it. */
export const depositChannelCode = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/);
/** A NAPAS bank identification number: 6 digits. */
export const BANK_BIN_PATTERN = /^\d{6}$/;
/** An account number as banks print it: digits only, 6 to 19 of them (what a VietQR code carries). */
export const ACCOUNT_NUMBER_PATTERN = /^\d{6,19}$/;
/** Quick amounts a channel offers at most. */
export const MAX_QUICK_AMOUNTS = 8;
/** The longest an order of a channel may wait for its payment (a day). */
export const MAX_EXPIRY_MINUTES = 1440;

const trimmed = (max: number) => z.string().trim().min(1).max(max);
/** The name in every language of the site. */
const channelName = z.object({ vi: trimmed(60), en: trimmed(60) });
const positiveMoney = moneySchema.refine((value) => value > 0, { message: 'must be positive' });

export const bankAccount = z.object({
  bankName: trimmed(80),
  bankBin: z.string().regex(BANK_BIN_PATTERN),
  accountNumber: z.string().regex(ACCOUNT_NUMBER_PATTERN),
  /** As the bank holds it: the member checks it before sending. */
  accountName: trimmed(80),
});
export type BankAccount = z.infer<typeof bankAccount>;
export const walletAccount = z.object({
  provider: trimmed(40),
  /** The e-wallet's account: a phone number or an id, letters and digits. */
  walletAccount: z.string().regex(/^[0-9A-Za-z]{4,32}$/),
  accountName: trimmed(80),
});
export type WalletAccount = z.infer<typeof walletAccount>;

/**
 * What an operator writes of a channel. A bank transfer or VietQR channel names a bank account, an
 * e-wallet channel a wallet account. Quick amounts lie within min..max; max ≥ min.
 */
const channelFields = z.object({
  kind: z.enum(DEPOSIT_CHANNEL_KINDS),
  name: channelName,
  currency: z.literal(WALLET_CURRENCY).default(WALLET_CURRENCY),
  minAmount: positiveMoney,
  maxAmount: positiveMoney,
  quickAmounts: z.array(positiveMoney).max(MAX_QUICK_AMOUNTS),
  expiryMinutes: z.number().int().min(1).max(MAX_EXPIRY_MINUTES),
  bank: bankAccount.nullable().default(null),
  wallet: walletAccount.nullable().default(null),
  enabled: z.boolean().default(true),
});
type ChannelFields = z.infer<typeof channelFields>;

function checkChannel(channel: ChannelFields, context: z.RefinementCtx): void {
  if (channel.maxAmount < channel.minAmount) {
    context.addIssue({ code: 'custom', path: ['maxAmount'], message: 'MAX_BELOW_MIN' });
  }
  channel.quickAmounts.forEach((amount, index) => {
    if (amount < channel.minAmount || amount > channel.maxAmount) {
      context.addIssue({ code: 'custom', path: ['quickAmounts', index], message: 'OUTSIDE_LIMITS' });
    }
  });
  if (new Set(channel.quickAmounts).size !== channel.quickAmounts.length) {
    context.addIssue({ code: 'custom', path: ['quickAmounts'], message: 'REPEATED' });
  }
  const needsBank = channel.kind !== 'ewallet';
  if (needsBank && channel.bank === null) {
    context.addIssue({ code: 'custom', path: ['bank'], message: 'BANK_ACCOUNT_REQUIRED' });
  }
  if (!needsBank && channel.wallet === null) {
    context.addIssue({ code: 'custom', path: ['wallet'], message: 'WALLET_ACCOUNT_REQUIRED' });
  }
}

export const depositChannelInput = channelFields.superRefine(checkChannel);
export type DepositChannelInput = z.input<typeof depositChannelInput>;

export const createDepositChannelRequest = channelFields
  .extend({ code: depositChannelCode })
  .superRefine(checkChannel);
export type CreateDepositChannelRequest = z.input<typeof createDepositChannelRequest>;

export const adminDepositChannel = z.object({
  code: z.string(),
  kind: z.enum(DEPOSIT_CHANNEL_KINDS),
  name: z.object({ vi: z.string(), en: z.string().optional() }),
  currency: z.string(),
  minAmount: moneySchema,
  maxAmount: moneySchema,
  quickAmounts: z.array(moneySchema),
  expiryMinutes: z.number().int(),
  bank: bankAccount.nullable(),
  wallet: walletAccount.nullable(),
  enabled: z.boolean(),
  /** Its place in the player's list (lower first). */
  sort: z.number().int(),
  /** Orders made on it: a channel with orders is switched off, never deleted. */
  orders: z.number().int().min(0),
});
export type AdminDepositChannel = z.infer<typeof adminDepositChannel>;
export const adminDepositChannelList = z.object({ list: z.array(adminDepositChannel) });
export type AdminDepositChannelList = z.infer<typeof adminDepositChannelList>;
export const depositChannelParams = z.object({ code: depositChannelCode });
export const setDepositChannelEnabledRequest = z.object({ enabled: z.boolean() });
/** Every channel's code, in the new order. */
export const reorderDepositChannelsRequest = z.object({ codes: z.array(depositChannelCode).min(1).max(100) });
export const deleteDepositChannelResult = z.object({ deleted: z.literal(true) });

// Confirming and refusing orders by hand.

export const depositOrderParams = z.object({ orderId: z.uuid() });
const reason = trimmed(500);
/** The bank's reference of the transfer (its transaction id or the statement line). */
const bankReference = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\x21-\x7e]+( [\x21-\x7e]+)*$/);
export const confirmDepositRequest = z.object({ bankReference, reason });
export type ConfirmDepositRequest = z.input<typeof confirmDepositRequest>;
export const refuseDepositRequest = z.object({ reason });
export type RefuseDepositRequest = z.input<typeof refuseDepositRequest>;

/**
 * What a confirmation did: `credited` (the member's wallet got the order's amount now),
 * `awaiting_second_approval` (above the merchant's threshold: recorded as the first approval),
 * `already_credited` (the order was paid before: nothing more is credited), `refused`.
 */
export const DEPOSIT_DECISION_OUTCOMES = [
  'credited',
  'awaiting_second_approval',
  'already_credited',
  'refused',
] as const;
export type DepositDecisionOutcome = (typeof DEPOSIT_DECISION_OUTCOMES)[number];

/** A first approval waiting for a second operator, or the confirmation that credited the order. */
export const depositConfirmation = z.object({
  status: z.enum(['awaiting_second_approval', 'credited', 'refused']),
  bankReference: z.string(),
  reason: z.string(),
  /** Who confirmed first (the only one below the threshold). */
  confirmedBy: z.object({ id: z.uuid(), username: z.string() }),
  confirmedAt: z.iso.datetime(),
  approvedBy: z.object({ id: z.uuid(), username: z.string() }).nullable(),
  approvedAt: z.iso.datetime().nullable(),
  /** Whether the confirmation came from a bank statement's line. */
  fromStatement: z.boolean(),
});
export type DepositConfirmation = z.infer<typeof depositConfirmation>;

export const depositDecision = z.object({
  orderId: z.uuid(),
  status: z.enum(DEPOSIT_ORDER_STATUSES),
  outcome: z.enum(DEPOSIT_DECISION_OUTCOMES),
  confirmation: depositConfirmation.nullable(),
});
export type DepositDecision = z.infer<typeof depositDecision>;

// Bank statements.

/** The largest statement file, in bytes of UTF-8, and the most lines it may hold. */
export const STATEMENT_MAX_BYTES = 512 * 1024;
export const STATEMENT_MAX_LINES = 5000;
/**
 * The columns a statement CSV has, in this order (a header row naming them is skipped): the booking date
 * (YYYY-MM-DD or DD/MM/YYYY), the amount in whole đồng (a credit positive, a debit negative; `.` or `,`
 * may group thousands), the description (where the member wrote the order's reference code) and the
 * bank's transaction id (may be empty).
 */
export const STATEMENT_COLUMNS = ['date', 'amount', 'description', 'transactionId'] as const;

export const uploadStatementRequest = z.object({
  fileName: trimmed(200),
  /** The file's text (UTF-8, with or without a byte order mark). */
  content: z.string().min(1).max(STATEMENT_MAX_BYTES),
});
export type UploadStatementRequest = z.input<typeof uploadStatementRequest>;

/**
 * What became of one line: `matched` (its order credited now), `awaiting_second_approval` (its order's
 * first approval recorded), `already_credited` (its order was paid before), `amount_differs`, `no_order`
 * (no open order's reference code in its description), `order_closed` (its order was refused or failed),
 * `duplicate` (the same line was uploaded before), `not_credit` (money out), `malformed`.
 */
export const STATEMENT_LINE_OUTCOMES = [
  'matched',
  'awaiting_second_approval',
  'already_credited',
  'amount_differs',
  'no_order',
  'order_closed',
  'duplicate',
  'not_credit',
  'malformed',
] as const;
export type StatementLineOutcome = (typeof STATEMENT_LINE_OUTCOMES)[number];
/** The outcomes of a line that is kept for an operator to come back to. */
export const UNMATCHED_OUTCOMES = ['amount_differs', 'no_order', 'order_closed'] as const;

/** Why a line is malformed. */
export const STATEMENT_LINE_PROBLEMS = [
  'COLUMNS',
  'DATE',
  'AMOUNT',
  'DESCRIPTION',
  'TRANSACTION_ID',
] as const;

export const statementLineResult = z.object({
  /** The line's number in the file (1 is the first line, the header if there is one). */
  lineNo: z.number().int().positive(),
  outcome: z.enum(STATEMENT_LINE_OUTCOMES),
  date: z.string().nullable(),
  amount: z.number().int().nullable(),
  description: z.string().nullable(),
  transactionId: z.string().nullable(),
  /** The reference code found in the description. */
  referenceCode: z.string().nullable(),
  orderId: z.uuid().nullable(),
  /** The order's amount when it differs from the line's. */
  orderAmount: moneySchema.nullable(),
  problem: z.enum(STATEMENT_LINE_PROBLEMS).nullable(),
});
export type StatementLineResult = z.infer<typeof statementLineResult>;

export const statementUploadResult = z.object({
  uploadId: z.number().int(),
  fileName: z.string(),
  lines: z.array(statementLineResult),
  counts: z.record(z.enum(STATEMENT_LINE_OUTCOMES), z.number().int()),
});
export type StatementUploadResult = z.infer<typeof statementUploadResult>;

/** A credit line no order took, kept until an operator confirms an order from it. */
export const unmatchedStatementLine = z.object({
  id: z.number().int(),
  outcome: z.enum(UNMATCHED_OUTCOMES),
  date: z.string(),
  amount: moneySchema,
  description: z.string(),
  transactionId: z.string().nullable(),
  referenceCode: z.string().nullable(),
  fileName: z.string(),
  lineNo: z.number().int(),
  uploadedAt: z.iso.datetime(),
  uploadedBy: z.string(),
});
export type UnmatchedStatementLine = z.infer<typeof unmatchedStatementLine>;
export const unmatchedLinesQuery = z.object({ ...pageParams(ADMIN_PAGE_SIZE) });
export const unmatchedLinePage = adminPage(unmatchedStatementLine);
export type UnmatchedLinePage = z.infer<typeof unmatchedLinePage>;
export const statementLineParams = z.object({ lineId: z.coerce.number().int().positive() });
/**
 * Confirms an order from a kept line: the order named by its reference code (or id), of the line's
 * amount exactly; the line's transaction id (or its date and description) is the bank's reference.
 */
export const confirmFromLineRequest = z.object({ order: trimmed(64), reason });
export type ConfirmFromLineRequest = z.input<typeof confirmFromLineRequest>;

// Withdrawal limits (the merchant's, the same for every member: `withdrawal_setting` has no VIP level).

const limitFields = {
  minAmount: positiveMoney,
  maxAmount: positiveMoney,
  /** Requests one member may make in a day (Vietnam time). */
  dailyCountLimit: z.number().int().min(1).max(100),
  /** An approved identity check (kyc.ts) before a member's first withdrawal. */
  kycFirstWithdrawal: z.boolean(),
  /** An approved identity check for any request above this amount; null: none. */
  kycAbove: positiveMoney.nullable(),
  /** Two-factor authentication on for any request above this amount; null: none. */
  twoFactorAbove: positiveMoney.nullable(),
};
const maxNotBelowMin = (limits: { minAmount: number; maxAmount: number }) =>
  limits.maxAmount >= limits.minAmount;
const MAX_BELOW_MIN = { path: ['maxAmount'], message: 'MAX_BELOW_MIN' };

export const withdrawalLimits = z
  .object({ currency: z.string(), ...limitFields })
  .refine(maxNotBelowMin, MAX_BELOW_MIN);
export type WithdrawalLimits = z.infer<typeof withdrawalLimits>;
export const setWithdrawalLimitsRequest = z.object(limitFields).refine(maxNotBelowMin, MAX_BELOW_MIN);
export type SetWithdrawalLimitsRequest = z.input<typeof setWithdrawalLimitsRequest>;

export const adminPaymentsCalls = {
  adminWithdrawalLimits: {
    method: 'GET',
    path: '/api/admin/withdrawal-limits',
    moduleId: 'ADMIN',
    response: withdrawalLimits,
  },
  adminSetWithdrawalLimits: {
    method: 'PUT',
    path: '/api/admin/withdrawal-limits',
    moduleId: 'ADMIN',
    body: setWithdrawalLimitsRequest,
    response: withdrawalLimits,
  },
  adminDepositChannels: {
    method: 'GET',
    path: '/api/admin/deposit-channels',
    moduleId: 'ADMIN',
    response: adminDepositChannelList,
  },
  adminCreateDepositChannel: {
    method: 'POST',
    path: '/api/admin/deposit-channels',
    moduleId: 'ADMIN',
    body: createDepositChannelRequest,
    response: adminDepositChannel,
  },
  adminUpdateDepositChannel: {
    method: 'PUT',
    path: '/api/admin/deposit-channels/:code',
    moduleId: 'ADMIN',
    params: depositChannelParams,
    body: depositChannelInput,
    response: adminDepositChannel,
  },
  adminSetDepositChannelEnabled: {
    method: 'PUT',
    path: '/api/admin/deposit-channels/:code/enabled',
    moduleId: 'ADMIN',
    params: depositChannelParams,
    body: setDepositChannelEnabledRequest,
    response: adminDepositChannel,
  },
  adminReorderDepositChannels: {
    method: 'PUT',
    path: '/api/admin/deposit-channels/order',
    moduleId: 'ADMIN',
    body: reorderDepositChannelsRequest,
    response: adminDepositChannelList,
  },
  adminDeleteDepositChannel: {
    method: 'DELETE',
    path: '/api/admin/deposit-channels/:code',
    moduleId: 'ADMIN',
    params: depositChannelParams,
    response: deleteDepositChannelResult,
  },
  adminConfirmDeposit: {
    method: 'POST',
    path: '/api/admin/deposits/:orderId/confirm',
    moduleId: 'ADMIN',
    params: depositOrderParams,
    body: confirmDepositRequest,
    response: depositDecision,
  },
  adminApproveDeposit: {
    method: 'POST',
    path: '/api/admin/deposits/:orderId/approve',
    moduleId: 'ADMIN',
    params: depositOrderParams,
    response: depositDecision,
  },
  adminRefuseDeposit: {
    method: 'POST',
    path: '/api/admin/deposits/:orderId/refuse',
    moduleId: 'ADMIN',
    params: depositOrderParams,
    body: refuseDepositRequest,
    response: depositDecision,
  },
  adminUploadStatement: {
    method: 'POST',
    path: '/api/admin/bank-statements',
    moduleId: 'ADMIN',
    body: uploadStatementRequest,
    response: statementUploadResult,
  },
  adminUnmatchedStatementLines: {
    method: 'GET',
    path: '/api/admin/bank-statements/unmatched',
    moduleId: 'ADMIN',
    query: unmatchedLinesQuery,
    response: unmatchedLinePage,
  },
  adminConfirmFromStatementLine: {
    method: 'POST',
    path: '/api/admin/bank-statements/lines/:lineId/confirm',
    moduleId: 'ADMIN',
    params: statementLineParams,
    body: confirmFromLineRequest,
    response: depositDecision,
  },
} as const satisfies ApiTable;

export const adminPaymentsRules = {
  adminWithdrawalLimits: { area: 'withdrawals', access: 'read' },
  adminSetWithdrawalLimits: { area: 'withdrawals', access: 'write' },
  adminDepositChannels: { area: 'deposits', access: 'read' },
  adminCreateDepositChannel: { area: 'deposits', access: 'write' },
  adminUpdateDepositChannel: { area: 'deposits', access: 'write' },
  adminSetDepositChannelEnabled: { area: 'deposits', access: 'write' },
  adminReorderDepositChannels: { area: 'deposits', access: 'write' },
  adminDeleteDepositChannel: { area: 'deposits', access: 'write' },
  adminConfirmDeposit: { area: 'deposits', access: 'write' },
  adminApproveDeposit: { area: 'deposits', access: 'write' },
  adminRefuseDeposit: { area: 'deposits', access: 'write' },
  adminUploadStatement: { area: 'deposits', access: 'write' },
  adminUnmatchedStatementLines: { area: 'deposits', access: 'read' },
  adminConfirmFromStatementLine: { area: 'deposits', access: 'write' },
} as const satisfies Record<keyof typeof adminPaymentsCalls, AdminCallRule>;
