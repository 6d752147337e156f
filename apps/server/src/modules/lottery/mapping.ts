import {
  type LotteryBet,
  type LotteryBetType,
  type LotteryDrawResult,
  type LotteryGameSummary,
  type LotteryOpenDraw,
  LOTTERY_PRIZES,
} from '@kl/contracts/lottery';
import type { LotteryBetRow, LotteryDrawRow, LotteryGameRow, LotteryOddsRow } from '../../db/schema/index.ts';
import { moneyNumber } from '../wallet/index.ts';
import type { Region } from './rules/results.ts';

/**
 * The lottery's rows as the contracts answer them (games, open draws, results, bets), and the odds row
 * that prices a selection. Shared by the read models and betting.
 */

export const iso = (date: Date) => date.toISOString();

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
  if ((row.status !== 'drawn' && row.status !== 'settled') || !row.result || !row.drawnAt) {
    throw new Error(`draw ${row.id} has no result`);
  }
  return {
    ...toOpenDraw(row),
    status: row.status,
    seed: row.seed,
    result: orderedResult(row.result),
    drawnAt: iso(row.drawnAt),
  };
}

export function toSummary(
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

export function toBet(row: LotteryBetRow, draw: LotteryDrawRow, game: LotteryGameRow, now: Date): LotteryBet {
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

/** The odds row of a selection: the most specific of region and option. */
export function oddsFor(
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
