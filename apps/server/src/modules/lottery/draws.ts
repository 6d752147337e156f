import { randomBytes } from 'node:crypto';
import type { LotteryBetType } from '@kl/contracts/lottery';
import type { LotteryBetRow, LotteryDrawRow, LotteryGameRow } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { LotteryServiceDeps } from './deps.ts';
import { LOTTERY_VENDOR_CODE, lotteryBetKey, lotteryWinKey } from './keys.ts';
import { BET_TYPES } from './rules/bet-types.ts';
import { type DrawResult, type Region, resultFromSeed, sha256Hex } from './rules/results.ts';
import { drawsAhead, nextDrawTimes, plannedDraw } from './schedule.ts';

/**
 * The draw machine: the draws each game keeps ahead (committed by their seed's hash), drawing the due ones
 * (one process per draw, through row locks) and settling their bets through the ledger, a `win` per
 * winning bet (docs/conventions.md "Money"). `runDue` is one pass of it, called by `scheduler.ts`.
 */

/** What a bet pays on a result: each selection's hits × points × its payout per point. */
export function settlementOf(bet: LotteryBetRow, region: Region, result: DrawResult) {
  const type = BET_TYPES[bet.betType as LotteryBetType];
  let hits = 0;
  let payout = 0n;
  bet.selections.forEach((selection, index) => {
    const selectionHits = type.hits(result, region, selection);
    hits += selectionHits;
    payout += BigInt(selectionHits) * BigInt(bet.points) * BigInt(bet.payouts[index] ?? '0');
  });
  return { hits, payout };
}

export function createLotteryDraws(
  deps: Pick<
    LotteryServiceDeps,
    'db' | 'lottery' | 'ledgerService' | 'clock' | 'gameRecords' | 'newSeed' | 'balanceChanged'
  >,
) {
  const { db, lottery, ledgerService, clock } = deps;
  const newSeed = deps.newSeed ?? (() => randomBytes(32).toString('hex'));

  /** Creates the draws each game keeps ahead of `now` that are not there yet. */
  async function ensureDraws(games: readonly LotteryGameRow[], now: Date): Promise<number> {
    const last = await lottery.lastDrawTimes(games.map((game) => game.id));
    const rows = games.flatMap((game) => {
      const lastAt = last.get(game.id)?.getTime() ?? 0;
      return nextDrawTimes(game, now, drawsAhead(game))
        .filter((drawAt) => drawAt.getTime() > lastAt)
        .map((drawAt) => {
          const planned = plannedDraw(game, drawAt);
          const seed = newSeed();
          return {
            gameId: game.id,
            issue: planned.issue,
            station: planned.station,
            drawAt: planned.drawAt,
            closeAt: planned.closeAt,
            seed,
            seedHash: sha256Hex(seed),
            status: 'scheduled' as const,
            createdAt: now,
          };
        });
    });
    return lottery.insertDraws(rows);
  }

  /** The open draw of each game, creating draws first for games that have none. */
  async function openDrawsOf(games: readonly LotteryGameRow[], now: Date) {
    let open = await lottery.openDraws(
      games.map((game) => game.id),
      now,
    );
    const missing = games.filter((game) => !open.has(game.id));
    if (missing.length > 0) {
      await ensureDraws(missing, now);
      open = await lottery.openDraws(
        games.map((game) => game.id),
        now,
      );
    }
    return open;
  }

  /** Draws one due draw that no other process holds: result from its seed, written with the seed's reveal. */
  async function drawOne(now: Date): Promise<LotteryDrawRow | undefined> {
    return db.transaction(async (tx) => {
      const draw = await lottery.takeDueDraw(now, tx);
      if (!draw) return undefined;
      const game = await lottery.gameById(draw.gameId, tx);
      if (!game) throw new Error(`draw ${draw.id} of an unknown game`);
      const result = resultFromSeed(game.region, draw.seed) as Record<string, string[]>;
      await lottery.writeResult(draw.id, result, now, tx);
      return { ...draw, status: 'drawn' as const, result, drawnAt: now };
    });
  }

  /** Settles the open bets of a drawn draw, a batch per transaction; marks it settled when none is left. */
  async function settleDraw(draw: LotteryDrawRow, batch = 100): Promise<number> {
    const game = await lottery.gameById(draw.gameId);
    if (!game || !draw.result) return 0;
    const result = draw.result as DrawResult;
    let settled = 0;
    for (;;) {
      const done = await db.transaction(async (tx) => {
        const bets = await lottery.takeOpenBets(draw.id, batch, tx);
        for (const bet of bets) await settleBet(bet, game, draw.issue, result, tx);
        return bets;
      });
      for (const bet of done) deps.balanceChanged?.(bet.memberId);
      settled += done.length;
      if (done.length < batch) break;
    }
    await lottery.markSettled(draw.id, clock());
    return settled;
  }

  async function settleBet(
    bet: LotteryBetRow,
    game: LotteryGameRow,
    issue: string,
    result: DrawResult,
    tx: DbOrTx,
  ) {
    const now = clock();
    const { hits, payout } = settlementOf(bet, game.region, result);
    let settleTransactionId: number | null = null;
    if (payout > 0n) {
      const posted = await ledgerService.post(
        {
          merchantCode: bet.merchantCode,
          memberId: bet.memberId,
          idempotencyKey: lotteryWinKey(bet.id),
          kind: 'win',
          amount: payout,
          reference: lotteryBetKey(bet.id),
          memo: { game: game.code, gameName: game.name, round: issue, betType: bet.betType, hits },
        },
        tx,
      );
      settleTransactionId = posted.transactionId;
    }
    await lottery.updateBet(
      bet.id,
      { status: payout > 0n ? 'won' : 'lost', hits, payout, settleTransactionId, settledAt: now },
      tx,
    );
    await deps.gameRecords?.settleRound(
      {
        merchantCode: bet.merchantCode,
        vendorCode: LOTTERY_VENDOR_CODE,
        roundKey: bet.id,
        outcome: 'settled',
        payout,
        settleTransactionId,
        settledAt: now,
      },
      tx,
    );
  }

  /**
   * One pass of the draw machine: every due draw drawn, every drawn draw's bets settled. Safe to run in
   * several processes at once: each draw and each bet is taken under a row lock that others skip.
   */
  async function runDue(): Promise<{ drawn: number; settled: number }> {
    let drawn = 0;
    let settled = 0;
    for (;;) {
      const draw = await drawOne(clock());
      if (!draw) break;
      drawn += 1;
    }
    for (const draw of await lottery.unsettledDraws(500)) settled += await settleDraw(draw);
    return { drawn, settled };
  }

  return {
    ensureDraws,
    openDrawsOf,
    drawOne,
    settleDraw,
    runDue,
    hasDue: () => lottery.hasDue(clock()),

    /** Creates the draws ahead for every enabled game of every merchant. */
    async ensureAllDraws(): Promise<number> {
      return ensureDraws(await lottery.games(null), clock());
    },
  };
}

export type LotteryDraws = ReturnType<typeof createLotteryDraws>;
