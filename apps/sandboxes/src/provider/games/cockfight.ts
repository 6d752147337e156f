import {
  type Commitment,
  commit,
  type FairSeeds,
  type Resolved,
  type Reveal,
  resolveWith,
  type UniformSource,
  type Verification,
  verifyWith,
} from './fair.ts';
import { BASIS_POINTS, type SettledBet, settleTable, type TableBet } from './payout.ts';

/**
 * Cockfight (đá gà): two cocks, meron and wala, each priced per fight in decimal odds (stake included) held
 * as integers in basis points (1.90 → 19 000), and a draw paying 8:1. On a draw, meron and wala bets are
 * refunded.
 *
 * The fight's result is drawn so that the odds tell the truth about it:
 * - between meron and wala, each wins in inverse proportion to its odds: P(meron | no draw) =
 *   wala / (meron + wala). Both sides then return the same share of what is staked on them when there is a
 *   decision, R = meron × wala / (meron + wala) (in decimal odds), below 1 by the margin the two prices
 *   imply (1.90 / 1.85: R = 3.515 / 3.75 = 93.73 %). Prices without a margin (R ≥ 1) are refused;
 * - the draw comes with the chance d that gives the draw bet the same return as the meron and wala bets:
 *   9d = (1 − d)R + d, so d = R / (8 + R) (1.90 / 1.85: 10.49 %), and every bet returns 9R / (8 + R)
 *   (94.39 %).
 * With odds in basis points m and w: d = m·w / (m·w + 80 000·(m + w)), drawn as a uniform integer below the
 * denominator; then meron wins when a uniform integer below m + w falls below w. All exact integers.
 */

export interface CockfightOdds {
  /** Meron's decimal odds × 10 000. */
  meronBp: number;
  /** Wala's decimal odds × 10 000. */
  walaBp: number;
}

export type CockfightResult = 'meron' | 'wala' | 'draw';
export interface CockfightOutcome {
  result: CockfightResult;
}

export type CockfightBetKind = CockfightResult;
export type CockfightBet = TableBet<CockfightBetKind>;

/** The draw wins 8:1 "to one" (returns 9 × the stake). */
export const COCKFIGHT_DRAW_WIN_BP = 80_000n;
/** The prices a fight accepts: decimal odds 1.01 to 100.00. */
export const COCKFIGHT_MIN_ODDS_BP = 10_100;
export const COCKFIGHT_MAX_ODDS_BP = 1_000_000;

export interface CockfightChances {
  /** P(draw) = drawNumerator / drawDenominator. */
  drawNumerator: bigint;
  drawDenominator: bigint;
  /** Without a draw, meron wins with meronWeight / (meronWeight + walaWeight). */
  meronWeight: number;
  walaWeight: number;
}

function checkOdds({ meronBp, walaBp }: CockfightOdds): void {
  for (const odds of [meronBp, walaBp])
    if (!Number.isSafeInteger(odds) || odds < COCKFIGHT_MIN_ODDS_BP || odds > COCKFIGHT_MAX_ODDS_BP)
      throw new RangeError(
        `cockfight odds must be integers in basis points from 1.01 to 100.00, not ${odds}`,
      );
  // R < 1 ⇔ m·w < 10 000·(m + w): the two prices keep a margin.
  if (BigInt(meronBp) * BigInt(walaBp) >= BASIS_POINTS * BigInt(meronBp + walaBp))
    throw new RangeError('cockfight odds without a margin');
}

/** The result's chances on these odds (see the file's comment). */
export function cockfightChances(odds: CockfightOdds): CockfightChances {
  checkOdds(odds);
  const product = BigInt(odds.meronBp) * BigInt(odds.walaBp);
  return {
    drawNumerator: product,
    drawDenominator: product + COCKFIGHT_DRAW_WIN_BP * BigInt(odds.meronBp + odds.walaBp),
    meronWeight: odds.walaBp,
    walaWeight: odds.meronBp,
  };
}

/** The return to player of every bet on these odds, as numerator / denominator: 9R / (8 + R). */
export function cockfightReturnToPlayer(odds: CockfightOdds): { numerator: bigint; denominator: bigint } {
  const { drawNumerator, drawDenominator } = cockfightChances(odds);
  return {
    numerator: (BASIS_POINTS + COCKFIGHT_DRAW_WIN_BP) * drawNumerator,
    denominator: BASIS_POINTS * drawDenominator,
  };
}

/** Draws a fight's result: a draw first, then meron or wala. */
export function playCockfight(source: UniformSource, odds: CockfightOdds): CockfightOutcome {
  const chances = cockfightChances(odds);
  if (source.belowBig(chances.drawDenominator) < chances.drawNumerator) return { result: 'draw' };
  const total = chances.meronWeight + chances.walaWeight;
  return { result: source.below(total) < chances.meronWeight ? 'meron' : 'wala' };
}

/** A fight before its result: the commitment and the odds offered on it. */
export type CockfightRound = Commitment & CockfightOdds;

export function createCockfightRound(seeds: FairSeeds, odds: CockfightOdds): CockfightRound {
  checkOdds(odds);
  return { ...commit(seeds), meronBp: odds.meronBp, walaBp: odds.walaBp };
}

export const resolveCockfightRound = (
  round: CockfightRound,
  serverSeed: string,
): Resolved<CockfightOutcome> =>
  resolveWith('cockfight', round, serverSeed, (source) => playCockfight(source, round));

/** Recomputes a revealed fight from its seeds and its odds (the odds set the chances). */
export const verifyCockfight = (
  revealed: Reveal & CockfightOdds,
  claimed: CockfightOutcome,
): Verification<CockfightOutcome> =>
  verifyWith('cockfight', revealed, claimed, (source) => playCockfight(source, revealed));

/**
 * What each bet returns at the fight's odds: meron and wala ⌊stake × odds / 10 000⌋ when they win, their
 * stake on a draw; the draw 9 × its stake; a losing bet 0.
 */
export const settleCockfight = (
  bets: readonly CockfightBet[],
  odds: CockfightOdds,
  outcome: CockfightOutcome,
): SettledBet<CockfightBetKind>[] =>
  settleTable(bets, (kind) => {
    if (kind !== outcome.result) return outcome.result === 'draw' ? { result: 'push' } : { result: 'lose' };
    if (kind === 'draw') return { result: 'win', winBp: COCKFIGHT_DRAW_WIN_BP };
    const decimalBp = BigInt(kind === 'meron' ? odds.meronBp : odds.walaBp);
    return { result: 'win', winBp: decimalBp - BASIS_POINTS };
  });
