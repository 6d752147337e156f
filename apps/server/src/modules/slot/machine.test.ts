import { describe, expect, it } from 'vitest';
import { SLOT_MACHINE, SLOT_SYMBOLS, SLOT_TARGET_RTP } from './machine.ts';
import { machineRtp } from './rtp.ts';

describe('the in-house slot machine', () => {
  it('has 5 reels of 3 rows and 20 distinct lines', () => {
    expect(SLOT_MACHINE.reels).toHaveLength(5);
    expect(SLOT_MACHINE.freeSpinReels).toHaveLength(5);
    expect(SLOT_MACHINE.lines).toHaveLength(20);
    expect(new Set(SLOT_MACHINE.lines.map((line) => line.join())).size).toBe(20);
    for (const line of SLOT_MACHINE.lines) {
      expect(line).toHaveLength(5);
      for (const row of line) expect([0, 1, 2]).toContain(row);
    }
  });

  it('uses only its own symbols and never shows two scatters on one reel', () => {
    for (const strip of [...SLOT_MACHINE.reels, ...SLOT_MACHINE.freeSpinReels]) {
      for (const symbol of strip) expect(Object.keys(SLOT_SYMBOLS)).toContain(symbol);
      strip.forEach((symbol, index) => {
        if (symbol !== 'SCATTER') return;
        expect(strip[(index + 1) % strip.length]).not.toBe('SCATTER');
        expect(strip[(index + 2) % strip.length]).not.toBe('SCATTER');
      });
    }
  });

  it('returns 96% to players, computed exactly from its pays and strips', () => {
    const rtp = machineRtp(SLOT_MACHINE);
    expect(Math.abs(rtp.total - SLOT_TARGET_RTP)).toBeLessThan(0.001);
    // The free spins start about once in 30 rounds and are a fifth of the return.
    expect(rtp.featureChance).toBeGreaterThan(0.02);
    expect(rtp.featureChance).toBeLessThan(0.05);
    expect(rtp.freeSpins / rtp.total).toBeLessThan(0.25);
  });
});
