import { describe, expect, it } from 'vitest';
import { fairStream } from './fair.ts';
import { itCommitsAndReveals } from './round-checks.ts';
import {
  type Coin,
  playXocDia,
  settleXocDia,
  XOC_DIA_PAYOUTS,
  type XocDiaBetKind,
  xocDiaOutcome,
  xocDiaRounds,
} from './xoc-dia.ts';

const KINDS = Object.keys(XOC_DIA_PAYOUTS) as XocDiaBetKind[];
const outcomeOf = (reds: number) =>
  xocDiaOutcome(Array.from({ length: 4 }, (_, coin): Coin => (coin < reds ? 'red' : 'white')));
const winners = (reds: number) =>
  settleXocDia(
    KINDS.map((kind) => ({ kind, stake: 100n })),
    outcomeOf(reds),
  )
    .filter((bet) => bet.result === 'win')
    .map((bet) => [bet.kind, bet.returned]);

describe('xóc đĩa', () => {
  it('pays each bet on its red counts at the table’s odds', () => {
    expect(winners(0)).toEqual([
      ['chan', 196n],
      ['four-white', 1_300n],
    ]);
    expect(winners(1)).toEqual([
      ['le', 196n],
      ['three-white', 360n],
    ]);
    expect(winners(2)).toEqual([['chan', 196n]]);
    expect(winners(3)).toEqual([
      ['le', 196n],
      ['three-red', 360n],
    ]);
    expect(winners(4)).toEqual([
      ['chan', 196n],
      ['four-red', 1_300n],
    ]);
    expect(settleXocDia([{ kind: 'le', stake: 100n }], outcomeOf(2))).toEqual([
      { kind: 'le', stake: 100n, result: 'lose', returned: 0n },
    ]);
  });

  it('returns exactly what the odds table says over the 16 equally likely coin faces', () => {
    // Per 16 rounds of 1 000 each: chẵn / lẻ 98 %, four of a colour 81.25 %, three and one 90 %.
    const expected = {
      chan: 15_680n,
      le: 15_680n,
      'four-red': 13_000n,
      'four-white': 13_000n,
      'three-red': 14_400n,
      'three-white': 14_400n,
    };
    for (const kind of KINDS) {
      let returned = 0n;
      for (let faces = 0; faces < 16; faces += 1) {
        const coins = [0, 1, 2, 3].map((coin): Coin => ((faces >> coin) & 1 ? 'red' : 'white'));
        returned += settleXocDia([{ kind, stake: 1_000n }], xocDiaOutcome(coins))[0]?.returned ?? 0n;
      }
      expect([kind, returned]).toEqual([kind, expected[kind]]);
    }
  });

  it('shakes four fair coins', () => {
    const stream = fairStream('xoc-dia', { serverSeed: 'bowl', clientSeed: 'shake', nonce: 0 });
    const counts = [0, 0, 0, 0, 0];
    let miscounted = 0;
    for (let round = 0; round < 16_000; round += 1) {
      const { reds, coins } = playXocDia(stream);
      if (coins.filter((coin) => coin === 'red').length !== reds) miscounted += 1;
      counts[reds] = (counts[reds] ?? 0) + 1;
    }
    expect(miscounted).toBe(0);
    // 1, 4, 6, 4, 1 in 16: 1,000, 4,000, 6,000, 4,000, 1,000 expected; bounds about five standard errors.
    [1_000, 4_000, 6_000, 4_000, 1_000].forEach((expected, reds) =>
      expect(Math.abs((counts[reds] ?? 0) - expected)).toBeLessThan(5 * Math.sqrt(expected)),
    );
  });

  it('is played with four coins only', () => {
    expect(() => xocDiaOutcome(['red', 'red', 'red'])).toThrow(RangeError);
  });

  itCommitsAndReveals('xoc-dia', xocDiaRounds, playXocDia, (outcome) =>
    xocDiaOutcome(outcome.coins.map((coin): Coin => (coin === 'red' ? 'white' : 'red'))),
  );
});
