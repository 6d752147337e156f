import { LOTTERY_PRIZES, type LotteryRegion } from '@kl/contracts/lottery';
import { createHash, createHmac } from 'node:crypto';

/**
 * Vietnamese lottery results: the prizes of each region, drawn from a seed.
 *
 * - North (MB): special 5 digits, G1 1×5, G2 2×5, G3 6×5, G4 4×4, G5 6×4, G6 3×3, G7 4×2 — 27 numbers.
 * - South (MN) and Central (MT): G8 1×2, G7 1×3, G6 3×4, G5 1×4, G4 7×5, G3 2×5, G2 1×5, G1 1×5 and a
 *   6-digit special — 18 numbers.
 * The fast lotteries of the entertainment play type draw in the northern format.
 *
 * Commit and reveal: the seed of a draw is chosen (random, 32 bytes) and its SHA-256 published before
 * betting closes; the result is then computed from the seed alone, and the seed is published with it, so
 * anyone can check both that the seed is the one committed to and that it gives these numbers.
 */

/** The regions and prizes are the lottery contract's (packages/contracts/src/lottery.ts). */
export type Region = LotteryRegion;

export type Prize = (typeof LOTTERY_PRIZES)[number];

export interface PrizeFormat {
  prize: Prize;
  count: number;
  digits: number;
}

const NORTH: readonly PrizeFormat[] = [
  { prize: 'DB', count: 1, digits: 5 },
  { prize: 'G1', count: 1, digits: 5 },
  { prize: 'G2', count: 2, digits: 5 },
  { prize: 'G3', count: 6, digits: 5 },
  { prize: 'G4', count: 4, digits: 4 },
  { prize: 'G5', count: 6, digits: 4 },
  { prize: 'G6', count: 3, digits: 3 },
  { prize: 'G7', count: 4, digits: 2 },
];

const SOUTH: readonly PrizeFormat[] = [
  { prize: 'DB', count: 1, digits: 6 },
  { prize: 'G1', count: 1, digits: 5 },
  { prize: 'G2', count: 1, digits: 5 },
  { prize: 'G3', count: 2, digits: 5 },
  { prize: 'G4', count: 7, digits: 5 },
  { prize: 'G5', count: 1, digits: 4 },
  { prize: 'G6', count: 3, digits: 4 },
  { prize: 'G7', count: 1, digits: 3 },
  { prize: 'G8', count: 1, digits: 2 },
];

export const RESULT_FORMATS: Readonly<Record<Region, readonly PrizeFormat[]>> = {
  MB: NORTH,
  MN: SOUTH,
  MT: SOUTH,
};

/** The prize drawn first and shown last in the table: the "head" of the draw (MB G7, MN/MT G8). */
export const HEAD_PRIZE: Readonly<Record<Region, Prize>> = { MB: 'G7', MN: 'G8', MT: 'G8' };

/** A result: the numbers of each prize, as digit strings with their leading zeros. */
export type DrawResult = Readonly<Partial<Record<Prize, readonly string[]>>>;

export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');

/**
 * The result a seed gives: digits read from HMAC-SHA256(seed, "<prize>:<block>") bytes, a byte below 250
 * giving one digit (byte mod 10; 250–255 are skipped so every digit is equally likely).
 */
export function resultFromSeed(region: Region, seed: string): DrawResult {
  const result: Partial<Record<Prize, string[]>> = {};
  for (const { prize, count, digits } of RESULT_FORMATS[region]) {
    let block = 0;
    let bytes: Buffer = Buffer.alloc(0);
    let offset = 0;
    const digit = (): string => {
      for (;;) {
        if (offset >= bytes.length) {
          bytes = createHmac('sha256', seed).update(`${prize}:${block}`).digest();
          block += 1;
          offset = 0;
        }
        const byte = bytes[offset] as number;
        offset += 1;
        if (byte < 250) return String(byte % 10);
      }
    };
    result[prize] = Array.from({ length: count }, () => Array.from({ length: digits }, digit).join(''));
  }
  return result;
}

/** Every number of a result, special first. */
export const allNumbers = (result: DrawResult): string[] =>
  LOTTERY_PRIZES.flatMap((prize) => result[prize] ?? []);

/** The special prize's number. */
export function specialOf(result: DrawResult): string {
  const special = result.DB?.[0];
  if (!special) throw new Error('a result without its special prize');
  return special;
}
