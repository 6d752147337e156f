import type { PrizeMode } from '@kl/contracts/constants';
import { and, asc, count, eq, min, ne, sql } from 'drizzle-orm';
import {
  lotteryBet,
  lotteryCatalogueLink,
  lotteryDraw,
  lotteryGame,
  lotteryOdds,
  type LotteryGameRow,
  type LotteryOddsRow,
  type NewLotteryCatalogueLink,
  type NewLotteryGame,
  type NewLotteryOdds,
} from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';

/** One odds row's key: a bet type in a prize mode, for a region (or `*`) and an option (or `*`). */
export interface OddsKey {
  prizeMode: PrizeMode;
  betType: string;
  region: string;
  pick: string;
}

/** What of a lottery an operator changes (its code, region and category stay). */
export type LotteryEdit = Partial<
  Pick<
    LotteryGameRow,
    | 'name'
    | 'playTypes'
    | 'weekdays'
    | 'drawTime'
    | 'stations'
    | 'intervalSeconds'
    | 'closeSeconds'
    | 'maxPerDraw'
    | 'sortOrder'
    | 'enabled'
  >
>;

/** The draws of a lottery not drawn yet, and the bets on them not settled yet. */
export interface DrawBacklog {
  pendingDraws: number;
  openBets: number;
  nextDrawAt: Date | null;
}

const oddsRow = (merchantCode: string, key: OddsKey) =>
  and(
    eq(lotteryOdds.merchantCode, merchantCode),
    eq(lotteryOdds.prizeMode, key.prizeMode),
    eq(lotteryOdds.betType, key.betType),
    eq(lotteryOdds.region, key.region),
    eq(lotteryOdds.pick, key.pick),
  );

/**
 * How a merchant's lotteries, odds and catalogue links are written: by the back office (docs/back-office.md,
 * "Lotteries") and by the demo seed, through the same statements. Functions taking `tx` run inside the
 * caller's transaction.
 */
export function createLotterySetupRepository(db: DbOrTx) {
  return {
    /** Adds lotteries; one whose code the merchant has already is left as it is (not in the answer). */
    insertGames(rows: readonly NewLotteryGame[], tx: DbOrTx): Promise<LotteryGameRow[]> {
      if (rows.length === 0) return Promise.resolve([]);
      return tx
        .insert(lotteryGame)
        .values([...rows])
        .onConflictDoNothing()
        .returning();
    },

    /** Every lottery of the merchant, enabled or not, as the back office lists them. */
    gamesOf(merchantCode: string, tx: DbOrTx = db) {
      return tx
        .select()
        .from(lotteryGame)
        .where(eq(lotteryGame.merchantCode, merchantCode))
        .orderBy(asc(lotteryGame.category), asc(lotteryGame.sortOrder), asc(lotteryGame.code));
    },

    /** A lottery by its code, locked until the caller's transaction ends. */
    async lockGame(merchantCode: string, code: string, tx: DbOrTx): Promise<LotteryGameRow | undefined> {
      const [row] = await tx
        .select()
        .from(lotteryGame)
        .where(and(eq(lotteryGame.merchantCode, merchantCode), eq(lotteryGame.code, code)))
        .for('update');
      return row;
    },

    async updateGame(id: string, set: LotteryEdit, tx: DbOrTx): Promise<LotteryGameRow> {
      const [row] = await tx.update(lotteryGame).set(set).where(eq(lotteryGame.id, id)).returning();
      if (!row) throw new Error(`lottery ${id} vanished`);
      return row;
    },

    /** Links catalogue games to lotteries; a catalogue game linked already keeps its lottery. */
    async linkCatalogueGames(links: readonly NewLotteryCatalogueLink[], tx: DbOrTx): Promise<number> {
      if (links.length === 0) return 0;
      const created = await tx
        .insert(lotteryCatalogueLink)
        .values([...links])
        .onConflictDoNothing()
        .returning({ code: lotteryCatalogueLink.catalogueGameCode });
      return created.length;
    },

    /** Per lottery of the merchant: the draws not drawn yet, the open bets on them, the soonest draw time. */
    async drawBacklog(merchantCode: string, tx: DbOrTx = db): Promise<Map<string, DrawBacklog>> {
      const rows = await tx
        .select({
          gameId: lotteryDraw.gameId,
          pendingDraws: sql<number>`count(distinct ${lotteryDraw.id})`.mapWith(Number),
          openBets: count(lotteryBet.id),
          nextDrawAt: min(lotteryDraw.drawAt),
        })
        .from(lotteryDraw)
        .innerJoin(lotteryGame, eq(lotteryGame.id, lotteryDraw.gameId))
        .leftJoin(lotteryBet, and(eq(lotteryBet.drawId, lotteryDraw.id), eq(lotteryBet.status, 'open')))
        .where(and(eq(lotteryGame.merchantCode, merchantCode), eq(lotteryDraw.status, 'scheduled')))
        .groupBy(lotteryDraw.gameId);
      return new Map(
        rows.map((row) => [
          row.gameId,
          { pendingDraws: row.pendingDraws, openBets: row.openBets, nextDrawAt: row.nextDrawAt },
        ]),
      );
    },

    /** Whether the merchant has any odds. */
    async hasOdds(merchantCode: string, tx: DbOrTx = db): Promise<boolean> {
      const [row] = await tx
        .select({ prizeMode: lotteryOdds.prizeMode })
        .from(lotteryOdds)
        .where(eq(lotteryOdds.merchantCode, merchantCode))
        .limit(1);
      return row !== undefined;
    },

    /** Adds odds rows; a row the merchant has already keeps its values. Answers how many were added. */
    async insertOdds(rows: readonly NewLotteryOdds[], tx: DbOrTx): Promise<number> {
      if (rows.length === 0) return 0;
      const created = await tx
        .insert(lotteryOdds)
        .values([...rows])
        .onConflictDoNothing()
        .returning({ betType: lotteryOdds.betType });
      return created.length;
    },

    /** Every odds row of the merchant, by prize mode, bet type, region and option. */
    allOdds(merchantCode: string): Promise<LotteryOddsRow[]> {
      return db
        .select()
        .from(lotteryOdds)
        .where(eq(lotteryOdds.merchantCode, merchantCode))
        .orderBy(
          asc(lotteryOdds.prizeMode),
          asc(lotteryOdds.betType),
          asc(lotteryOdds.region),
          asc(sql`case when ${lotteryOdds.pick} ~ '^[0-9]+$' then ${lotteryOdds.pick}::integer end`),
          asc(lotteryOdds.pick),
        );
    },

    /** One odds row, locked until the caller's transaction ends. */
    async lockOdds(merchantCode: string, key: OddsKey, tx: DbOrTx): Promise<LotteryOddsRow | undefined> {
      const [row] = await tx.select().from(lotteryOdds).where(oddsRow(merchantCode, key)).for('update');
      return row;
    },

    /**
     * Sets one row's payout and stake limit, and its price. A bet prices every selection alike, so the
     * price of one option (`pick` other than `*`) is every option's of the bet type, prize mode and region:
     * it is set on all of them.
     */
    async setOdds(
      merchantCode: string,
      key: OddsKey,
      values: { pricePerPoint: bigint; payoutPerPoint: bigint; maxPerNumber: bigint },
      tx: DbOrTx,
    ): Promise<LotteryOddsRow> {
      const [row] = await tx.update(lotteryOdds).set(values).where(oddsRow(merchantCode, key)).returning();
      if (!row) throw new Error(`odds ${key.prizeMode} ${key.betType} ${key.region} ${key.pick} vanished`);
      if (key.pick !== '*') {
        await tx
          .update(lotteryOdds)
          .set({ pricePerPoint: values.pricePerPoint })
          .where(
            and(
              eq(lotteryOdds.merchantCode, merchantCode),
              eq(lotteryOdds.prizeMode, key.prizeMode),
              eq(lotteryOdds.betType, key.betType),
              eq(lotteryOdds.region, key.region),
              ne(lotteryOdds.pick, '*'),
            ),
          );
      }
      return row;
    },
  };
}

export type LotterySetupRepository = ReturnType<typeof createLotterySetupRepository>;
