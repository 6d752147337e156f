import { randomBytes, randomUUID } from 'node:crypto';
import type { PrizeMode } from '@kl/contracts/constants';
import {
  type LotteryBet,
  type LotteryBetTypeOffer,
  type LotteryBetType,
  type LotteryCategory,
  type LotteryDrawResult,
  type LotteryGameSummary,
  type LotteryOpenDraw,
  LOTTERY_PRIZES,
  type lotteryGameQuery,
  type lotteryOrdersQuery,
  type lotteryResultsQuery,
  type placeLotteryBetRequest,
} from '@kl/contracts/lottery';
import type { z } from 'zod';
import type { LotteryBetRow, LotteryDrawRow, LotteryGameRow, LotteryOddsRow } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { DomainError } from '../../platform/errors.ts';
import type { AuthenticatedMember } from '../../platform/member-guard.ts';
import type { GameRecordsService } from '../game-records/index.ts';
import { type LedgerService, moneyNumber } from '../wallet/index.ts';
import { uniqueViolation } from '../../platform/db-errors.ts';
import type { LotteryRepository } from './repository.ts';
import { BET_TYPES, type BetType, pickProblem } from './rules/bet-types.ts';
import { allNumbers, type DrawResult, type Region, resultFromSeed, sha256Hex } from './rules/results.ts';
import { drawsAhead, nextDrawTimes, plannedDraw } from './schedule.ts';

type GameQuery = z.output<typeof lotteryGameQuery>;
type ResultsQuery = z.output<typeof lotteryResultsQuery>;
type OrdersQuery = z.output<typeof lotteryOrdersQuery>;
type PlaceInput = z.output<typeof placeLotteryBetRequest>;

/** The provider code under which lottery bets are recorded in the game records. */
export const LOTTERY_VENDOR_CODE = 'KL_LOTTERY';
export const lotteryBetKey = (betId: string) => `lottery-bet:${betId}`;
export const lotteryWinKey = (betId: string) => `lottery-win:${betId}`;
export const lotteryCancelKey = (betId: string) => `lottery-cancel:${betId}`;
/** Key of the member's whole stake on a draw in the exposure table. */
const DRAW_TOTAL = '*';

export interface LotteryServiceDeps {
  db: Db;
  lottery: LotteryRepository;
  ledgerService: LedgerService;
  clock: Clock;
  /** Refuses a member who may not play now (time-out, self-exclusion); throws a DomainError. */
  checkPlay?: ((memberId: string) => Promise<void>) | undefined;
  /** Records bets in the members' game records when present. */
  gameRecords?: GameRecordsService | undefined;
  /** A new draw seed; 32 random bytes (hex) unless a test says otherwise. */
  newSeed?: (() => string) | undefined;
}

const pages = (total: number, pageSize: number) => Math.ceil(total / pageSize);
const offsetOf = (pageNo: number, pageSize: number) => (pageNo - 1) * pageSize;
const iso = (date: Date) => date.toISOString();
const GAME_NOT_FOUND = () => new DomainError('NOT_FOUND', { reason: 'LOTTERY_NOT_FOUND' });

/** A result in prize order (jsonb does not keep key order). */
function orderedResult(result: Record<string, string[]> | null): Record<string, string[]> {
  const ordered: Record<string, string[]> = {};
  for (const prize of LOTTERY_PRIZES) {
    const numbers = result?.[prize];
    if (numbers) ordered[prize] = numbers;
  }
  return ordered;
}

export function toOpenDraw(row: LotteryDrawRow): LotteryOpenDraw {
  return {
    id: row.id,
    issue: row.issue,
    station: row.station,
    drawAt: iso(row.drawAt),
    closeAt: iso(row.closeAt),
    seedHash: row.seedHash,
  };
}

export function toDrawResult(row: LotteryDrawRow): LotteryDrawResult {
  if (row.status === 'scheduled' || !row.result || !row.drawnAt) {
    throw new Error(`draw ${row.id} has no result yet`);
  }
  return {
    ...toOpenDraw(row),
    status: row.status,
    seed: row.seed,
    result: orderedResult(row.result),
    drawnAt: iso(row.drawnAt),
  };
}

function toSummary(
  game: LotteryGameRow,
  nextDraw: LotteryDrawRow | undefined,
  catalogueGameIds: string[],
): LotteryGameSummary {
  return {
    code: game.code,
    name: game.name,
    region: game.region,
    category: game.category,
    playTypes: game.playTypes.filter((type): type is 'trad' | 'ent' => type === 'trad' || type === 'ent'),
    schedule:
      game.schedule === 'daily'
        ? {
            kind: 'daily',
            weekdays: game.weekdays ?? [],
            drawTime: game.drawTime ?? '',
            stations: game.stations ?? null,
          }
        : { kind: 'interval', intervalSeconds: game.intervalSeconds ?? 0 },
    closeSeconds: game.closeSeconds,
    nextDraw: nextDraw ? toOpenDraw(nextDraw) : null,
    catalogueGameIds,
  };
}

/** The odds row of a selection: the most specific of region and option. */
function oddsFor(
  odds: readonly LotteryOddsRow[],
  betType: LotteryBetType,
  region: Region,
  pick: string,
): LotteryOddsRow | undefined {
  const score = (row: LotteryOddsRow) => (row.region === region ? 2 : 0) + (row.pick === pick ? 1 : 0);
  return odds
    .filter(
      (row) =>
        row.betType === betType &&
        (row.region === region || row.region === '*') &&
        (row.pick === pick || row.pick === '*'),
    )
    .sort((a, b) => score(b) - score(a))[0];
}

/** A selection in its one written form: xiên numbers sorted (the order of a combination does not matter). */
function normalised(type: BetType, selection: readonly string[]): string[] {
  return type.code.startsWith('XIEN') ? [...selection].sort() : [...selection];
}

const selectionKey = (betType: string, selection: readonly string[]) => `${betType}:${selection.join(',')}`;

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

/**
 * The in-house lottery: games and their draws (created ahead, committed by the seed's hash), drawing and
 * settling (one process per draw, through row locks), and members' bets through the ledger.
 */
export function createLotteryService(deps: LotteryServiceDeps) {
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

  async function gameOf(merchantCode: string, code: string) {
    const game = await lottery.gameByCode(merchantCode, code);
    if (!game || !game.enabled) throw GAME_NOT_FOUND();
    return game;
  }

  function toBet(row: LotteryBetRow, draw: LotteryDrawRow, game: LotteryGameRow, now: Date): LotteryBet {
    return {
      id: row.id,
      gameCode: game.code,
      gameName: game.name,
      drawId: draw.id,
      issue: draw.issue,
      drawAt: iso(draw.drawAt),
      closeAt: iso(draw.closeAt),
      betType: row.betType as LotteryBetType,
      prizeMode: row.prizeMode,
      selections: row.selections,
      points: row.points,
      pricePerPoint: moneyNumber(row.pricePerPoint),
      amount: moneyNumber(row.amount),
      status: row.status,
      hits: row.hits,
      payout: moneyNumber(row.payout),
      demo: row.demo,
      cancellable: row.status === 'open' && draw.status === 'scheduled' && now < draw.closeAt,
      createdAt: iso(row.createdAt),
      settledAt: row.settledAt ? iso(row.settledAt) : null,
    };
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
        for (const bet of bets) await settleBet(bet, game, result, tx);
        return bets.length;
      });
      settled += done;
      if (done < batch) break;
    }
    await lottery.markSettled(draw.id, clock());
    return settled;
  }

  async function settleBet(bet: LotteryBetRow, game: LotteryGameRow, result: DrawResult, tx: DbOrTx) {
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
          memo: { game: game.code, betType: bet.betType, hits },
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

  async function offers(game: LotteryGameRow, prizeMode: PrizeMode): Promise<LotteryBetTypeOffer[]> {
    const odds = await lottery.odds(game.merchantCode, prizeMode);
    return Object.values(BET_TYPES)
      .filter((type) => game.playTypes.includes(type.playType))
      .flatMap((type) => {
        const options = type.pick.kind === 'option' ? type.pick.options : [];
        const base =
          oddsFor(odds, type.code, game.region, '*') ??
          oddsFor(odds, type.code, game.region, options[0] ?? '');
        if (!base) return [];
        const perOption = options.map(
          (option) => [option, oddsFor(odds, type.code, game.region, option)] as const,
        );
        const differ = perOption.some(([, row]) => row && row.payoutPerPoint !== base.payoutPerPoint);
        return [
          {
            code: type.code,
            playType: type.playType,
            pick:
              type.pick.kind === 'option'
                ? { kind: 'option' as const, options: [...type.pick.options] }
                : type.pick,
            pricePerPoint: moneyNumber(base.pricePerPoint),
            payoutPerPoint: moneyNumber(
              perOption.reduce(
                (least, [, row]) => (row && row.payoutPerPoint < least ? row.payoutPerPoint : least),
                base.payoutPerPoint,
              ),
            ),
            payoutsByOption: differ
              ? Object.fromEntries(
                  perOption.map(([option, row]) => [option, moneyNumber(row?.payoutPerPoint ?? 0n)]),
                )
              : null,
            maxPerNumber: moneyNumber(base.maxPerNumber),
          },
        ];
      });
  }

  return {
    ensureDraws,
    drawOne,
    settleDraw,
    runDue,
    hasDue: () => lottery.hasDue(clock()),

    /** Creates the draws ahead for every enabled game of every merchant. */
    async ensureAllDraws(): Promise<number> {
      return ensureDraws(await lottery.games(null), clock());
    },

    async games(merchantCode: string, category?: LotteryCategory) {
      const now = clock();
      const games = await lottery.games(merchantCode, category);
      const open = await openDrawsOf(games, now);
      const catalogue = await lottery.catalogueGames(merchantCode);
      return {
        serverTime: iso(now),
        list: games.map((game) =>
          toSummary(
            game,
            open.get(game.id),
            (catalogue.get(game.id) ?? []).map((entry) => entry.gameId),
          ),
        ),
      };
    },

    /** The next draw of each catalogue lottery linked to one of ours, by catalogue game id. */
    async nextDrawsByCatalogueGame(merchantCode: string) {
      const games = await lottery.games(merchantCode);
      const open = await openDrawsOf(games, clock());
      const catalogue = await lottery.catalogueGames(merchantCode);
      const draws: Record<string, { code: string; issue: string; drawAt: string; closeAt: string }> = {};
      for (const game of games) {
        const draw = open.get(game.id);
        if (!draw) continue;
        for (const entry of catalogue.get(game.id) ?? []) {
          draws[entry.gameId] = {
            code: game.code,
            issue: draw.issue,
            drawAt: iso(draw.drawAt),
            closeAt: iso(draw.closeAt),
          };
        }
      }
      return draws;
    },

    async game(merchantCode: string, query: GameQuery) {
      const now = clock();
      const game =
        query.code !== undefined
          ? await gameOf(merchantCode, query.code)
          : await lottery.gameByCatalogueId(merchantCode, query.gameId ?? '');
      if (!game || !game.enabled) throw GAME_NOT_FOUND();
      const open = await openDrawsOf([game], now);
      const catalogue = await lottery.catalogueGames(merchantCode);
      const openDraw = open.get(game.id);
      return {
        ...toSummary(
          game,
          openDraw,
          (catalogue.get(game.id) ?? []).map((entry) => entry.gameId),
        ),
        prizeMode: query.prizeMode,
        betTypes: await offers(game, query.prizeMode),
        maxPerDraw: moneyNumber(game.maxPerDraw),
        openDraw: openDraw ? toOpenDraw(openDraw) : null,
        serverTime: iso(now),
      };
    },

    async results(merchantCode: string, query: ResultsQuery) {
      const game = await gameOf(merchantCode, query.code);
      const { rows, total } = await lottery.results(
        game.id,
        query.pageSize,
        offsetOf(query.pageNo, query.pageSize),
      );
      return {
        list: rows.map(toDrawResult),
        pageNum: query.pageNo,
        totalPages: pages(total, query.pageSize),
        total,
      };
    },

    async recent(merchantCode: string, category?: LotteryCategory) {
      const games = await lottery.games(merchantCode, category);
      const latest = await lottery.latestResults(games.map((game) => game.id));
      return {
        list: games.flatMap((game) => {
          const draw = latest.get(game.id);
          return draw
            ? [
                {
                  code: game.code,
                  name: game.name,
                  region: game.region,
                  category: game.category,
                  draw: toDrawResult(draw),
                },
              ]
            : [];
        }),
      };
    },

    async numero(merchantCode: string, code: string) {
      const game = await gameOf(merchantCode, code);
      const draw = (await lottery.latestResults([game.id])).get(game.id);
      const result = draw ? toDrawResult(draw) : null;
      const numbers = result ? allNumbers(result.result as DrawResult) : [];
      const heads = Array.from({ length: 10 }, () => [] as string[]);
      for (const number of numbers) {
        const two = number.slice(-2);
        heads[Number(two[0])]?.push(two[1] ?? '');
      }
      for (const list of heads) list.sort();
      return { code: game.code, draw: result, numbers, special: numbers[0] ?? null, heads };
    },

    async orders(member: AuthenticatedMember, query: OrdersQuery) {
      const now = clock();
      const game = query.code ? await gameOf(member.merchantCode, query.code) : undefined;
      const { rows, total } = await lottery.orders(
        member.memberId,
        { status: query.status, gameId: game?.id },
        query.pageSize,
        offsetOf(query.pageNo, query.pageSize),
      );
      return {
        list: rows.map((row) => toBet(row.bet, row.draw, row.game, now)),
        pageNum: query.pageNo,
        totalPages: pages(total, query.pageSize),
        total,
      };
    },

    /** Places a bet: checks, limits, the ledger `bet` and the bet row in one transaction. */
    async place(member: AuthenticatedMember, input: PlaceInput) {
      await deps.checkPlay?.(member.memberId);
      const replay = await lottery.findBetByKey(member.memberId, input.requestKey);
      if (replay) return replayOf(replay, input);
      const type = BET_TYPES[input.betType];
      const selections = input.selections.map((selection) => normalised(type, selection));
      for (const selection of selections) {
        const problem = pickProblem(type, selection);
        if (problem)
          throw new DomainError('INVALID_INPUT', { field: 'selections', reason: 'PICK', detail: problem });
      }
      const keys = selections.map((selection) => selectionKey(type.code, selection));
      if (new Set(keys).size !== keys.length) {
        throw new DomainError('INVALID_INPUT', { field: 'selections', reason: 'DUPLICATE_SELECTION' });
      }
      try {
        return await db.transaction(async (tx) => {
          const now = clock();
          const draw = await lottery.drawForBet(input.drawId, tx);
          const game = draw ? await lottery.gameById(draw.gameId, tx) : undefined;
          if (!draw || !game || game.merchantCode !== member.merchantCode) {
            throw new DomainError('NOT_FOUND', { reason: 'DRAW_NOT_FOUND' });
          }
          if (draw.status !== 'scheduled' || now >= draw.closeAt) {
            throw new DomainError('LOTTERY_BETTING_CLOSED', { closeAt: iso(draw.closeAt) });
          }
          if (!game.playTypes.includes(type.playType)) {
            throw new DomainError('INVALID_INPUT', { field: 'betType', reason: 'BET_TYPE_NOT_OFFERED' });
          }
          const odds = await lottery.odds(game.merchantCode, input.prizeMode, tx);
          const rows = selections.map((selection) =>
            oddsFor(odds, type.code, game.region, selection[0] ?? ''),
          );
          if (rows.some((row) => !row)) {
            throw new DomainError('INVALID_INPUT', { field: 'prizeMode', reason: 'NO_ODDS' });
          }
          const found = rows as LotteryOddsRow[];
          const price = found[0]?.pricePerPoint ?? 0n;
          if (found.some((row) => row.pricePerPoint !== price))
            throw new Error('one bet with different prices');
          const points = BigInt(input.points);
          const stake = points * price;
          const amount = stake * BigInt(selections.length);

          // In key order, so two bets of one member never wait on each other's rows in opposite orders.
          const order = keys.map((key, index) => ({ key, index })).sort((a, b) => (a.key < b.key ? -1 : 1));
          for (const { key, index } of order) {
            const ok = await lottery.addExposure(
              { drawId: draw.id, memberId: member.memberId, selectionKey: key },
              stake,
              found[index]?.maxPerNumber ?? 0n,
              tx,
            );
            if (!ok) {
              throw new DomainError('LOTTERY_LIMIT_EXCEEDED', {
                scope: 'NUMBER',
                selection: selections[index],
                limit: moneyNumber(found[index]?.maxPerNumber ?? 0n),
              });
            }
          }
          const withinDraw = await lottery.addExposure(
            { drawId: draw.id, memberId: member.memberId, selectionKey: DRAW_TOTAL },
            amount,
            game.maxPerDraw,
            tx,
          );
          if (!withinDraw) {
            throw new DomainError('LOTTERY_LIMIT_EXCEEDED', {
              scope: 'DRAW',
              limit: moneyNumber(game.maxPerDraw),
            });
          }

          const betId = randomUUID();
          const posted = await ledgerService.post(
            {
              merchantCode: member.merchantCode,
              memberId: member.memberId,
              idempotencyKey: lotteryBetKey(betId),
              kind: 'bet',
              amount,
              reference: lotteryBetKey(betId),
              memo: { game: game.code, issue: draw.issue, betType: type.code },
            },
            tx,
          );
          const bet = await lottery.insertBet(
            {
              id: betId,
              merchantCode: member.merchantCode,
              memberId: member.memberId,
              drawId: draw.id,
              gameId: game.id,
              betType: type.code,
              prizeMode: input.prizeMode,
              selections,
              points: input.points,
              pricePerPoint: price,
              payouts: found.map((row) => row.payoutPerPoint.toString()),
              amount,
              requestKey: input.requestKey,
              demo: posted.demo,
              status: 'open',
              betTransactionId: posted.transactionId,
              createdAt: now,
            },
            tx,
          );
          if (deps.gameRecords) {
            const catalogue = (await lottery.catalogueGames(game.merchantCode, tx)).get(game.id)?.[0];
            await deps.gameRecords.recordRound(
              {
                merchantCode: member.merchantCode,
                memberId: member.memberId,
                vendorCode: LOTTERY_VENDOR_CODE,
                roundKey: bet.id,
                gameId: catalogue?.gameId ?? game.code,
                nodeId: catalogue?.nodeId ?? game.code,
                gameType: game.category,
                gameName: `${game.name} ${draw.issue}`,
                stake: amount,
                betTransactionId: posted.transactionId,
                createdAt: now,
              },
              tx,
            );
          }
          return { bet: toBet(bet, draw, game, now), balance: moneyNumber(posted.availableAfter ?? 0n) };
        });
      } catch (error) {
        // The same request key sent twice at once: the second answers the first bet.
        if (uniqueViolation(error) === 'lottery_bet_request_key') {
          const first = await lottery.findBetByKey(member.memberId, input.requestKey);
          if (first) return replayOf(first, input);
        }
        throw error;
      }
    },

    /** Cancels an open bet before its draw closes: the stake back by a reversal, once. */
    async cancel(member: AuthenticatedMember, betId: string) {
      return db.transaction(async (tx) => {
        const now = clock();
        const bet = await lottery.betForUpdate(betId, member.memberId, tx);
        if (!bet) throw new DomainError('NOT_FOUND', { reason: 'BET_NOT_FOUND' });
        const draw = await lottery.drawById(bet.drawId, tx);
        const game = await lottery.gameById(bet.gameId, tx);
        if (!draw || !game) throw new Error(`bet ${bet.id} without its draw or game`);
        if (bet.status === 'cancelled') {
          return { bet: toBet(bet, draw, game, now), balance: await balanceOf(member, tx) };
        }
        if (bet.status !== 'open' || draw.status !== 'scheduled' || now >= draw.closeAt) {
          throw new DomainError('LOTTERY_BETTING_CLOSED', { closeAt: iso(draw.closeAt) });
        }
        const posted = await ledgerService.post(
          {
            merchantCode: bet.merchantCode,
            memberId: bet.memberId,
            idempotencyKey: lotteryCancelKey(bet.id),
            kind: 'reversal',
            reversesTransactionId: bet.betTransactionId,
            reference: lotteryBetKey(bet.id),
          },
          tx,
        );
        const stake = bet.amount / BigInt(bet.selections.length);
        for (const selection of bet.selections) {
          await lottery.removeExposure(
            { drawId: draw.id, memberId: bet.memberId, selectionKey: selectionKey(bet.betType, selection) },
            stake,
            tx,
          );
        }
        await lottery.removeExposure(
          { drawId: draw.id, memberId: bet.memberId, selectionKey: DRAW_TOTAL },
          bet.amount,
          tx,
        );
        const cancelled = {
          ...bet,
          status: 'cancelled' as const,
          settleTransactionId: posted.transactionId,
          settledAt: now,
        };
        await lottery.updateBet(
          bet.id,
          { status: 'cancelled', settleTransactionId: posted.transactionId, settledAt: now },
          tx,
        );
        await deps.gameRecords?.settleRound(
          {
            merchantCode: bet.merchantCode,
            vendorCode: LOTTERY_VENDOR_CODE,
            roundKey: bet.id,
            outcome: 'cancelled',
            payout: bet.amount,
            settleTransactionId: posted.transactionId,
            settledAt: now,
          },
          tx,
        );
        return { bet: toBet(cancelled, draw, game, now), balance: moneyNumber(posted.availableAfter ?? 0n) };
      });
    },
  };

  async function balanceOf(member: AuthenticatedMember, tx: DbOrTx) {
    const balance = await ledgerService.balanceOf(
      { merchantCode: member.merchantCode, memberId: member.memberId },
      tx,
    );
    return moneyNumber(balance.available);
  }

  /** The same request key again: the first bet, unless the key now asks for another bet. */
  function replayOf(bet: LotteryBetRow, input: PlaceInput) {
    if (bet.drawId !== input.drawId || bet.betType !== input.betType || bet.points !== input.points) {
      throw new DomainError('IDEMPOTENCY_CONFLICT', { reason: 'REQUEST_KEY_REUSED' });
    }
    return answerOf(bet);
  }

  async function answerOf(bet: LotteryBetRow) {
    const draw = await lottery.drawById(bet.drawId);
    const game = await lottery.gameById(bet.gameId);
    if (!draw || !game) throw new Error(`bet ${bet.id} without its draw or game`);
    const balance = await ledgerService.balanceOf({ merchantCode: bet.merchantCode, memberId: bet.memberId });
    return { bet: toBet(bet, draw, game, clock()), balance: moneyNumber(balance.available) };
  }
}

export type LotteryService = ReturnType<typeof createLotteryService>;
