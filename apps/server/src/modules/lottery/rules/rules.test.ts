import { describe, expect, it } from 'vitest';
import { BET_TYPES, type BetTypeCode, pickProblem } from './bet-types.ts';
import { allNumbers, type DrawResult, resultFromSeed, sha256Hex } from './results.ts';

const NORTH: DrawResult = {
  DB: ['12345'],
  G1: ['67890'],
  G2: ['11122', '33344'],
  G3: ['55566', '77788', '99900', '12121', '34343', '56565'],
  G4: ['7878', '9090', '1212', '3434'],
  G5: ['5656', '7845', '9012', '3445', '6789', '0123'],
  G6: ['345', '678', '901'],
  G7: ['45', '23', '67', '45'],
};

const SOUTH: DrawResult = {
  DB: ['902345'],
  G1: ['11111'],
  G2: ['22222'],
  G3: ['33333', '44444'],
  G4: ['50505', '60606', '70707', '80808', '90909', '10101', '20245'],
  G5: ['1234'],
  G6: ['5678', '9012', '3456'],
  G7: ['789'],
  G8: ['45'],
};

describe('results', () => {
  it('draws 27 numbers in the northern format and 18 in the southern and central ones', () => {
    const north = resultFromSeed('MB', 'seed-1');
    expect(
      Object.fromEntries(
        Object.entries(north).map(([prize, numbers]) => [prize, numbers.map((n) => n.length)]),
      ),
    ).toEqual({
      DB: [5],
      G1: [5],
      G2: [5, 5],
      G3: [5, 5, 5, 5, 5, 5],
      G4: [4, 4, 4, 4],
      G5: [4, 4, 4, 4, 4, 4],
      G6: [3, 3, 3],
      G7: [2, 2, 2, 2],
    });
    expect(allNumbers(north)).toHaveLength(27);
    for (const region of ['MN', 'MT'] as const) {
      const south = resultFromSeed(region, 'seed-1');
      expect(
        Object.fromEntries(
          Object.entries(south).map(([prize, numbers]) => [prize, numbers.map((n) => n.length)]),
        ),
      ).toEqual({
        DB: [6],
        G1: [5],
        G2: [5],
        G3: [5, 5],
        G4: [5, 5, 5, 5, 5, 5, 5],
        G5: [4],
        G6: [4, 4, 4],
        G7: [3],
        G8: [2],
      });
      expect(allNumbers(south)).toHaveLength(18);
    }
    for (const number of allNumbers(north)) expect(number).toMatch(/^\d+$/);
  });

  it('is fixed by the seed: the same seed gives the same result, the committed hash checks the seed', () => {
    expect(resultFromSeed('MB', 'seed-2')).toEqual(resultFromSeed('MB', 'seed-2'));
    expect(resultFromSeed('MB', 'seed-3')).not.toEqual(resultFromSeed('MB', 'seed-2'));
    expect(sha256Hex('seed-2')).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256Hex('seed-2')).not.toBe(sha256Hex('seed-3'));
  });

  it('draws every digit about equally often', () => {
    const counts = new Array<number>(10).fill(0);
    let total = 0;
    for (let draw = 0; draw < 400; draw += 1) {
      for (const number of allNumbers(resultFromSeed('MB', `uniform-${draw}`))) {
        for (const digit of number) {
          counts[Number(digit)] = (counts[Number(digit)] ?? 0) + 1;
          total += 1;
        }
      }
    }
    // 400 draws × 107 digits: each digit 10% ± 0.6 points (over 4 standard deviations).
    for (const count of counts) expect(Math.abs(count / total - 0.1)).toBeLessThan(0.006);
  });
});

describe('settlement of each bet type on a fixed result', () => {
  const hits = (code: BetTypeCode, pick: string[], result = NORTH, region: 'MB' | 'MN' = 'MB') =>
    BET_TYPES[code].hits(result, region, pick);

  it('lô counts every number ending in the pick', () => {
    expect(hits('LO2', ['45'])).toBe(6);
    expect(hits('LO2', ['98'])).toBe(0);
    expect(hits('LO3', ['345'])).toBe(2);
    expect(hits('LO4', ['2345'])).toBe(1);
    expect(hits('LO4', ['7845'])).toBe(1);
    expect(hits('LO2', ['45'], SOUTH, 'MN')).toBe(3);
  });

  it('xiên wins once when all its numbers come out', () => {
    expect(hits('XIEN2', ['45', '23'])).toBe(1);
    expect(hits('XIEN3', ['45', '23', '90'])).toBe(1);
    expect(hits('XIEN3', ['45', '23', '98'])).toBe(0);
    expect(hits('XIEN4', ['45', '23', '90', '12'])).toBe(1);
  });

  it('đề reads the special, the head prize and the first prize', () => {
    expect(hits('DE_SPECIAL', ['45'])).toBe(1);
    expect(hits('DE_SPECIAL', ['44'])).toBe(0);
    expect(hits('DE_HEAD', ['45'])).toBe(2);
    expect(hits('DE_HEAD', ['45'], SOUTH, 'MN')).toBe(1);
    expect(hits('DE_HEAD_TAIL', ['45'])).toBe(3);
    expect(hits('DE_HEAD_TAIL', ['67'])).toBe(1);
    expect(hits('DE_FIRST', ['90'])).toBe(1);
    expect(hits('DE_FIRST', ['45'])).toBe(0);
  });

  it('càng, đầu and đuôi read the special', () => {
    expect(hits('CANG3', ['345'])).toBe(1);
    expect(hits('CANG3', ['245'])).toBe(0);
    expect(hits('CANG4', ['2345'])).toBe(1);
    expect(hits('CANG4', ['2345'], SOUTH, 'MN')).toBe(1);
    expect(hits('DAU', ['4'])).toBe(1);
    expect(hits('DAU', ['5'])).toBe(0);
    expect(hits('DUOI', ['5'])).toBe(1);
    expect(hits('DUOI', ['4'])).toBe(0);
  });

  it('entertainment bets read the special’s last two digits (45: xỉu, lẻ, sum 9)', () => {
    expect(hits('TAI_XIU', ['XIU'])).toBe(1);
    expect(hits('TAI_XIU', ['TAI'])).toBe(0);
    expect(hits('CHAN_LE', ['LE'])).toBe(1);
    expect(hits('CHAN_LE', ['CHAN'])).toBe(0);
    expect(hits('SUM', ['9'])).toBe(1);
    expect(hits('SUM', ['10'])).toBe(0);
    const fifty: DrawResult = { ...NORTH, DB: ['00050'] };
    expect(hits('TAI_XIU', ['TAI'], fifty)).toBe(1);
    expect(hits('CHAN_LE', ['CHAN'], fifty)).toBe(1);
    expect(hits('SUM', ['5'], fifty)).toBe(1);
  });

  it('says what is wrong with a selection', () => {
    expect(pickProblem(BET_TYPES.LO2, ['45'])).toBeNull();
    expect(pickProblem(BET_TYPES.LO2, ['4'])).toBe('numbers of 2 digits');
    expect(pickProblem(BET_TYPES.LO3, ['45a'])).toBe('numbers of 3 digits');
    expect(pickProblem(BET_TYPES.XIEN2, ['45'])).toBe('2 numbers');
    expect(pickProblem(BET_TYPES.XIEN2, ['45', '45'])).toBe('different numbers');
    expect(pickProblem(BET_TYPES.TAI_XIU, ['TAI'])).toBeNull();
    expect(pickProblem(BET_TYPES.TAI_XIU, ['BIG'])).toBe('one of TAI, XIU');
    expect(pickProblem(BET_TYPES.SUM, ['18'])).toBeNull();
    expect(pickProblem(BET_TYPES.SUM, ['19'])).not.toBeNull();
  });
});
