import { z } from 'zod';
import { DEPOSIT_ORDER_STATUSES } from '../deposit.ts';
import { pageParams } from '../paging.ts';
import { moneySchema } from '../wallet.ts';
import { operatorWithdrawal, WITHDRAWAL_STATUSES } from '../withdrawal.ts';
import { ADMIN_PAGE_SIZE, adminPage } from './operators.ts';

/** Withdrawals, deposits and the dashboard in the back office (docs/back-office.md). */

const period = {
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
};
const fromBeforeTo = (query: { from?: string | undefined; to?: string | undefined }) =>
  !query.from || !query.to || Date.parse(query.from) < Date.parse(query.to);

export const adminWithdrawalsQuery = z
  .object({
    status: z.enum(WITHDRAWAL_STATUSES).default('pending'),
    username: z.string().trim().max(64).optional(),
    ...period,
    ...pageParams(ADMIN_PAGE_SIZE),
  })
  .refine(fromBeforeTo, { message: 'from must be before to', path: ['to'] });
export type AdminWithdrawalsQuery = z.input<typeof adminWithdrawalsQuery>;

/** A withdrawal in the queue, with what the reviewer needs: turnover still owed and the balances. */
export const adminWithdrawal = operatorWithdrawal.extend({
  /** Turnover still to play before locked money is free, in minor units. */
  turnoverOwed: moneySchema,
  /** Money locked by unmet turnover requirements. */
  locked: moneySchema,
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawal>;
export const adminWithdrawalPage = adminPage(adminWithdrawal);
export type AdminWithdrawalPage = z.infer<typeof adminWithdrawalPage>;
export const withdrawalParams = z.object({ withdrawalId: z.uuid() });
export const adminRejectWithdrawalRequest = z.object({ reason: z.string().trim().min(1).max(200) });
/** `changed` is false when the request already had this outcome (a second click). */
export const adminWithdrawalDecision = z.object({ withdrawal: operatorWithdrawal, changed: z.boolean() });

export const adminDepositsQuery = z
  .object({
    status: z.enum(DEPOSIT_ORDER_STATUSES).optional(),
    username: z.string().trim().max(64).optional(),
    /** The gateway's reference of a paid order, or our order id. */
    reference: z.string().trim().max(128).optional(),
    ...period,
    ...pageParams(ADMIN_PAGE_SIZE),
  })
  .refine(fromBeforeTo, { message: 'from must be before to', path: ['to'] });
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
 * Money figures of real members in minor units over the period (days in Vietnam time, UTC+7), the
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
    chats: z.number().int(),
  }),
});
export type Dashboard = z.infer<typeof dashboard>;
