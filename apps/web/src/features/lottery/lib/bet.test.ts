import { describe, expect, it } from 'vitest';
import { FAKE_OFFERS } from '../testing/fake-lottery.ts';
import {
  type PickRule,
  betTotal,
  parseTyped,
  quickPick,
  secondsUntil,
  selectionProblem,
  winPerHit,
} from './bet.ts';

const two = { kind: 'numbers', digits: 2, count: 1 } as const;
const xien3 = { kind: 'numbers', digits: 2, count: 3 } as const;
const taiXiu: PickRule = { kind: 'option', options: ['TAI', 'XIU'] };

describe('lottery bet rules (web side)', () => {
  it('checks a selection against its pick rule', () => {
    expect(selectionProblem(two, ['07'])).toBeNull();
    expect(selectionProblem(two, ['7'])).toBe('digits');
    expect(selectionProblem(two, ['a7'])).toBe('digits');
    expect(selectionProblem(xien3, ['01', '02'])).toBe('count');
    expect(selectionProblem(xien3, ['01', '01', '02'])).toBe('duplicate');
    expect(selectionProblem(xien3, ['01', '02', '03'])).toBeNull();
    expect(selectionProblem(taiXiu, ['TAI'])).toBeNull();
    expect(selectionProblem(taiXiu, ['BIG'])).toBe('option');
  });

  it('reads typed numbers: one selection each, duplicates dropped, a wrong length found', () => {
    const three = { kind: 'numbers', digits: 3, count: 1 } as const;
    expect(parseTyped(three, '123, 456 123')).toEqual({ selections: [['123'], ['456']], problem: null });
    expect(parseTyped(three, '123 45').problem).toBe('digits');
  });

  it('totals selections × points × price and the win per hit', () => {
    expect(betTotal(3, 2, 27_000)).toBe(162_000);
    const lo = FAKE_OFFERS[0];
    expect(lo && winPerHit(lo, [['01']], 2)).toBe(190_000);
    const sum = { ...FAKE_OFFERS[3]!, payoutsByOption: { TAI: 1_950, XIU: 2_000 } };
    expect(winPerHit(sum, [['TAI'], ['XIU']], 10)).toBe(20_000);
  });

  it('quick pick fits the rule', () => {
    let seed = 0;
    const random = () => ((seed = (seed + 0.37) % 1), seed);
    const pick = quickPick(xien3, random);
    expect(selectionProblem(xien3, pick)).toBeNull();
    expect(selectionProblem(taiXiu, quickPick(taiXiu, random))).toBeNull();
  });

  it('counts down on the server clock', () => {
    const now = Date.parse('2026-11-21T10:00:00Z');
    expect(secondsUntil('2026-11-21T10:01:15Z', now)).toBe(75);
    expect(secondsUntil('2026-11-21T09:59:00Z', now)).toBe(0);
  });
});
