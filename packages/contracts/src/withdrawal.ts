import type { ApiTable } from './api-call.ts';
import { z } from 'zod';
import { toPayeeName } from './verifier.ts';
import { MEMBER_KYC_STATES } from './kyc.ts';
import { moneySchema } from './wallet-balance.ts';

/**
 * Withdrawal (product.md §2 /m/withdraw, §7 withdraw and security calls, whose shapes are ours).
 *
 * A real member (types 0, 1, 2) sets a payment password (6 digits), binds bank accounts whose account
 * name is their registered payee name, and asks for a withdrawal: the amount (within the merchant's min
 * and max, and at most `dailyCountLimit` requests a day) is held at once (available → held), and an
 * operator then pays it (`paid`: the held money leaves the wallet) or rejects it (`rejected`: the held
 * money returns to the available balance). Anyone else is refused with FEATURE_NOT_ENABLED
 * `{ reason: 'actual_account_required' }`. Amounts are integers in minor units (VND: whole đồng).
 */

export const WITHDRAWAL_STATUSES = ['pending', 'paid', 'rejected'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** Wrong payment passwords in a row before the payment password is locked. */
export const PAYMENT_PASSWORD_MAX_ATTEMPTS = 5;
/** How long the payment password stays locked after too many wrong tries. */
export const PAYMENT_PASSWORD_LOCK_MINUTES = 15;
/** Bank accounts a member may have bound at once. */
export const MAX_BANK_ACCOUNTS = 5;
/**
 * The withdrawal day (daily count limit) runs midnight to midnight in Vietnam time (UTC+7). Rejected
 * requests do not count: their money came back.
 */
export const WITHDRAWAL_DAY_UTC_OFFSET_HOURS = 7;
/** Request pages: default and largest page size. */
export const WITHDRAWAL_PAGE_SIZE = { default: 20, max: 100 } as const;

/** Banks a member may withdraw to (code → name). */
export const WITHDRAWAL_BANKS = [
  { code: 'VCB', name: 'Vietcombank' },
  { code: 'TCB', name: 'Techcombank' },
  { code: 'BIDV', name: 'BIDV' },
  { code: 'VTB', name: 'VietinBank' },
  { code: 'ACB', name: 'ACB' },
  { code: 'MB', name: 'MB Bank' },
  { code: 'VPB', name: 'VPBank' },
  { code: 'AGR', name: 'Agribank' },
  { code: 'SCB', name: 'Sacombank' },
  { code: 'TPB', name: 'TPBank' },
] as const;
export type WithdrawalBankCode = (typeof WITHDRAWAL_BANKS)[number]['code'];
const BANK_CODES = WITHDRAWAL_BANKS.map((bank) => bank.code) as [WithdrawalBankCode, ...WithdrawalBankCode[]];

/** Reasons carried in the `value` of refusals. */
export const WITHDRAWAL_REASONS = {
  /** BANK_ACCOUNT_NAME_MISMATCH: the member registered no payee name, so nothing can match. */
  payeeNameMissing: 'payee_name_missing',
  /** INVALID_INPUT: the bound account limit is reached. */
  bankAccountLimit: 'BANK_ACCOUNT_LIMIT',
  /** INVALID_INPUT: the new payment password equals the old one. */
  samePassword: 'SAME_PASSWORD',
  /** KYC_REQUIRED: the member has no withdrawal paid yet and the merchant checks identities first. */
  kycFirstWithdrawal: 'first_withdrawal',
  /** KYC_REQUIRED: the amount is above the merchant's `kycAbove` (carried as `requiredAbove`). */
  kycAboveAmount: 'above_amount',
} as const;

/**
 * Compares account names as a bank does: without accents (Đ is D), case, or extra spaces — the payee name's
 * own form (verifier.ts, toPayeeName). A member may type the bank's name either way.
 */
export const accountNameKey = toPayeeName;

export const paymentPasswordSchema = z.string().regex(/^\d{6}$/);
const requestId = z.uuid();

/** PUT payment password: set it the first time (409 PAYMENT_PASSWORD_SET when one exists). */
export const setPaymentPasswordRequest = z.object({
  password: paymentPasswordSchema,
  confirmPassword: z.string().max(64),
});
export type SetPaymentPasswordRequest = z.infer<typeof setPaymentPasswordRequest>;

/** POST change payment password: the old one is checked like any payment password (attempts count). */
export const changePaymentPasswordRequest = z.object({
  oldPassword: z.string().min(1).max(64),
  newPassword: paymentPasswordSchema,
  confirmNewPassword: z.string().max(64),
});
export type ChangePaymentPasswordRequest = z.infer<typeof changePaymentPasswordRequest>;

/** POST verify payment password. */
export const verifyPaymentPasswordRequest = z.object({ password: z.string().min(1).max(64) });
export type VerifyPaymentPasswordRequest = z.infer<typeof verifyPaymentPasswordRequest>;

/** The answer of a right payment password (a wrong one is a failure: WRONG_PAYMENT_PASSWORD). */
export const verifyPaymentPasswordResult = z.object({ valid: z.literal(true) });
export type VerifyPaymentPasswordResult = z.infer<typeof verifyPaymentPasswordResult>;

/** The payment password's state. */
export const paymentPasswordState = z.object({
  set: z.boolean(),
  /** ISO time until which every try is refused (PAYMENT_PASSWORD_LOCKED), or null. */
  lockedUntil: z.iso.datetime().nullable(),
  /** Tries left before the lock. */
  attemptsLeft: z.number().int().min(0),
});
export type PaymentPasswordState = z.infer<typeof paymentPasswordState>;

export const bankAccount = z.object({
  accountId: z.uuid(),
  bankCode: z.enum(BANK_CODES),
  bankName: z.string(),
  /** The full number (the member's own account). */
  accountNumber: z.string(),
  accountName: z.string(),
  createdAt: z.iso.datetime(),
});
export type BankAccount = z.infer<typeof bankAccount>;

export const bankAccountList = z.object({ list: z.array(bankAccount) });
export type BankAccountList = z.infer<typeof bankAccountList>;

/** POST bind a bank account. `accountName` must be the member's payee name (see accountNameKey). */
export const addBankAccountRequest = z.object({
  bankCode: z.enum(BANK_CODES),
  accountNumber: z.string().regex(/^\d{6,20}$/),
  accountName: z.string().trim().min(1).max(50),
});
export type AddBankAccountRequest = z.infer<typeof addBankAccountRequest>;

/** DELETE a bank account (query). Requests already made keep their copy of the account. */
export const removeBankAccountQuery = z.object({ accountId: z.uuid() });

/** The answer of a removed bank account (an unknown or another member's one is 404 NOT_FOUND). */
export const removeBankAccountResult = z.object({ removed: z.literal(true) });
export type RemoveBankAccountResult = z.infer<typeof removeBankAccountResult>;

/** GET withdrawal info: what the /m/withdraw screen needs at once. */
export const withdrawalInfo = z.object({
  currency: z.string(),
  minAmount: moneySchema,
  maxAmount: moneySchema,
  dailyCountLimit: z.number().int().positive(),
  /** Requests made today (Vietnam time), rejected ones left out. */
  todayCount: z.number().int().min(0),
  /** The available balance. */
  available: moneySchema,
  /**
   * What a request may take now: the available balance less the money locked by turnover requirements
   * (`locked`; see wagering.ts and GET /api/wallet/turnover).
   */
  withdrawable: moneySchema,
  locked: moneySchema,
  held: moneySchema,
  paymentPassword: paymentPasswordState,
  /** The registered payee name bank accounts must carry; null when none was registered. */
  payeeName: z.string().nullable(),
  banks: z.array(z.object({ code: z.enum(BANK_CODES), name: z.string() })),
  accounts: z.array(bankAccount),
  /**
   * The identity check (kyc.ts) and what it allows: `state` the member's; `firstWithdrawal` true when the
   * member has no withdrawal paid yet; `requiredForFirstWithdrawal` and `requiredAbove` (minor units, null:
   * no limit) the merchant's rules. A request they refuse is 403 KYC_REQUIRED { reason }.
   */
  kyc: z.object({
    state: z.enum(MEMBER_KYC_STATES),
    firstWithdrawal: z.boolean(),
    requiredForFirstWithdrawal: z.boolean(),
    requiredAbove: z.number().int().nullable(),
  }),
  /** Above this amount (minor units) a request needs two-factor authentication on (403 TWO_FACTOR_NEEDED); null: never. */
  twoFactorAbove: z.number().int().nullable(),
});
export type WithdrawalInfo = z.infer<typeof withdrawalInfo>;

/**
 * POST create a withdrawal request. `requestKey` is drawn by the screen once per request (a UUID): the
 * same key sent again (a retry after a lost answer) answers the first request and holds nothing more.
 */
export const createWithdrawalRequest = z.object({
  requestKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  bankAccountId: z.uuid(),
  amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  paymentPassword: z.string().min(1).max(64),
  /** The authenticator app's code, required when the member's two-factor authentication is on. */
  twoFactorCode: z.string().max(32).optional(),
});
export type CreateWithdrawalRequest = z.infer<typeof createWithdrawalRequest>;

export const withdrawal = z.object({
  requestId,
  amount: moneySchema,
  currency: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  bankCode: z.string(),
  bankName: z.string(),
  /** Masked for display: the last 4 digits. */
  accountNumberMasked: z.string(),
  accountName: z.string(),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  /** Why an operator rejected it, as written by the operator; null otherwise. */
  rejectReason: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawal>;

/**
 * The answer of POST create: the request, and `replayed: true` when its `requestKey` was sent before (the
 * first request is answered and nothing more is held).
 */
export const createWithdrawalResult = z.object({ withdrawal, replayed: z.boolean() });
export type CreateWithdrawalResult = z.infer<typeof createWithdrawalResult>;

export const withdrawalPage = z.object({
  list: z.array(withdrawal),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type WithdrawalPage = z.infer<typeof withdrawalPage>;

export const withdrawalsQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(WITHDRAWAL_PAGE_SIZE.max)
    .default(WITHDRAWAL_PAGE_SIZE.default),
  status: z.enum(WITHDRAWAL_STATUSES).optional(),
});
export const withdrawalQuery = z.object({ requestId });

// The back office's view of a request (contracts admin/money.ts).

export const operatorWithdrawal = withdrawal.extend({
  memberId: z.uuid(),
  username: z.string(),
  /** The full account number: the operator pays to it. */
  accountNumber: z.string(),
});
export type OperatorWithdrawal = z.infer<typeof operatorWithdrawal>;

/**
 * The answer of a decision. `changed` is false when the request already had this outcome (a second
 * click): nothing moved again. The other outcome on a decided request is 409 WITHDRAWAL_CLOSED.
 */
export interface WithdrawalDecision {
  withdrawal: OperatorWithdrawal;
  changed: boolean;
}

/** The withdrawal calls of the API table (api-paths.ts composes every domain's calls). */
export const withdrawalCalls = {
  withdrawalInfo: {
    method: 'GET',
    path: '/api/withdrawal/info',
    moduleId: 'FUNDTRANS3',
    response: withdrawalInfo,
  },
  setPaymentPassword: {
    method: 'PUT',
    path: '/api/withdrawal/payment-password',
    moduleId: 'FUNDTRANS3',
    body: setPaymentPasswordRequest,
    response: paymentPasswordState,
  },
  changePaymentPassword: {
    method: 'POST',
    path: '/api/withdrawal/payment-password',
    moduleId: 'FUNDTRANS3',
    body: changePaymentPasswordRequest,
    response: paymentPasswordState,
  },
  verifyPaymentPassword: {
    method: 'POST',
    path: '/api/withdrawal/payment-password/verify',
    moduleId: 'FUNDTRANS3',
    body: verifyPaymentPasswordRequest,
    response: verifyPaymentPasswordResult,
  },
  bankAccounts: {
    method: 'GET',
    path: '/api/withdrawal/bank-accounts',
    moduleId: 'FUNDTRANS3',
    response: bankAccountList,
  },
  addBankAccount: {
    method: 'POST',
    path: '/api/withdrawal/bank-accounts',
    moduleId: 'FUNDTRANS3',
    body: addBankAccountRequest,
    response: bankAccount,
  },
  removeBankAccount: {
    method: 'DELETE',
    path: '/api/withdrawal/bank-accounts',
    moduleId: 'FUNDTRANS3',
    query: removeBankAccountQuery,
    response: removeBankAccountResult,
  },
  createWithdrawal: {
    method: 'POST',
    path: '/api/withdrawal/requests',
    moduleId: 'FUNDTRANS3',
    body: createWithdrawalRequest,
    response: createWithdrawalResult,
  },
  withdrawals: {
    method: 'GET',
    path: '/api/withdrawal/requests',
    moduleId: 'FUNDTRANS3',
    query: withdrawalsQuery,
    response: withdrawalPage,
  },
  withdrawal: {
    method: 'GET',
    path: '/api/withdrawal/request',
    moduleId: 'FUNDTRANS3',
    query: withdrawalQuery,
    response: withdrawal,
  },
} as const satisfies ApiTable;
