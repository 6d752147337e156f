import type { LotteryDrawStatus } from '@kl/contracts/lottery';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { lotteryBet, lotteryDraw, lotteryGame } from '../../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../../platform/db.ts';

/** The lottery's draws as the back office reads them (docs/back-office.md, "Lottery draws"). */

/** What was staked on a draw, in minor units. */
export interface DrawTotals {
  bets: number;
  stake: bigint;
  openBets: number;
  payout: bigint;
  refunded: bigint;
}

export const NO_BETS: DrawTotals = { bets: 0, stake: 0n, openBets: 0, payout: 0n, refunded: 0n };

export function createLotteryAdminRepository(db: Db) {
  return {
    /** The merchant's lottery games, enabled or not (draws of a game switched off stay listed). */
    games(merchantCode: string) {
      return db
        .select({
          id: lotteryGame.id,
          code: lotteryGame.code,
          name: lotteryGame.name,
          category: lotteryGame.category,
        })
        .from(lotteryGame)
        .where(eq(lotteryGame.merchantCode, merchantCode))
        .orderBy(asc(lotteryGame.category), asc(lotteryGame.sortOrder), asc(lotteryGame.code));
    },

    /** One page of draws, the latest draw time first, with their game. */
    async draws(
      merchantCode: string,
      filter: { gameCode?: string | undefined; status?: LotteryDrawStatus | undefined },
      limit: number,
      offset: number,
    ) {
      const conditions: SQL[] = [eq(lotteryGame.merchantCode, merchantCode)];
      if (filter.gameCode) conditions.push(eq(lotteryGame.code, filter.gameCode));
      if (filter.status) conditions.push(eq(lotteryDraw.status, filter.status));
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select({ draw: lotteryDraw, game: lotteryGame })
          .from(lotteryDraw)
          .innerJoin(lotteryGame, eq(lotteryGame.id, lotteryDraw.gameId))
          .where(where)
          .orderBy(desc(lotteryDraw.drawAt), desc(lotteryDraw.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ total: count() })
          .from(lotteryDraw)
          .innerJoin(lotteryGame, eq(lotteryGame.id, lotteryDraw.gameId))
          .where(where),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    async draw(id: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ draw: lotteryDraw, game: lotteryGame })
        .from(lotteryDraw)
        .innerJoin(lotteryGame, eq(lotteryGame.id, lotteryDraw.gameId))
        .where(eq(lotteryDraw.id, id));
      return row;
    },

    /** The bets of each draw, by draw id. */
    async totals(drawIds: readonly string[], tx: DbOrTx = db): Promise<Map<string, DrawTotals>> {
      if (drawIds.length === 0) return new Map();
      const rows = await tx
        .select({
          drawId: lotteryBet.drawId,
          bets: count(),
          stake: sql<string>`coalesce(sum(${lotteryBet.amount}), 0)::text`,
          openBets: sql<number>`count(*) filter (where ${lotteryBet.status} = 'open')`.mapWith(Number),
          payout: sql<string>`coalesce(sum(${lotteryBet.payout}), 0)::text`,
          refunded: sql<string>`coalesce(sum(${lotteryBet.amount}) filter (where ${lotteryBet.status} = 'cancelled'), 0)::text`,
        })
        .from(lotteryBet)
        .where(inArray(lotteryBet.drawId, [...drawIds]))
        .groupBy(lotteryBet.drawId);
      return new Map(
        rows.map((row) => [
          row.drawId,
          {
            bets: row.bets,
            stake: BigInt(row.stake),
            openBets: row.openBets,
            payout: BigInt(row.payout),
            refunded: BigInt(row.refunded),
          },
        ]),
      );
    },
  };
}

export type LotteryAdminRepository = ReturnType<typeof createLotteryAdminRepository>;
