import type { ChangeFeed } from '../../../platform/change-feed.ts';
import type {
  AdminLotteryDraw,
  AdminLotteryDrawPage,
  VoidLotteryDrawResult,
} from '@kl/contracts/admin/lottery';
import type { LotteryDrawStatus } from '@kl/contracts/lottery';
import type { Db } from '../../../platform/db.ts';
import {
  createLotteryRepository,
  type DrawTotals,
  type LotteryDrawRow,
  type LotteryGameRow,
  type LotteryService,
  NO_BETS,
  type OnDrawVoided,
} from '../../lottery/index.ts';
import { moneyNumber } from '../../wallet/index.ts';
import type { AuditActor, AuditLog } from '../audit.ts';

/**
 * Lottery draws in the back office (docs/back-office.md, "Lottery draws"): the draws with what was staked
 * on them, and voiding one not drawn yet. The lottery module voids it (the draw and the refund of every
 * open bet through the ledger in one transaction, each bet once); the audit entry `lottery_draw.void` is
 * written in that transaction.
 */

const iso = (at: Date | null) => at?.toISOString() ?? null;

function drawOf(draw: LotteryDrawRow, game: LotteryGameRow, totals: DrawTotals): AdminLotteryDraw {
  return {
    id: draw.id,
    gameCode: game.code,
    gameName: game.name,
    category: game.category,
    issue: draw.issue,
    station: draw.station,
    drawAt: draw.drawAt.toISOString(),
    closeAt: draw.closeAt.toISOString(),
    status: draw.status,
    bets: totals.bets,
    stake: moneyNumber(totals.stake),
    openBets: totals.openBets,
    payout: moneyNumber(totals.payout),
    refunded: moneyNumber(totals.refunded),
    drawnAt: iso(draw.drawnAt),
    settledAt: iso(draw.settledAt),
    voidedAt: iso(draw.voidedAt),
    voidReason: draw.voidReason,
  };
}

export function createLotteryDrawsAdmin(deps: {
  db: Db;
  merchantCode: string;
  audit: AuditLog;
  lotteryService: LotteryService;
  /** Where a voided draw is published ('lottery-menu': the next draws; docs/decisions/022-api-caching.md). */
  changes?: Pick<ChangeFeed, 'publish'> | undefined;
}) {
  const { db, merchantCode, audit, lotteryService } = deps;
  // The lottery module's repository: its draws, games and bets as operators see them.
  const draws = createLotteryRepository(db);

  const audited =
    (actor: AuditActor): OnDrawVoided =>
    async ({ before, after, refundedBets, refundedAmount }, tx) => {
      await audit.record(
        actor,
        {
          action: 'lottery_draw.void',
          targetType: 'lottery_draw',
          targetId: after.id,
          before: { status: before.status, issue: before.issue, drawAt: before.drawAt },
          after: {
            status: after.status,
            reason: after.voidReason,
            voidedAt: after.voidedAt,
            refundedBets,
            refundedAmount: moneyNumber(refundedAmount),
          },
        },
        tx,
      );
      await deps.changes?.publish('lottery-menu', tx);
    };

  return {
    async list(query: {
      game?: string | undefined;
      status?: LotteryDrawStatus | undefined;
      pageNo: number;
      pageSize: number;
    }): Promise<AdminLotteryDrawPage> {
      const [{ rows, total }, games] = await Promise.all([
        draws.drawPageForOperators(
          merchantCode,
          { gameCode: query.game, status: query.status },
          query.pageSize,
          (query.pageNo - 1) * query.pageSize,
        ),
        draws.gamesForOperators(merchantCode),
      ]);
      const totals = await draws.drawTotals(rows.map((row) => row.draw.id));
      return {
        list: rows.map((row) => drawOf(row.draw, row.game, totals.get(row.draw.id) ?? NO_BETS)),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
        games: games.map(({ code, name, category }) => ({ code, name, category })),
      };
    },

    /**
     * Voids a draw not drawn yet, refunding its open bets; one void already answers as it is (`changed`
     * false). Drawn or settled: 409 LOTTERY_DRAW_NOT_VOIDABLE. Unknown: 404.
     */
    async void(actor: AuditActor, drawId: string, reason: string): Promise<VoidLotteryDrawResult> {
      const outcome = await lotteryService.voidDraw(merchantCode, drawId, reason, audited(actor));
      const view = await draws.drawWithGame(outcome.draw.id);
      if (!view) throw new Error(`draw ${drawId} vanished`);
      const totals = (await draws.drawTotals([drawId])).get(drawId) ?? NO_BETS;
      return {
        draw: drawOf(view.draw, view.game, totals),
        changed: outcome.changed,
        refundedBets: outcome.refundedBets,
        refundedAmount: moneyNumber(outcome.refundedAmount),
      };
    },
  };
}

export type LotteryDrawsAdmin = ReturnType<typeof createLotteryDrawsAdmin>;
