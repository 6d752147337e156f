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
import { assertStake } from './payout.ts';

/**
 * Fishing (bắn cá), simplified: every shot is a bet of the chosen cannon's cost. A shot catches at most one
 * fish, each kind with a fixed chance per million shots, drawn as one uniform integer below 1,000,000
 * walked over the table in order (the remainder misses). A caught fish returns cost × its multiplier.
 *
 * The table gives every kind the same part of the return, chance × multiplier = 120,000 per million
 * (12 %), so the eight kinds return exactly 8 × 12 % = 96 % of what is shot; 16.06 % of shots catch
 * something. Changing a row changes the return, which fishing.test.ts recomputes.
 */

export interface FishKind {
  id: string;
  /** What a catch returns, in cannon costs. */
  multiplier: number;
  /** Shots in a million that catch this fish. */
  chancePpm: number;
}

export const FISH_KINDS = [
  { id: 'clownfish', multiplier: 2, chancePpm: 60_000 },
  { id: 'pufferfish', multiplier: 3, chancePpm: 40_000 },
  { id: 'lionfish', multiplier: 5, chancePpm: 24_000 },
  { id: 'turtle', multiplier: 8, chancePpm: 15_000 },
  { id: 'octopus', multiplier: 10, chancePpm: 12_000 },
  { id: 'stingray', multiplier: 20, chancePpm: 6_000 },
  { id: 'shark', multiplier: 50, chancePpm: 2_400 },
  { id: 'golden-dragon', multiplier: 100, chancePpm: 1_200 },
] as const satisfies readonly FishKind[];

export type FishId = (typeof FISH_KINDS)[number]['id'];

export const FISHING_CHANCE_SCALE = 1_000_000;

/** The table's return to player in parts per million: Σ chance × multiplier (960,000, that is 96 %). */
export const fishingReturnPpm = (kinds: readonly FishKind[] = FISH_KINDS): number =>
  kinds.reduce((sum, kind) => sum + kind.chancePpm * kind.multiplier, 0);

export interface FishingOutcome {
  /** The fish caught, or null when the shot missed. */
  fish: FishId | null;
  /** What the shot returns in cannon costs: the fish's multiplier, 0 on a miss. */
  multiplier: number;
}

/** One shot: which fish, if any, a uniform draw below a million lands on. */
export function playFishingShot(source: UniformSource): FishingOutcome {
  let draw = source.below(FISHING_CHANCE_SCALE);
  for (const kind of FISH_KINDS) {
    if (draw < kind.chancePpm) return { fish: kind.id, multiplier: kind.multiplier };
    draw -= kind.chancePpm;
  }
  return { fish: null, multiplier: 0 };
}

/** A shot before its outcome: the commitment and the cannon's cost (the stake, in minor units). */
export type FishingShot = Commitment & { cannonCost: bigint };

export function createFishingShot(seeds: FairSeeds, cannonCost: bigint): FishingShot {
  assertStake(cannonCost);
  return { ...commit(seeds), cannonCost };
}

export const resolveFishingShot = (shot: FishingShot, serverSeed: string): Resolved<FishingOutcome> =>
  resolveWith('fishing', shot, serverSeed, playFishingShot);

export const verifyFishingShot = (revealed: Reveal, claimed: FishingOutcome): Verification<FishingOutcome> =>
  verifyWith('fishing', revealed, claimed, playFishingShot);

/** What the shot returns: cost × multiplier (0 on a miss). Exact: multipliers are whole numbers. */
export function settleFishingShot(cannonCost: bigint, outcome: FishingOutcome): bigint {
  assertStake(cannonCost);
  return cannonCost * BigInt(outcome.multiplier);
}
