import { describe, expect, it } from 'vitest';
import {
  type CockfightBetKind,
  cockfightChances,
  type CockfightOdds,
  type CockfightOutcome,
  cockfightReturnToPlayer,
  createCockfightRound,
  playCockfight,
  resolveCockfightRound,
  settleCockfight,
  verifyCockfight,
} from './cockfight.ts';
import { fairStream } from './fair.ts';
import { itCommitsAndReveals } from './round-checks.ts';

const odds: CockfightOdds = { meronBp: 19_000, walaBp: 18_500 };
const KINDS: CockfightBetKind[] = ['meron', 'wala', 'draw'];
const returned = (outcome: CockfightOutcome, stake = 1_000n, on = odds) =>
  settleCockfight(
    KINDS.map((kind) => ({ kind, stake })),
    on,
    outcome,
  ).map((bet) => [bet.kind, bet.result, bet.returned]);

describe('cockfight chances', () => {
  it('draws with the chance that gives every bet the same return', () => {
    // m·w = 351,500,000; m·w + 80,000·(m + w) = 3,351,500,000: a draw in 10.49 %.
    expect(cockfightChances(odds)).toEqual({
      drawNumerator: 351_500_000n,
      drawDenominator: 3_351_500_000n,
      meronWeight: 18_500,
      walaWeight: 19_000,
    });
    const { numerator, denominator } = cockfightReturnToPlayer(odds);
    expect(Number(numerator) / Number(denominator)).toBeCloseTo(0.94391, 5);
  });

  it('returns exactly that share of the stake on each bet', () => {
    for (const on of [odds, { meronBp: 15_000, walaBp: 25_000 }, { meronBp: 100_000, walaBp: 10_500 }]) {
      const { drawNumerator: n, drawDenominator: d, meronWeight, walaWeight } = cockfightChances(on);
      const decided = BigInt(meronWeight + walaWeight);
      const stake = 10_000n;
      const back = (kind: CockfightBetKind, result: CockfightOutcome['result']) =>
        settleCockfight([{ kind, stake }], on, { result })[0]?.returned ?? 0n;
      const rtp = cockfightReturnToPlayer(on);
      for (const kind of KINDS) {
        // Expected return × d × (m + w), against the return to player × stake × d × (m + w).
        const expected =
          back(kind, 'draw') * n * decided +
          back(kind, 'meron') * (d - n) * BigInt(meronWeight) +
          back(kind, 'wala') * (d - n) * BigInt(walaWeight);
        expect(expected * rtp.denominator).toBe(rtp.numerator * stake * d * decided);
      }
    }
  });

  it('comes out at those chances over 40,000 fights', () => {
    const stream = fairStream('cockfight', { serverSeed: 'pit', clientSeed: 'fights', nonce: 0 });
    const counts = { meron: 0, wala: 0, draw: 0 };
    for (let fight = 0; fight < 40_000; fight += 1) counts[playCockfight(stream, odds).result] += 1;
    // Draw 10.49 % (standard error 0.15 points); meron wins 18,500 / 37,500 = 49.33 % of the decisions (0.26).
    expect(Math.abs(counts.draw / 40_000 - 0.10488)).toBeLessThan(0.007);
    expect(Math.abs(counts.meron / (counts.meron + counts.wala) - 0.49333)).toBeLessThan(0.012);
  });

  it('refuses prices without a margin or out of range', () => {
    expect(() => cockfightChances({ meronBp: 20_000, walaBp: 20_000 })).toThrow(RangeError);
    expect(() => cockfightChances({ meronBp: 10_000, walaBp: 30_000 })).toThrow(RangeError);
    expect(() => cockfightChances({ meronBp: 19_000.5, walaBp: 18_500 })).toThrow(RangeError);
    expect(() =>
      createCockfightRound(
        { serverSeed: 's', clientSeed: 'c', nonce: 0 },
        { meronBp: 30_000, walaBp: 30_000 },
      ),
    ).toThrow(RangeError);
  });
});

describe('cockfight settlement', () => {
  it('pays the winner at its decimal odds, rounding down to the minor unit', () => {
    expect(returned({ result: 'meron' })).toEqual([
      ['meron', 'win', 1_900n],
      ['wala', 'lose', 0n],
      ['draw', 'lose', 0n],
    ]);
    expect(returned({ result: 'wala' }, 15n)).toEqual([
      ['meron', 'lose', 0n],
      ['wala', 'win', 27n],
      ['draw', 'lose', 0n],
    ]);
  });

  it('refunds meron and wala on a draw and pays the draw 8:1', () => {
    expect(returned({ result: 'draw' })).toEqual([
      ['meron', 'push', 1_000n],
      ['wala', 'push', 1_000n],
      ['draw', 'win', 9_000n],
    ]);
  });
});

describe('cockfight rounds', () => {
  const rounds = {
    create: (seeds: Parameters<typeof createCockfightRound>[0]) => createCockfightRound(seeds, odds),
    resolve: resolveCockfightRound,
    verify: (revealed: Parameters<typeof verifyCockfight>[0], claimed: CockfightOutcome) =>
      verifyCockfight({ ...revealed, ...odds }, claimed),
  };
  itCommitsAndReveals(
    'cockfight',
    rounds,
    (source) => playCockfight(source, odds),
    (outcome): CockfightOutcome => ({ result: outcome.result === 'draw' ? 'meron' : 'draw' }),
  );

  it('keeps the odds with the commitment', () => {
    expect(createCockfightRound({ serverSeed: 's', clientSeed: 'c', nonce: 1 }, odds)).toMatchObject(odds);
  });
});
