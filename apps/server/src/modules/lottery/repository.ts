import type { PrizeMode } from '@kl/contracts/constants';
import type { LotteryBetStatus, LotteryCategory, LotteryDrawStatus } from '@kl/contracts/lottery';
import { and, asc, count, desc, eq, gt, inArray, lte, max, or, type SQL, sql } from 'drizzle-orm';
import {
  game,
  type LotteryBetRow,
  type LotteryDrawRow,
  lotteryBet,
  lotteryCatalogueLink,
  lotteryDraw,
  lotteryExposure,
  lotteryGame,
  lotteryOdds,
} from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { arrayLiteral, rowsOf } from '../../platform/db-errors.ts';

export type NewDraw = typeof lotteryDraw.$inferInsert;
export type NewBet = typeof lotteryBet.$inferInsert;

const DRAWN = ['drawn', 'settled'] as const;

/** What was staked on a draw, in minor units. */
export interface DrawTotals {
  bets: number;
  stake: bigint;
  openBets: number;
  payout: bigint;
  refunded: bigint;
}

export const NO_BETS: DrawTotals = { bets: 0, stake: 0n, openBets: 0, payout: 0n, refunded: 0n };

/** A bet as `lottery_place` takes it; `exposures` in the order their rows are taken (by key). */
export interface PlaceCall {
  merchantCode: string;
  memberId: string;
  betId: string;
  drawId: string;
  gameId: string;
  exposures: { key: string; limit: bigint }[];
  /** Each selection's stake, against its number's limit. */
  stake: bigint;
  drawKey: string;
  drawLimit: bigint;
  /** The bet's whole amount: every selection's stake. */
  amount: bigint;
  currency: string;
  memo: unknown;
  betType: string;
  prizeMode: string;
  selections: string[][];
  points: number;
  price: bigint;
  payouts: string[];
  requestKey: string;
  /** The idempotency key of the bet's ledger transaction (`lotteryBetKey`). */
  ledgerKey: string;
  /** The bet's open round in the game records, or null when there are none. */
  record: { vendorCode: string; gameId: string; nodeId: string; gameType: string; gameName: string } | null;
  trialType: number;
  at: Date;
}

export type PlaceOutcome =
  | { outcome: 'OK'; betTransactionId: number; availableAfter: bigint; demo: boolean }
  | { outcome: 'LIMIT_NUMBER'; at: number }
  | { outcome: 'LIMIT_DRAW' };

/**
 * The lottery's statements, players' and the back office's (docs/back-office.md, "Lottery draws").
 * Functions taking `tx` run inside the caller's transaction.
 */
export function createLotteryRepository(db: Db) {
  return {
    games(merchantCode: string | null, category?: LotteryCategory, tx: DbOrTx = db) {
      return tx
        .select()
        .from(lotteryGame)
        .where(
          and(
            eq(lotteryGame.enabled, true),
            merchantCode === null ? undefined : eq(lotteryGame.merchantCode, merchantCode),
            category ? eq(lotteryGame.category, category) : undefined,
          ),
        )
        .orderBy(asc(lotteryGame.category), asc(lotteryGame.sortOrder));
    },

    async gameByCode(merchantCode: string, code: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(lotteryGame)
        .where(and(eq(lotteryGame.merchantCode, merchantCode), eq(lotteryGame.code, code)));
      return row;
    },

    async gameById(id: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(lotteryGame).where(eq(lotteryGame.id, id));
      return row;
    },

    /** The lottery a catalogue game (by its game id) opens. */
    async gameByCatalogueId(merchantCode: string, catalogueGameId: string) {
      const [row] = await db
        .select({ lottery: lotteryGame })
        .from(game)
        .innerJoin(
          lotteryCatalogueLink,
          and(
            eq(lotteryCatalogueLink.merchantCode, game.merchantCode),
            eq(lotteryCatalogueLink.catalogueGameCode, game.gameCode),
          ),
        )
        .innerJoin(lotteryGame, eq(lotteryGame.id, lotteryCatalogueLink.lotteryGameId))
        .where(and(eq(game.merchantCode, merchantCode), eq(game.gameId, catalogueGameId)));
      return row?.lottery;
    },

    /**
     * The catalogue games of each lottery (game id, node id, name, vendor, on or off, game code), in
     * catalogue order: what the player's lists and a bet's game record name, and the back office shows.
     */
    async catalogueGames(merchantCode: string, tx: DbOrTx = db) {
      const rows = await tx
        .select({
          lotteryGameId: lotteryCatalogueLink.lotteryGameId,
          gameId: game.gameId,
          nodeId: game.nodeId,
          name: game.gameName,
          vassalage: game.vassalage,
          enabled: game.enabled,
          gameCode: game.gameCode,
        })
        .from(lotteryCatalogueLink)
        .innerJoin(
          game,
          and(
            eq(game.merchantCode, lotteryCatalogueLink.merchantCode),
            eq(game.gameCode, lotteryCatalogueLink.catalogueGameCode),
          ),
        )
        .where(eq(lotteryCatalogueLink.merchantCode, merchantCode))
        .orderBy(asc(game.sortRank), asc(game.id));
      const byGame = new Map<string, Omit<(typeof rows)[number], 'lotteryGameId'>[]>();
      for (const { lotteryGameId, ...entry } of rows) {
        byGame.set(lotteryGameId, [...(byGame.get(lotteryGameId) ?? []), entry]);
      }
      return byGame;
    },

    odds(merchantCode: string, prizeMode: PrizeMode, tx: DbOrTx = db) {
      return tx
        .select()
        .from(lotteryOdds)
        .where(and(eq(lotteryOdds.merchantCode, merchantCode), eq(lotteryOdds.prizeMode, prizeMode)));
    },

    /** The latest draw time each game has created. */
    async lastDrawTimes(gameIds: readonly string[]) {
      if (gameIds.length === 0) return new Map<string, Date>();
      const rows = await db
        .select({ gameId: lotteryDraw.gameId, last: max(lotteryDraw.drawAt) })
        .from(lotteryDraw)
        .where(inArray(lotteryDraw.gameId, [...gameIds]))
        .groupBy(lotteryDraw.gameId);
      return new Map(rows.flatMap((row) => (row.last ? [[row.gameId, row.last] as const] : [])));
    },

    /** Creates draws; one already there for the same game and time is kept (with its seed). */
    async insertDraws(rows: readonly NewDraw[]) {
      if (rows.length === 0) return 0;
      const created = await db
        .insert(lotteryDraw)
        .values([...rows])
        .onConflictDoNothing()
        .returning({ id: lotteryDraw.id });
      return created.length;
    },

    /** The draws taking bets (scheduled, closing after `now`), the soonest first per game. */
    async openDraws(gameIds: readonly string[], now: Date) {
      if (gameIds.length === 0) return new Map<string, LotteryDrawRow>();
      const rows = await db
        .select()
        .from(lotteryDraw)
        .where(
          and(
            inArray(lotteryDraw.gameId, [...gameIds]),
            eq(lotteryDraw.status, 'scheduled'),
            gt(lotteryDraw.closeAt, now),
          ),
        )
        .orderBy(asc(lotteryDraw.drawAt));
      const soonest = new Map<string, LotteryDrawRow>();
      for (const row of rows) if (!soonest.has(row.gameId)) soonest.set(row.gameId, row);
      return soonest;
    },

    async drawById(id: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(lotteryDraw).where(eq(lotteryDraw.id, id));
      return row;
    },

    /** A draw for a bet: locked FOR SHARE so it cannot be drawn while the bet is being placed. */
    async drawForBet(id: string, tx: DbOrTx) {
      const [row] = await tx.select().from(lotteryDraw).where(eq(lotteryDraw.id, id)).for('share');
      return row;
    },

    /** A draw locked until the end of the caller's transaction: waits for bets being placed on it. */
    async drawForUpdate(id: string, tx: DbOrTx) {
      const [row] = await tx.select().from(lotteryDraw).where(eq(lotteryDraw.id, id)).for('update');
      return row;
    },

    /** Voids a draw not drawn yet; undefined when it was drawn (or voided) meanwhile. */
    async markVoid(id: string, reason: string, now: Date, tx: DbOrTx) {
      const [row] = await tx
        .update(lotteryDraw)
        .set({ status: 'void', voidedAt: now, voidReason: reason })
        .where(and(eq(lotteryDraw.id, id), eq(lotteryDraw.status, 'scheduled')))
        .returning();
      return row;
    },

    /**
     * Every open bet of a draw, locked; waits for those another transaction holds (a member's cancel in
     * flight), which are left out once they are no longer open.
     */
    openBetsOf(drawId: string, tx: DbOrTx) {
      return tx
        .select()
        .from(lotteryBet)
        .where(and(eq(lotteryBet.drawId, drawId), eq(lotteryBet.status, 'open')))
        .orderBy(asc(lotteryBet.createdAt), asc(lotteryBet.id))
        .for('update');
    },

    /** Takes one due draw (scheduled, draw time passed) that no other process holds, locked. */
    async takeDueDraw(now: Date, tx: DbOrTx): Promise<LotteryDrawRow | undefined> {
      const [row] = await tx
        .select()
        .from(lotteryDraw)
        .where(and(eq(lotteryDraw.status, 'scheduled'), lte(lotteryDraw.drawAt, now)))
        .orderBy(asc(lotteryDraw.drawAt))
        .limit(1)
        .for('update', { skipLocked: true });
      return row;
    },

    async writeResult(id: string, result: Record<string, string[]>, now: Date, tx: DbOrTx) {
      const updated = await tx
        .update(lotteryDraw)
        .set({ status: 'drawn', result, drawnAt: now })
        .where(and(eq(lotteryDraw.id, id), eq(lotteryDraw.status, 'scheduled')))
        .returning({ id: lotteryDraw.id });
      return updated.length === 1;
    },

    /** Drawn draws whose bets are not all settled yet. */
    unsettledDraws(limit: number) {
      return db
        .select()
        .from(lotteryDraw)
        .where(eq(lotteryDraw.status, 'drawn'))
        .orderBy(asc(lotteryDraw.drawAt))
        .limit(limit);
    },

    /** Open bets of a draw that no other process holds, locked. */
    takeOpenBets(drawId: string, limit: number, tx: DbOrTx) {
      return tx
        .select()
        .from(lotteryBet)
        .where(and(eq(lotteryBet.drawId, drawId), eq(lotteryBet.status, 'open')))
        .orderBy(asc(lotteryBet.createdAt))
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    /** Marks a drawn draw settled once it has no open bet left. */
    async markSettled(drawId: string, now: Date) {
      const updated = await db
        .update(lotteryDraw)
        .set({ status: 'settled', settledAt: now })
        .where(
          and(
            eq(lotteryDraw.id, drawId),
            eq(lotteryDraw.status, 'drawn'),
            sql`not exists (select 1 from ${lotteryBet} where ${lotteryBet.drawId} = ${drawId} and ${lotteryBet.status} = 'open')`,
          ),
        )
        .returning({ id: lotteryDraw.id });
      return updated.length === 1;
    },

    async results(gameId: string, limit: number, offset: number) {
      const where = and(eq(lotteryDraw.gameId, gameId), inArray(lotteryDraw.status, [...DRAWN]));
      const rows = await db
        .select()
        .from(lotteryDraw)
        .where(where)
        .orderBy(desc(lotteryDraw.drawAt))
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ value: count() }).from(lotteryDraw).where(where);
      return { rows, total: total?.value ?? 0 };
    },

    /** The latest drawn draw of each game. */
    async latestResults(gameIds: readonly string[]) {
      if (gameIds.length === 0) return new Map<string, LotteryDrawRow>();
      const rows = await db
        .selectDistinctOn([lotteryDraw.gameId])
        .from(lotteryDraw)
        .where(and(inArray(lotteryDraw.gameId, [...gameIds]), inArray(lotteryDraw.status, [...DRAWN])))
        .orderBy(lotteryDraw.gameId, desc(lotteryDraw.drawAt));
      return new Map(rows.map((row) => [row.gameId, row]));
    },

    async findBetByKey(memberId: string, requestKey: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(lotteryBet)
        .where(and(eq(lotteryBet.memberId, memberId), eq(lotteryBet.requestKey, requestKey)));
      return row;
    },

    async betForUpdate(id: string, memberId: string, tx: DbOrTx) {
      const [row] = await tx
        .select()
        .from(lotteryBet)
        .where(and(eq(lotteryBet.id, id), eq(lotteryBet.memberId, memberId)))
        .for('update');
      return row;
    },

    /**
     * A bet's writes in one call (`lottery_place`, docs/decisions/038-money-functions.md): the exposures
     * within their limits, the ledger's bet with its turnover rules, the bet's row and its open game record.
     * A limit passed answers `LIMIT_NUMBER` (with the 1-based position of its key) or `LIMIT_DRAW`, after
     * writes the caller's transaction must undo; refusals of the post are raised (`functionRefusal`).
     */
    async place(call: PlaceCall, tx: DbOrTx): Promise<PlaceOutcome> {
      const [row] = rowsOf<{
        outcome: string;
        limitAt: number | null;
        betTransactionId: string | null;
        availableAfter: string | null;
        demo: boolean | null;
      }>(
        await tx.execute(sql`select outcome, limit_at as "limitAt", bet_transaction_id::text as "betTransactionId",
            available_after::text as "availableAfter", demo
          from lottery_place(${call.merchantCode}, ${call.memberId}::uuid, ${call.betId}::uuid, ${call.drawId}::uuid,
            ${call.gameId}::uuid, ${arrayLiteral(call.exposures.map((exposure) => exposure.key))}::text[],
            ${arrayLiteral(call.exposures.map((exposure) => exposure.limit))}::bigint[], ${call.stake.toString()}::bigint,
            ${call.drawKey}, ${call.drawLimit.toString()}::bigint, ${call.amount.toString()}::bigint, ${call.currency},
            ${JSON.stringify(call.memo)}::jsonb, ${call.betType}, ${call.prizeMode}, ${JSON.stringify(call.selections)}::jsonb,
            ${call.points}::integer, ${call.price.toString()}::bigint, ${JSON.stringify(call.payouts)}::jsonb,
            ${call.requestKey}, ${call.ledgerKey}, ${call.record === null ? null : JSON.stringify(call.record)}::jsonb,
            ${call.trialType}::integer, ${call.at.toISOString()}::timestamptz)`),
      );
      if (row?.outcome === 'LIMIT_NUMBER') return { outcome: 'LIMIT_NUMBER', at: (row.limitAt ?? 1) - 1 };
      if (row?.outcome === 'LIMIT_DRAW') return { outcome: 'LIMIT_DRAW' };
      if (row?.outcome !== 'OK' || row.betTransactionId === null || row.availableAfter === null)
        throw new Error(`lottery_place answered ${row?.outcome ?? 'nothing'} for ${call.betId}`);
      return {
        outcome: 'OK',
        betTransactionId: Number(row.betTransactionId),
        availableAfter: BigInt(row.availableAfter),
        demo: row.demo === true,
      };
    },

    async insertBet(row: NewBet, tx: DbOrTx) {
      const [created] = await tx.insert(lotteryBet).values(row).returning();
      if (!created) throw new Error('the lottery bet was not inserted');
      return created;
    },

    async updateBet(id: string, values: Partial<LotteryBetRow>, tx: DbOrTx) {
      await tx.update(lotteryBet).set(values).where(eq(lotteryBet.id, id));
    },

    /**
     * Adds `amount` to a member's stake on a selection of a draw unless it would pass `limit`; false when
     * it would. One statement (an upsert with a condition), so bets at once cannot both slip under it.
     */
    async addExposure(
      key: { drawId: string; memberId: string; selectionKey: string },
      amount: bigint,
      limit: bigint,
      tx: DbOrTx,
    ): Promise<boolean> {
      if (amount > limit) return false;
      const rows = await tx
        .insert(lotteryExposure)
        .values({ ...key, amount })
        .onConflictDoUpdate({
          target: [lotteryExposure.drawId, lotteryExposure.memberId, lotteryExposure.selectionKey],
          set: { amount: sql`${lotteryExposure.amount} + excluded.amount` },
          setWhere: sql`${lotteryExposure.amount} + excluded.amount <= ${limit}`,
        })
        .returning({ amount: lotteryExposure.amount });
      return rows.length === 1;
    },

    async removeExposure(
      key: { drawId: string; memberId: string; selectionKey: string },
      amount: bigint,
      tx: DbOrTx,
    ) {
      await tx
        .update(lotteryExposure)
        .set({ amount: sql`greatest(${lotteryExposure.amount} - ${amount}, 0)` })
        .where(
          and(
            eq(lotteryExposure.drawId, key.drawId),
            eq(lotteryExposure.memberId, key.memberId),
            eq(lotteryExposure.selectionKey, key.selectionKey),
          ),
        );
    },

    /** A member's bets with their draw and game, newest first. */
    async orders(
      memberId: string,
      filter: { status?: LotteryBetStatus | undefined; gameId?: string | undefined },
      limit: number,
      offset: number,
    ) {
      const where = and(
        eq(lotteryBet.memberId, memberId),
        filter.status ? eq(lotteryBet.status, filter.status) : undefined,
        filter.gameId ? eq(lotteryBet.gameId, filter.gameId) : undefined,
      );
      const rows = await db
        .select({ bet: lotteryBet, draw: lotteryDraw, game: lotteryGame })
        .from(lotteryBet)
        .innerJoin(lotteryDraw, eq(lotteryDraw.id, lotteryBet.drawId))
        .innerJoin(lotteryGame, eq(lotteryGame.id, lotteryBet.gameId))
        .where(where)
        .orderBy(desc(lotteryBet.createdAt), desc(lotteryBet.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ value: count() }).from(lotteryBet).where(where);
      return { rows, total: total?.value ?? 0 };
    },

    /** Whether a draw is due or waits for its settlement: the cheap check of each scheduler tick. */
    hasDue: async (now: Date) => {
      const [row] = await db
        .select({ id: lotteryDraw.id })
        .from(lotteryDraw)
        .where(
          or(
            and(eq(lotteryDraw.status, 'scheduled'), lte(lotteryDraw.drawAt, now)),
            eq(lotteryDraw.status, 'drawn'),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** The merchant's lottery games for the back office, enabled or not (their draws stay listed). */
    gamesForOperators(merchantCode: string) {
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

    /** One page of the merchant's draws, the latest draw time first, with their game. */
    async drawPageForOperators(
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

    async drawWithGame(id: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ draw: lotteryDraw, game: lotteryGame })
        .from(lotteryDraw)
        .innerJoin(lotteryGame, eq(lotteryGame.id, lotteryDraw.gameId))
        .where(eq(lotteryDraw.id, id));
      return row;
    },

    /** The bets of each draw, by draw id. */
    async drawTotals(drawIds: readonly string[], tx: DbOrTx = db): Promise<Map<string, DrawTotals>> {
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

export type LotteryRepository = ReturnType<typeof createLotteryRepository>;
