import type { Dashboard, DashboardPeriod } from '@kl/contracts/admin/money';
import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import type { Clock } from '../../../platform/clock.ts';
import type { Db } from '../../../platform/db.ts';
import { createChatRepository } from '../../chat/index.ts';
import {
  createDashboardRepository,
  DAY_MS,
  type DayFigures,
  VIETNAM_OFFSET_MS,
} from '../../reporting/index.ts';
import { createWithdrawalRepository } from '../../withdrawal/index.ts';
import { createAdjustmentRepository } from '../adjustments/repository.ts';

/** Days a period covers, today included. */
const PERIOD_DAYS: Record<DashboardPeriod, number> = { today: 1, '7d': 7, '30d': 30 };

/** The Vietnam day of a moment, counted from 1970-01-01. */
export const vietnamDayOf = (at: Date) => Math.floor((at.getTime() + VIETNAM_OFFSET_MS) / DAY_MS);
/** The first moment of a Vietnam day. */
const startOfVietnamDay = (day: number) => new Date(day * DAY_MS - VIETNAM_OFFSET_MS);
/** A Vietnam day as its calendar date, `2030-03-01`. */
const isoDateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

const money = (value: bigint) => Number(value);

/**
 * The dashboard (docs/back-office.md, "Dashboard"): real money over today, the last 7 or the last 30
 * Vietnam days (UTC+7), the period ending now, with one point per day; the members who registered and who
 * staked; and the work waiting for operators. A reversal counts against the figure of what it undoes, on
 * the day it was posted.
 */
export function createDashboardService(deps: { db: Db; clock: Clock; merchantCode: string }) {
  const { clock, merchantCode } = deps;
  const dashboard = createDashboardRepository(deps.db);
  // The work waiting for operators, each queue counted by its module.
  const withdrawals = createWithdrawalRepository(deps.db);
  const adjustments = createAdjustmentRepository(deps.db);
  const chats = createChatRepository(deps.db);

  async function waitingWork() {
    const [withdrawalCount, adjustmentCount, chatCount] = await Promise.all([
      withdrawals.pendingCount(merchantCode),
      adjustments.pendingCount(merchantCode),
      chats.waitingForOperatorsCount(merchantCode),
    ]);
    return { withdrawals: withdrawalCount, adjustments: adjustmentCount, chats: chatCount };
  }

  return {
    async dashboard(period: DashboardPeriod): Promise<Dashboard> {
      const now = clock();
      const today = vietnamDayOf(now);
      const firstDay = today - PERIOD_DAYS[period] + 1;
      const window = { merchantCode, currency: WALLET_CURRENCY, from: startOfVietnamDay(firstDay), to: now };
      const [figures, newMembers, activeMembers, pending] = await Promise.all([
        dashboard.figuresByDay(window),
        dashboard.newMembers(merchantCode, window.from, now),
        dashboard.activeMembers(window),
        waitingWork(),
      ]);

      const byDay = new Map(figures.map((row) => [row.day, row]));
      const days = [];
      const sum = { deposits: 0n, withdrawals: 0n, bets: 0n, wins: 0n, bonuses: 0n };
      for (let day = firstDay; day <= today; day += 1) {
        const row: DayFigures = byDay.get(day) ?? {
          day,
          deposits: 0n,
          withdrawals: 0n,
          bets: 0n,
          wins: 0n,
          bonuses: 0n,
        };
        sum.deposits += row.deposits;
        sum.withdrawals += row.withdrawals;
        sum.bets += row.bets;
        sum.wins += row.wins;
        sum.bonuses += row.bonuses;
        days.push({
          day: isoDateOf(day),
          deposits: money(row.deposits),
          withdrawals: money(row.withdrawals),
          bets: money(row.bets),
          wins: money(row.wins),
          ggr: money(row.bets - row.wins),
          bonuses: money(row.bonuses),
        });
      }
      return {
        period,
        currency: WALLET_CURRENCY,
        totals: {
          deposits: money(sum.deposits),
          withdrawals: money(sum.withdrawals),
          bets: money(sum.bets),
          wins: money(sum.wins),
          ggr: money(sum.bets - sum.wins),
          bonuses: money(sum.bonuses),
          newMembers,
          activeMembers,
        },
        days,
        pending,
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
