import { describe, expect, it } from 'vitest';
import { launchesInHouseSlot } from './launch-rule.ts';

describe('which games open the in-house slot', () => {
  it('every in-house (BGS) game but lotteries', () => {
    for (const gameType of ['RNG', 'FISH', 'PVP'])
      expect(launchesInHouseSlot({ vassalage: 'BGS', gameType, vendorConfigured: true })).toBe(true);
    expect(launchesInHouseSlot({ vassalage: 'BGS', gameType: 'LOTT', vendorConfigured: true })).toBe(false);
  });
  it('slot and fishing games of an unconfigured vendor only', () => {
    expect(launchesInHouseSlot({ vassalage: 'TIGER', gameType: 'RNG', vendorConfigured: false })).toBe(true);
    expect(launchesInHouseSlot({ vassalage: 'OCEAN', gameType: 'FISH', vendorConfigured: false })).toBe(true);
    expect(launchesInHouseSlot({ vassalage: 'TIGER', gameType: 'RNG', vendorConfigured: true })).toBe(false);
    expect(launchesInHouseSlot({ vassalage: 'ROYAL', gameType: 'LIVE', vendorConfigured: false })).toBe(
      false,
    );
    expect(launchesInHouseSlot({ vassalage: 'VPOKER', gameType: 'PVP', vendorConfigured: false })).toBe(
      false,
    );
  });
});
