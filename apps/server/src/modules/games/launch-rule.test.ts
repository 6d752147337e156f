import { describe, expect, it } from 'vitest';
import { launchesInHouseSlot } from './launch-rule.ts';

describe('which games open the in-house slot', () => {
  it('every in-house (BGS) game but lotteries', () => {
    for (const gameType of ['RNG', 'FISH', 'PVP'])
      expect(launchesInHouseSlot({ vassalage: 'BGS', gameType })).toBe(true);
    expect(launchesInHouseSlot({ vassalage: 'BGS', gameType: 'LOTT' })).toBe(false);
  });
  it('no other vendor’s game: a provider plays those', () => {
    expect(launchesInHouseSlot({ vassalage: 'TIGER', gameType: 'RNG' })).toBe(false);
    expect(launchesInHouseSlot({ vassalage: 'OCEAN', gameType: 'FISH' })).toBe(false);
    expect(launchesInHouseSlot({ vassalage: 'ROYAL', gameType: 'LIVE' })).toBe(false);
  });
});
