import { describe, expect, it } from 'vitest';
import {
  BAU_CUA_FACES,
  type BauCuaFace,
  bauCuaOutcome,
  bauCuaRounds,
  playBauCua,
  settleBauCua,
} from './bau-cua.ts';
import { fairStream } from './fair.ts';
import { itCommitsAndReveals } from './round-checks.ts';

const returnOf = (face: BauCuaFace, dice: BauCuaFace[], stake = 100n) =>
  settleBauCua([{ kind: face, stake }], bauCuaOutcome(dice))[0]?.returned;

describe('bầu cua tôm cá', () => {
  it('pays 1:1 per die showing the face', () => {
    expect(returnOf('cua', ['nai', 'bau', 'ga'])).toBe(0n);
    expect(returnOf('cua', ['cua', 'bau', 'ga'])).toBe(200n);
    expect(returnOf('cua', ['cua', 'bau', 'cua'])).toBe(300n);
    expect(returnOf('cua', ['cua', 'cua', 'cua'])).toBe(400n);
    expect(
      settleBauCua(
        [
          { kind: 'tom', stake: 50n },
          { kind: 'ca', stake: 70n },
        ],
        bauCuaOutcome(['tom', 'tom', 'ga']),
      ),
    ).toEqual([
      { kind: 'tom', stake: 50n, result: 'win', returned: 150n },
      { kind: 'ca', stake: 70n, result: 'lose', returned: 0n },
    ]);
  });

  it('returns 199/216 of the stake over the 216 equally likely throws', () => {
    for (const face of BAU_CUA_FACES) {
      let returned = 0n;
      for (const first of BAU_CUA_FACES)
        for (const second of BAU_CUA_FACES)
          for (const third of BAU_CUA_FACES) returned += returnOf(face, [first, second, third], 1n) ?? 0n;
      expect([face, returned]).toEqual([face, 199n]);
    }
  });

  it('throws three fair dice', () => {
    const stream = fairStream('bau-cua', { serverSeed: 'dice', clientSeed: 'plate', nonce: 1 });
    const counts = new Map<BauCuaFace, number>();
    for (let round = 0; round < 10_000; round += 1)
      for (const die of playBauCua(stream).dice) counts.set(die, (counts.get(die) ?? 0) + 1);
    // 30,000 dice, 5,000 expected per face; the standard error is about 65.
    for (const face of BAU_CUA_FACES) expect(Math.abs((counts.get(face) ?? 0) - 5_000)).toBeLessThan(330);
  });

  it('is played with three dice', () => {
    expect(() => bauCuaOutcome(['nai', 'nai'])).toThrow(RangeError);
  });

  itCommitsAndReveals('bau-cua', bauCuaRounds, playBauCua, (outcome) =>
    bauCuaOutcome(outcome.dice.map((die) => (die === 'nai' ? 'bau' : 'nai'))),
  );
});
