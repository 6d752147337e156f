import { z } from 'zod';
import { DEPOSIT_ORDER_STATUSES } from '../deposit.ts';
import { fromBeforeTo, pageParams } from '../paging.ts';
import { moneySchema } from '../wallet.ts';
import { operatorWithdrawal, WITHDRAWAL_STATUSES } from '../withdrawal.ts';
import { ADMIN_PAGE_SIZE, adminPage } from './operators.ts';
import { depositConfirmation } from './payments.ts';

/** Withdrawals, deposits and the dashboard in the back office (docs/back-office.md). */

const period = {
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
};

/** What narrows the withdrawal list and its CSV: the status, a username prefix, the request time. */
export const withdrawalFilters = {
  status: z.enum(WITHDRAWAL_STATUSES).default('pending'),
  username: z.string().trim().max(64).optional(),
  ...period,
};
export const adminWithdrawalsQuery = z
  .object({ ...withdrawalFilters, ...pageParams(ADMIN_PAGE_SIZE) })
  .refine(...fromBeforeTo);
export type AdminWithdrawalsQuery = z.input<typeof adminWithdrawalsQuery>;

/**
 * Why an operator may not approve a member's withdrawal (docs/back-office.md, "Four eyes"), within the
 * merchant's segregation period: they asked for a manual credit to the member, created, wrote or published
 * a promotion the member claimed, proposed the agent's contract; or they gave this withdrawal its first
 * approval; or their credentials and those of such an operator were handed over by one to the other (an
 * invitation link one of them held).
 */
export const SEGREGATION_REASONS = [
  'credited',
  'promotion',
  'contract',
  'first_approval',
  'credentials',
] as const;
export type SegregationReason = (typeof SEGREGATION_REASONS)[number];

/**
 * What the reviewer should look at twice: the account the money goes to is one another member bound or
 * tried to bind; another member registered on the same device or from the same address, or signed in from
 * an address this member used; bonuses above the deposits; money credited by hand.
 */
export const RISK_FLAGS = [
  'shared_bank_account',
  'shared_device',
  'shared_address',
  'bonus_over_deposits',
  'manual_credit',
] as const;
export type RiskFlag = (typeof RISK_FLAGS)[number];

/** Where the member's money came from since their last paid withdrawal (real money, minor units). */
export const withdrawalProvenance = z.object({
  /** The last paid withdrawal's time; null when this is the member's first. */
  since: z.iso.datetime().nullable(),
  deposits: moneySchema,
  /** Stakes of every game (bets and rounds). */
  stakes: moneySchema,
  /** What the games paid out. */
  winnings: moneySchema,
  /** Bonuses credited, less those forfeited. */
  bonuses: z.number().int(),
  manualCredits: moneySchema,
  manualDebits: moneySchema,
  /** Salaries and dividends paid to an agent. */
  agentPay: moneySchema,
  /** The manual credits and debits, with who asked and who approved (null: applied at once). */
  adjustments: z.array(
    z.object({
      id: z.number().int(),
      direction: z.enum(['credit', 'debit']),
      amount: moneySchema,
      requestedBy: z.string(),
      decidedBy: z.string().nullable(),
      createdAt: z.iso.datetime(),
    }),
  ),
  /** The flags raised, each with the other members it concerns when it has some. */
  flags: z.array(z.object({ flag: z.enum(RISK_FLAGS), members: z.array(z.string()) })),
});
export type WithdrawalProvenance = z.infer<typeof withdrawalProvenance>;

/** Who may pay a withdrawal (docs/back-office.md, "Four eyes"). */
export const withdrawalApproval = z.object({
  /** Approvals the amount needs: two above the merchant's `withdrawalSecondApprovalAbove`. */
  required: z.union([z.literal(1), z.literal(2)]),
  firstApprovedBy: z.string().nullable(),
  firstApprovedAt: z.iso.datetime().nullable(),
  /** The operators who may not approve it, and why. */
  blocked: z.array(z.object({ username: z.string(), reasons: z.array(z.enum(SEGREGATION_REASONS)) })),
  /** The operators who may approve it now (active, with write access to withdrawals, not blocked). */
  eligible: z.array(z.string()),
  /** Whether the operator reading the queue may approve it. */
  youMay: z.boolean(),
});
export type WithdrawalApproval = z.infer<typeof withdrawalApproval>;

/** A withdrawal in the queue, with what the reviewer needs: turnover still owed and the balances. */
export const adminWithdrawal = operatorWithdrawal.extend({
  /** Turnover still to play before locked money is free, in minor units. */
  turnoverOwed: moneySchema,
  /** Money locked by unmet turnover requirements. */
  locked: moneySchema,
  approval: withdrawalApproval,
  provenance: withdrawalProvenance,
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawal>;
export const adminWithdrawalPage = adminPage(adminWithdrawal);
export type AdminWithdrawalPage = z.infer<typeof adminWithdrawalPage>;
export const withdrawalParams = z.object({ withdrawalId: z.uuid() });
export const adminRejectWithdrawalRequest = z.object({ reason: z.string().trim().min(1).max(200) });
/**
 * `changed` is false when the request already had this outcome (a second click). `awaitingSecondApproval`:
 * this was the first of the two approvals the amount needs; it is still pending.
 */
export const adminWithdrawalDecision = z.object({
  withdrawal: operatorWithdrawal,
  changed: z.boolean(),
  awaitingSecondApproval: z.boolean(),
});

/**
 * What the orders' confirmation by hand may be narrowed to: an open order (pending or expired) whose first
 * approval waits for a second operator (docs/back-office.md, "Deposit channels and payments operations").
 */
export const DEPOSIT_CONFIRMATION_FILTERS = ['awaiting_second_approval'] as const;
export type DepositConfirmationFilter = (typeof DEPOSIT_CONFIRMATION_FILTERS)[number];

/** What narrows the deposit order list and its CSV. */
export const depositFilters = {
  status: z.enum(DEPOSIT_ORDER_STATUSES).optional(),
  username: z.string().trim().max(64).optional(),
  /** The gateway's reference of a paid order, or our order id. */
  reference: z.string().trim().max(128).optional(),
  confirmation: z.enum(DEPOSIT_CONFIRMATION_FILTERS).optional(),
  ...period,
};
export const adminDepositsQuery = z
  .object({ ...depositFilters, ...pageParams(ADMIN_PAGE_SIZE) })
  .refine(...fromBeforeTo);
export type AdminDepositsQuery = z.input<typeof adminDepositsQuery>;
export const adminDeposit = z.object({
  orderId: z.string(),
  memberId: z.uuid(),
  username: z.string(),
  amount: moneySchema,
  currency: z.string(),
  status: z.enum(DEPOSIT_ORDER_STATUSES),
  channel: z.string(),
  gatewayReference: z.string().nullable(),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
  /** What the member writes in the transfer. */
  referenceCode: z.string(),
  /** Confirmed by hand: the first approval waiting, or who confirmed it (admin/payments.ts). */
  confirmation: depositConfirmation.nullable(),
  failureReason: z.string().nullable(),
});
export type AdminDeposit = z.infer<typeof adminDeposit>;
export const adminDepositPage = adminPage(adminDeposit);

// Dashboard.

export const DASHBOARD_PERIODS = ['today', '7d', '30d'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const dashboardQuery = z.object({ period: z.enum(DASHBOARD_PERIODS).default('today') });

const figures = {
  deposits: z.number().int(),
  withdrawals: z.number().int(),
  bets: z.number().int(),
  wins: z.number().int(),
  /** Gross gaming revenue: bets minus wins. */
  ggr: z.number().int(),
  bonuses: z.number().int(),
};
/**
 * Money figures of real members in minor units over the period (days of the merchant's time zone), the
 * members who registered and who placed a bet, one point per day, and the work waiting for operators.
 */
export const dashboard = z.object({
  period: z.enum(DASHBOARD_PERIODS),
  currency: z.string(),
  totals: z.object({ ...figures, newMembers: z.number().int(), activeMembers: z.number().int() }),
  days: z.array(z.object({ day: z.iso.date(), ...figures })),
  pending: z.object({
    withdrawals: z.number().int(),
    adjustments: z.number().int(),
    /** Open deposit orders whose confirmation by hand waits for a second operator's approval. */
    deposits: z.number().int(),
    chats: z.number().int(),
  }),
});
export type Dashboard = z.infer<typeof dashboard>;
