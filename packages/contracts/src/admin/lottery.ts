import { z } from 'zod';
import type { ApiTable } from '../api-call.ts';
import { LOTTERY_CATEGORIES, LOTTERY_DRAW_STATUSES } from '../lottery.ts';
import { pageParams } from '../paging.ts';
import { moneySchema } from '../wallet.ts';
import type { AdminCallRule } from './calls.ts';
import { ADMIN_PAGE_SIZE, adminPage } from './operators.ts';

/**
 * Lottery draws in the back office (docs/back-office.md, "Lottery draws"): the in-house lottery's draws
 * with what was staked on them, and voiding a draw. Only a draw not drawn yet (`scheduled`, taking bets
 * or closed) can be voided: its open bets are refunded through the ledger, each once, and it is never
 * drawn. A drawn or settled draw has published its result and may have paid wins; it is refused
 * (409 LOTTERY_DRAW_NOT_VOIDABLE). Money in minor units (VND: đồng).
 */

/** A lottery game, for the filter. */
export const adminLotteryGame = z.object({
  code: z.string(),
  name: z.string(),
  category: z.enum(LOTTERY_CATEGORIES),
});

export const adminLotteryDraw = z.object({
  id: z.uuid(),
  gameCode: z.string(),
  gameName: z.string(),
  category: z.enum(LOTTERY_CATEGORIES),
  issue: z.string(),
  station: z.string(),
  drawAt: z.iso.datetime(),
  closeAt: z.iso.datetime(),
  status: z.enum(LOTTERY_DRAW_STATUSES),
  /** Bets placed on it (whatever became of them), and their stakes in total; trial members' included. */
  bets: z.number().int().min(0),
  stake: moneySchema,
  /** Bets not settled yet. */
  openBets: z.number().int().min(0),
  /** Paid to winning bets. */
  payout: moneySchema,
  /** Given back: bets cancelled by their member, and every bet of a void draw. */
  refunded: moneySchema,
  drawnAt: z.iso.datetime().nullable(),
  settledAt: z.iso.datetime().nullable(),
  voidedAt: z.iso.datetime().nullable(),
  voidReason: z.string().nullable(),
});
export type AdminLotteryDraw = z.infer<typeof adminLotteryDraw>;

export const adminLotteryDrawsQuery = z.object({
  /** A lottery game's code (MB, ST1…). */
  game: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,40}$/)
    .optional(),
  status: z.enum(LOTTERY_DRAW_STATUSES).optional(),
  ...pageParams(ADMIN_PAGE_SIZE),
});
export type AdminLotteryDrawsQuery = z.input<typeof adminLotteryDrawsQuery>;

/** Latest draw time first (draws made ahead come first); with the merchant's lottery games for the filter. */
export const adminLotteryDrawPage = adminPage(adminLotteryDraw).extend({ games: z.array(adminLotteryGame) });
export type AdminLotteryDrawPage = z.infer<typeof adminLotteryDrawPage>;

export const lotteryDrawParams = z.object({ drawId: z.uuid() });
export const voidLotteryDrawRequest = z.object({ reason: z.string().trim().min(1).max(200) });
export type VoidLotteryDrawRequest = z.input<typeof voidLotteryDrawRequest>;

/**
 * The draw after voiding. `changed` is false when it was void already (a second click): nothing more
 * was refunded. `refundedBets` and `refundedAmount` are what this call gave back.
 */
export const voidLotteryDrawResult = z.object({
  draw: adminLotteryDraw,
  changed: z.boolean(),
  refundedBets: z.number().int().min(0),
  refundedAmount: moneySchema,
});
export type VoidLotteryDrawResult = z.infer<typeof voidLotteryDrawResult>;

/** The lottery area's calls (composed into adminCalls, calls.ts). */
export const adminLotteryCalls = {
  adminLotteryDraws: {
    method: 'GET',
    path: '/api/admin/lottery/draws',
    moduleId: 'ADMIN',
    query: adminLotteryDrawsQuery,
    response: adminLotteryDrawPage,
  },
  adminVoidLotteryDraw: {
    method: 'POST',
    path: '/api/admin/lottery/draws/:drawId/void',
    moduleId: 'ADMIN',
    params: lotteryDrawParams,
    body: voidLotteryDrawRequest,
    response: voidLotteryDrawResult,
  },
} as const satisfies ApiTable;

export const adminLotteryRules: Record<keyof typeof adminLotteryCalls, AdminCallRule> = {
  adminLotteryDraws: { area: 'lottery', access: 'read' },
  adminVoidLotteryDraw: { area: 'lottery', access: 'write' },
};
