import { describe, expect, it } from 'vitest';
import { fairStream } from './fair.ts';
import {
  createFishingShot,
  FISH_KINDS,
  type FishingOutcome,
  fishingReturnPpm,
  playFishingShot,
  resolveFishingShot,
  settleFishingShot,
  verifyFishingShot,
} from './fishing.ts';
import { itCommitsAndReveals } from './round-checks.ts';

describe('fishing', () => {
  it('returns 96 % by its table', () => {
    expect(fishingReturnPpm()).toBe(960_000);
    expect(FISH_KINDS.reduce((sum, kind) => sum + kind.chancePpm, 0)).toBe(160_600);
  });

  it('lands a draw on the fish whose chance it falls in, or misses', () => {
    const at = (draw: number) => playFishingShot({ below: () => draw, belowBig: () => 0n });
    expect(at(0)).toEqual({ fish: 'clownfish', multiplier: 2 });
    expect(at(59_999)).toEqual({ fish: 'clownfish', multiplier: 2 });
    expect(at(60_000)).toEqual({ fish: 'pufferfish', multiplier: 3 });
    expect(at(160_599)).toEqual({ fish: 'golden-dragon', multiplier: 100 });
    expect(at(160_600)).toEqual({ fish: null, multiplier: 0 });
  });

  it('pays the cannon cost times the multiplier', () => {
    expect(settleFishingShot(250n, { fish: 'shark', multiplier: 50 })).toBe(12_500n);
    expect(settleFishingShot(250n, { fish: null, multiplier: 0 })).toBe(0n);
    expect(() => settleFishingShot(0n, { fish: null, multiplier: 0 })).toThrow(RangeError);
    expect(() => createFishingShot({ serverSeed: 's', clientSeed: 'c', nonce: 0 }, -5n)).toThrow(RangeError);
  });

  it('measures close to 96 % over 400,000 shots', () => {
    const stream = fairStream('fishing', { serverSeed: 'sea', clientSeed: 'cannon', nonce: 0 });
    const shots = 400_000;
    let returned = 0;
    for (let shot = 0; shot < shots; shot += 1) returned += playFishingShot(stream).multiplier;
    // One shot's return has a standard deviation of about 4.8 costs, so 0.76 points over 400,000 shots.
    expect(Math.abs(returned / shots - 0.96)).toBeLessThan(0.03);
  });

  const shots = {
    create: (seeds: Parameters<typeof createFishingShot>[0]) => createFishingShot(seeds, 100n),
    resolve: resolveFishingShot,
    verify: verifyFishingShot,
  };
  itCommitsAndReveals('fishing', shots, playFishingShot, (outcome): FishingOutcome =>
    outcome.fish === 'shark' ? { fish: 'turtle', multiplier: 8 } : { fish: 'shark', multiplier: 50 },
  );
});
