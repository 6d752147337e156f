import { type Commitment, fairRounds, type UniformSource } from './fair.ts';
import { type SettledBet, settleTable, type TableBet } from './payout.ts';

/**
 * Bầu Cua Tôm Cá: three dice, each with six faces (one fair draw below 6 per die, in the order of
 * BAU_CUA_FACES). A bet on a face wins 1:1 for each die showing it: one die returns the stake and 1 ×, two
 * dice the stake and 2 ×, three dice the stake and 3 ×; none loses the stake.
 *
 * Return to player of any bet, over the 216 equally likely throws: no die 125, one 75, two 15, three 1, so
 * (75 × 2 + 15 × 3 + 1 × 4) / 216 = 199 / 216 ≈ 92.13 %.
 */

/** The faces by their Vietnamese names: nai (deer), bầu (gourd), gà (rooster), cá (fish), cua (crab), tôm (shrimp). */
export const BAU_CUA_FACES = ['nai', 'bau', 'ga', 'ca', 'cua', 'tom'] as const;
export type BauCuaFace = (typeof BAU_CUA_FACES)[number];
export const BAU_CUA_DICE = 3;

export interface BauCuaOutcome {
  dice: BauCuaFace[];
}

/** A bet on a face (the bet's kind is the face). */
export type BauCuaBet = TableBet<BauCuaFace>;

/** What a bet wins "to one" per die showing its face, in basis points: 1:1. */
export const BAU_CUA_WIN_PER_DIE_BP = 10_000n;

export function bauCuaOutcome(dice: readonly BauCuaFace[]): BauCuaOutcome {
  if (dice.length !== BAU_CUA_DICE) throw new RangeError(`bầu cua is played with ${BAU_CUA_DICE} dice`);
  return { dice: [...dice] };
}

export const playBauCua = (source: UniformSource): BauCuaOutcome =>
  bauCuaOutcome(Array.from({ length: BAU_CUA_DICE }, () => BAU_CUA_FACES[source.below(6)] as BauCuaFace));

export type BauCuaRound = Commitment;

/** Commit, resolve (reveal) and verify: see FairRounds. */
export const bauCuaRounds = fairRounds('bau-cua', playBauCua);
export const { create: createBauCuaRound, resolve: resolveBauCuaRound, verify: verifyBauCua } = bauCuaRounds;

/** How many dice show the face. */
export const matchesOf = (outcome: BauCuaOutcome, face: BauCuaFace): number =>
  outcome.dice.filter((die) => die === face).length;

/** What each bet returns: stake + stake × matching dice, or 0 when no die shows its face. */
export const settleBauCua = (bets: readonly BauCuaBet[], outcome: BauCuaOutcome): SettledBet<BauCuaFace>[] =>
  settleTable(bets, (face) => {
    const matches = BigInt(matchesOf(outcome, face));
    return matches > 0n ? { result: 'win', winBp: matches * BAU_CUA_WIN_PER_DIE_BP } : { result: 'lose' };
  });
