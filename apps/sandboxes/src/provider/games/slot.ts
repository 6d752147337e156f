import { type Draws, playRound, type RoundOutcome } from '@kl/contracts/slot-engine';
import { SLOT_MACHINE } from '@kl/contracts/slot-machine';
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

/**
 * The sandbox slot: the in-house machine's pure engine (contracts slot-engine.ts and slot-machine.ts)
 * played from the provider's fair stream of game `slot`. Each reel's stop is a uniform integer below its
 * strip's length taken by rejection (no modulo or scaling bias), so anyone holding the revealed seeds
 * replays the round with `verifySlotSpin`.
 */

const WORD_RANGE = 2 ** 32;

/** The engine's draws read from a uniform source: stops exact, `next` a 32-bit word over 2^32. */
export const slotDraws = (source: UniformSource): Draws => ({
  next: () => source.below(WORD_RANGE) / WORD_RANGE,
  below: (size) => source.below(size),
});

/** One paid round at `lineBet`: the base spin, then every free spin it leads to. */
export const playSlotRound =
  (lineBet: number) =>
  (source: UniformSource): RoundOutcome =>
    playRound(SLOT_MACHINE, slotDraws(source), lineBet);

/** A spin before its outcome: the commitment and the line bet (minor units). */
export type SlotSpin = Commitment & { lineBet: number };

export function createSlotSpin(seeds: FairSeeds, lineBet: number): SlotSpin {
  if (!Number.isSafeInteger(lineBet) || lineBet <= 0)
    throw new RangeError('the line bet must be a positive integer');
  return { ...commit(seeds), lineBet };
}

export const resolveSlotSpin = (spin: SlotSpin, serverSeed: string): Resolved<RoundOutcome> =>
  resolveWith('slot', spin, serverSeed, playSlotRound(spin.lineBet));

export const verifySlotSpin = (
  revealed: Reveal,
  lineBet: number,
  claimed: RoundOutcome,
): Verification<RoundOutcome> => verifyWith('slot', revealed, claimed, playSlotRound(lineBet));
