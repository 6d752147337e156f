import type { SlotRound } from '@kl/contracts/slot';
import { describe, expect, it } from 'vitest';
import { autoStopAfter, type AutoSpinSettings } from './auto-spin.ts';

const round = (totalWin: number, spins = 1) =>
  ({ totalWin, spins: Array.from({ length: spins }, () => ({})) }) as unknown as SlotRound;
const settings: AutoSpinSettings = { count: 10, winAbove: 50_000, balanceBelow: 100_000, onFreeSpins: true };

describe('auto-spin stop conditions', () => {
  it('goes on while nothing is met', () => {
    expect(autoStopAfter(settings, round(0), 500_000, 5, 2_000)).toBeNull();
    expect(autoStopAfter(settings, round(50_000), 500_000, 5, 2_000)).toBeNull();
  });
  it('stops on a win above the amount, the balance below, free spins, the count, the next bet', () => {
    expect(autoStopAfter(settings, round(50_001), 500_000, 5, 2_000)).toBe('winAbove');
    expect(autoStopAfter(settings, round(0), 99_999, 5, 2_000)).toBe('balanceBelow');
    expect(autoStopAfter(settings, round(0, 9), 500_000, 5, 2_000)).toBe('freeSpins');
    expect(autoStopAfter({ ...settings, onFreeSpins: false }, round(0, 9), 500_000, 5, 2_000)).toBeNull();
    expect(autoStopAfter(settings, round(0), 500_000, 0, 2_000)).toBe('done');
    expect(autoStopAfter({ ...settings, balanceBelow: null }, round(0), 1_000, 3, 2_000)).toBe(
      'cannotAfford',
    );
  });
});
