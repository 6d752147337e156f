import type { Dashboard, DashboardPeriod } from '@kl/contracts/admin/money';
import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import type { Clock } from '../../../platform/clock.ts';
import type { Db } from '../../../platform/db.ts';
import { createChatRepository } from '../../chat/index.ts';
import { createDepositRepository } from '../../deposit/index.ts';
import { isoDateOf, startOfZoneDay, zoneDayOf } from '../../../platform/time-zone.ts';
import { createDashboardRepository, type DayFigures } from '../../reporting/index.ts';
import { createWithdrawalRepository } from '../../withdrawal/index.ts';
import { createAdjustmentRepository } from '../adjustments/repository.ts';

/** Days a period covers, today included. */
const PERIOD_DAYS: Record<DashboardPeriod, number> = { today: 1, '7d': 7, '30d': 30 };

const money = (value: bigint) => Number(value);

/**
 * The dashboard (docs/back-office.md, "Dashboard"): real money over today, the last 7 or the last 30
 * days of the merchant's time zone ("Site settings"), the period ending now, with one point per day; the members who registered and who
 * staked; and the work waiting for operators. A reversal counts against the figure of what it undoes, on
 * the day it was posted.
 */
export function createDashboardService(deps: {
  db: Db;
  clock: Clock;
  merchantCode: string;
  /** The merchant's time zone, read at each call (an operator may change it). */
  timeZone: () => Promise<string>;
}) {
  const { clock, merchantCode } = deps;
  const dashboard = createDashboardRepository(deps.db);
  // The work waiting for operators, each queue counted by its module.
  const withdrawals = createWithdrawalRepository(deps.db);
  const adjustments = createAdjustmentRepository(deps.db);
  const chats = createChatRepository(deps.db);
  const deposits = createDepositRepository(deps.db);

  async function waitingWork() {
    const [withdrawalCount, adjustmentCount, depositCount, chatCount] = await Promise.all([
      withdrawals.pendingCount(merchantCode),
      adjustments.pendingCount(merchantCode),
      deposits.awaitingSecondApprovalCount(merchantCode),
      chats.waitingForOperatorsCount(merchantCode),
    ]);
    return {
      withdrawals: withdrawalCount,
      adjustments: adjustmentCount,
      deposits: depositCount,
      chats: chatCount,
    };
  }

  return {
    async dashboard(period: DashboardPeriod): Promise<Dashboard> {
      const now = clock();
      const timeZone = await deps.timeZone();
      const today = zoneDayOf(now, timeZone);
      const firstDay = today - PERIOD_DAYS[period] + 1;
      const from = startOfZoneDay(firstDay, timeZone);
      const window = { merchantCode, currency: WALLET_CURRENCY, from, to: now, timeZone };
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
