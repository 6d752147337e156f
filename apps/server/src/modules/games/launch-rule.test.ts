import { describe, expect, it } from 'vitest';
import { launchesInHouseSlot } from './launch-rule.ts';

describe('which games open the in-house slot', () => {
  it('the in-house (BGS) slots only', () => {
    expect(launchesInHouseSlot({ vassalage: 'BGS', gameType: 'RNG' })).toBe(true);
    for (const gameType of ['FISH', 'PVP', 'LOTT'])
      expect(launchesInHouseSlot({ vassalage: 'BGS', gameType })).toBe(false);
  });
  it('no other vendor’s game: a provider plays those', () => {
    expect(launchesInHouseSlot({ vassalage: 'TIGER', gameType: 'RNG' })).toBe(false);
    expect(launchesInHouseSlot({ vassalage: 'OCEAN', gameType: 'FISH' })).toBe(false);
    expect(launchesInHouseSlot({ vassalage: 'ROYAL', gameType: 'LIVE' })).toBe(false);
  });
});
