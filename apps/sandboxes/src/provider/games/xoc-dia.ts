import { type Commitment, fairRounds, type UniformSource } from './fair.ts';
import { type SettledBet, settleTable, type TableBet } from './payout.ts';

/**
 * Xóc Đĩa: four coins, red on one face and white on the other, shaken under a bowl; each coin shows red or
 * white with probability ½, one fair draw per coin. Bets are on the number of red faces.
 */

export type Coin = 'red' | 'white';
export const COINS = 4;

export interface XocDiaOutcome {
  coins: Coin[];
  reds: number;
}

/**
 * chan (chẵn, even: 0, 2 or 4 red), le (lẻ, odd: 1 or 3 red), four-red (4 đỏ), four-white (4 trắng),
 * three-red (3 đỏ 1 trắng), three-white (3 trắng 1 đỏ).
 */
export type XocDiaBetKind = 'chan' | 'le' | 'four-red' | 'four-white' | 'three-red' | 'three-white';
export type XocDiaBet = TableBet<XocDiaBetKind>;

/**
 * The odds table: which red counts win each bet, and what it wins "to one" in basis points on top of the
 * stake (10 000 = 1:1). With 16 equally likely coin faces, 0–4 red come 1, 4, 6, 4, 1 times in 16. The
 * true odds (1:1, 15:1, 3:1) would return 100 %; the table pays what online xóc đĩa tables pay, keeping a
 * house edge on each bet:
 * - chẵn / lẻ 0.96:1: 8 in 16, returns 1.96 × 8/16 = 98 %;
 * - 4 đỏ / 4 trắng 12:1: 1 in 16, returns 13 × 1/16 = 81.25 %;
 * - 3 đỏ 1 trắng / 3 trắng 1 đỏ 2.6:1: 4 in 16, returns 3.6 × 4/16 = 90 %.
 */
export const XOC_DIA_PAYOUTS: Readonly<Record<XocDiaBetKind, { reds: readonly number[]; winBp: bigint }>> = {
  chan: { reds: [0, 2, 4], winBp: 9_600n },
  le: { reds: [1, 3], winBp: 9_600n },
  'four-red': { reds: [4], winBp: 120_000n },
  'four-white': { reds: [0], winBp: 120_000n },
  'three-red': { reds: [3], winBp: 26_000n },
  'three-white': { reds: [1], winBp: 26_000n },
};

/** The outcome of given coins. */
export function xocDiaOutcome(coins: readonly Coin[]): XocDiaOutcome {
  if (coins.length !== COINS) throw new RangeError(`xóc đĩa is played with ${COINS} coins`);
  return { coins: [...coins], reds: coins.filter((coin) => coin === 'red').length };
}

/** Shakes the bowl: each coin red on a draw of 0 below 2, white on 1. */
export const playXocDia = (source: UniformSource): XocDiaOutcome =>
  xocDiaOutcome(Array.from({ length: COINS }, (): Coin => (source.below(2) === 0 ? 'red' : 'white')));

export type XocDiaRound = Commitment;

/** Commit, resolve (reveal) and verify: see FairRounds. */
export const xocDiaRounds = fairRounds('xoc-dia', playXocDia);
export const { create: createXocDiaRound, resolve: resolveXocDiaRound, verify: verifyXocDia } = xocDiaRounds;

/** What each bet returns: stake + win when the red count is one of the bet's, otherwise 0. */
export const settleXocDia = (
  bets: readonly XocDiaBet[],
  outcome: XocDiaOutcome,
): SettledBet<XocDiaBetKind>[] =>
  settleTable(bets, (kind) => {
    const { reds, winBp } = XOC_DIA_PAYOUTS[kind];
    return reds.includes(outcome.reds) ? { result: 'win', winBp } : { result: 'lose' };
  });
