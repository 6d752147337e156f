import type { LOTTERY_PLAY_TYPES, LotteryBetType } from '@kl/contracts/lottery';
import { allNumbers, type DrawResult, HEAD_PRIZE, type Region, specialOf } from './results.ts';

/**
 * The bet types and how many times a selection wins on a result (its "hits"); a winning selection pays
 * hits × points × the payout per point of its prize mode (the odds live in the database).
 *
 * Traditional play type:
 * - lô 2/3/4 số: the last 2/3/4 digits of every number of the result long enough (each occurrence a hit);
 * - xiên 2/3/4: 2/3/4 different two-digit numbers that all appear as a lô 2 số (one hit);
 * - đề đặc biệt: the special's last 2 digits; đề đầu: the last 2 digits of the head prize's numbers (MB G7,
 *   four numbers; MN/MT G8), each a hit; đề đầu đuôi: the head's numbers and the special, each a hit;
 *   đề giải nhất: G1's last 2 digits;
 * - 3 càng / 4 càng: the special's last 3 / 4 digits;
 * - đầu / đuôi: the tens / units digit of the special's last two.
 * Entertainment play type, on the special's last two digits as a number 00–99:
 * - tài (50–99) / xỉu (00–49), chẵn (even) / lẻ (odd), and the sum of the two digits (0–18).
 */

/** The play types and bet type codes are the lottery contract's (packages/contracts/src/lottery.ts). */
export type PlayType = (typeof LOTTERY_PLAY_TYPES)[number];
export type BetTypeCode = LotteryBetType;

/** What one selection is: `count` different numbers of `digits` digits, or one of `options`. */
export type PickRule =
  { kind: 'numbers'; digits: number; count: number } | { kind: 'option'; options: readonly string[] };

export interface BetType {
  code: BetTypeCode;
  playType: PlayType;
  pick: PickRule;
  hits(result: DrawResult, region: Region, pick: readonly string[]): number;
}

const tail = (number: string, digits: number) => (number.length >= digits ? number.slice(-digits) : null);
const occurrences = (numbers: readonly string[], digits: number, wanted: string) =>
  numbers.filter((number) => tail(number, digits) === wanted).length;
const first = (pick: readonly string[]) => pick[0] ?? '';
/** The special's last two digits as a number 00–99. */
const lastTwo = (result: DrawResult) => Number(specialOf(result).slice(-2));

const lo = (code: BetTypeCode, digits: number): BetType => ({
  code,
  playType: 'trad',
  pick: { kind: 'numbers', digits, count: 1 },
  hits: (result, _region, pick) => occurrences(allNumbers(result), digits, first(pick)),
});

const xien = (code: BetTypeCode, count: number): BetType => ({
  code,
  playType: 'trad',
  pick: { kind: 'numbers', digits: 2, count },
  hits: (result, _region, pick) => {
    const drawn = new Set(allNumbers(result).map((number) => number.slice(-2)));
    return pick.every((number) => drawn.has(number)) ? 1 : 0;
  },
});

const special = (code: BetTypeCode, digits: number): BetType => ({
  code,
  playType: 'trad',
  pick: { kind: 'numbers', digits, count: 1 },
  hits: (result, _region, pick) => (tail(specialOf(result), digits) === first(pick) ? 1 : 0),
});

const digit = (code: BetTypeCode, position: 'tens' | 'units'): BetType => ({
  code,
  playType: 'trad',
  pick: { kind: 'numbers', digits: 1, count: 1 },
  hits: (result, _region, pick) => {
    const two = specialOf(result).slice(-2);
    return (position === 'tens' ? two[0] : two[1]) === first(pick) ? 1 : 0;
  },
});

const SUMS = Array.from({ length: 19 }, (_, sum) => String(sum));

export const BET_TYPES: Readonly<Record<BetTypeCode, BetType>> = {
  LO2: lo('LO2', 2),
  LO3: lo('LO3', 3),
  LO4: lo('LO4', 4),
  XIEN2: xien('XIEN2', 2),
  XIEN3: xien('XIEN3', 3),
  XIEN4: xien('XIEN4', 4),
  DE_SPECIAL: special('DE_SPECIAL', 2),
  DE_HEAD: {
    code: 'DE_HEAD',
    playType: 'trad',
    pick: { kind: 'numbers', digits: 2, count: 1 },
    hits: (result, region, pick) => occurrences(result[HEAD_PRIZE[region]] ?? [], 2, first(pick)),
  },
  DE_HEAD_TAIL: {
    code: 'DE_HEAD_TAIL',
    playType: 'trad',
    pick: { kind: 'numbers', digits: 2, count: 1 },
    hits: (result, region, pick) =>
      occurrences([...(result[HEAD_PRIZE[region]] ?? []), specialOf(result)], 2, first(pick)),
  },
  DE_FIRST: {
    code: 'DE_FIRST',
    playType: 'trad',
    pick: { kind: 'numbers', digits: 2, count: 1 },
    hits: (result, _region, pick) => occurrences(result.G1 ?? [], 2, first(pick)),
  },
  CANG3: special('CANG3', 3),
  CANG4: special('CANG4', 4),
  DAU: digit('DAU', 'tens'),
  DUOI: digit('DUOI', 'units'),
  TAI_XIU: {
    code: 'TAI_XIU',
    playType: 'ent',
    pick: { kind: 'option', options: ['TAI', 'XIU'] },
    hits: (result, _region, pick) => ((lastTwo(result) >= 50 ? 'TAI' : 'XIU') === first(pick) ? 1 : 0),
  },
  CHAN_LE: {
    code: 'CHAN_LE',
    playType: 'ent',
    pick: { kind: 'option', options: ['CHAN', 'LE'] },
    hits: (result, _region, pick) => ((lastTwo(result) % 2 === 0 ? 'CHAN' : 'LE') === first(pick) ? 1 : 0),
  },
  SUM: {
    code: 'SUM',
    playType: 'ent',
    pick: { kind: 'option', options: SUMS },
    hits: (result, _region, pick) => {
      const two = specialOf(result).slice(-2);
      return String(Number(two[0]) + Number(two[1])) === first(pick) ? 1 : 0;
    },
  },
};

/** Why a selection is not valid for its bet type, or null when it is. */
export function pickProblem(type: BetType, pick: readonly string[]): string | null {
  const rule = type.pick;
  if (rule.kind === 'option') {
    return pick.length === 1 && rule.options.includes(first(pick))
      ? null
      : `one of ${rule.options.join(', ')}`;
  }
  if (pick.length !== rule.count) return `${rule.count} number${rule.count === 1 ? '' : 's'}`;
  const pattern = new RegExp(`^\\d{${rule.digits}}$`);
  if (!pick.every((number) => pattern.test(number))) return `numbers of ${rule.digits} digits`;
  if (new Set(pick).size !== pick.length) return 'different numbers';
  return null;
}
