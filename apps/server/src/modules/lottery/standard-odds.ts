import { PRIZE_MODES, type PrizeMode } from '@kl/contracts/constants';
import type { LotteryBetType, LotteryRegion } from '@kl/contracts/lottery';
import type { NewLotteryOdds } from '../../db/schema/index.ts';

/**
 * The standard odds: what the demo merchant plays with, and what a merchant's first lottery writes when the
 * merchant has no odds yet (docs/decisions/053-lotteries-in-the-back-office.md). Operators change them row
 * by row in the back office afterwards.
 */

/**
 * Odds (Lott prize mode): price and payout per point, per region where the bet type covers a different
 * count of numbers (lô covers 27 numbers in MB, 18 in MN/MT; đề đầu 4 numbers of MB G7, 1 of G8), and the
 * most points one member may put on one selection of a draw.
 */
interface OddsSeed {
  price: Partial<Record<LotteryRegion | '*', bigint>>;
  payout: Partial<Record<LotteryRegion | '*', bigint>>;
  maxPoints: bigint;
}
const perRegion = (mb: bigint, south: bigint) => ({ MB: mb, MN: south, MT: south });
const BASE_ODDS: Record<Exclude<LotteryBetType, 'SUM'>, OddsSeed> = {
  LO2: { price: perRegion(27_000n, 18_000n), payout: { '*': 95_000n }, maxPoints: 5_000n },
  LO3: { price: perRegion(23_000n, 17_000n), payout: { '*': 950_000n }, maxPoints: 500n },
  LO4: { price: perRegion(20_000n, 16_000n), payout: { '*': 8_500_000n }, maxPoints: 100n },
  XIEN2: { price: { '*': 1_000n }, payout: perRegion(17_000n, 32_000n), maxPoints: 2_000n },
  XIEN3: { price: { '*': 1_000n }, payout: perRegion(65_000n, 190_000n), maxPoints: 1_000n },
  XIEN4: { price: { '*': 1_000n }, payout: perRegion(250_000n, 1_100_000n), maxPoints: 500n },
  DE_SPECIAL: { price: { '*': 1_000n }, payout: { '*': 95_000n }, maxPoints: 5_000n },
  DE_HEAD: { price: perRegion(4_000n, 1_000n), payout: { '*': 95_000n }, maxPoints: 5_000n },
  DE_HEAD_TAIL: { price: perRegion(5_000n, 2_000n), payout: { '*': 95_000n }, maxPoints: 5_000n },
  DE_FIRST: { price: { '*': 1_000n }, payout: { '*': 95_000n }, maxPoints: 5_000n },
  CANG3: { price: { '*': 1_000n }, payout: { '*': 900_000n }, maxPoints: 500n },
  CANG4: { price: { '*': 1_000n }, payout: { '*': 8_500_000n }, maxPoints: 50n },
  DAU: { price: { '*': 1_000n }, payout: { '*': 9_500n }, maxPoints: 50_000n },
  DUOI: { price: { '*': 1_000n }, payout: { '*': 9_500n }, maxPoints: 50_000n },
  TAI_XIU: { price: { '*': 1_000n }, payout: { '*': 1_950n }, maxPoints: 200_000n },
  CHAN_LE: { price: { '*': 1_000n }, payout: { '*': 1_950n }, maxPoints: 200_000n },
};

/** SUM pays by how likely its sum is: n(s) of the 100 last-two-digit numbers have digit sum s. */
function sumPayout(sum: number): bigint {
  const ways = sum <= 9 ? sum + 1 : 19 - sum;
  return (BigInt(Math.floor((1_000 * 100 * 0.95) / ways)) / 10n) * 10n;
}

/** Payout per mille of each prize mode against Lott. */
const PRIZE_MODE_PAYOUT_PER_MILLE: Record<PrizeMode, bigint> = {
  Lott: 1_000n,
  ZY: 985n,
  Elott: 990n,
  SEA: 970n,
};

/** Every standard odds row of a merchant: each prize mode's, scaled from Lott's. */
export function standardOddsRows(merchantCode: string): NewLotteryOdds[] {
  const rows: NewLotteryOdds[] = [];
  const scaled = (payout: bigint, mode: PrizeMode) =>
    ((payout * PRIZE_MODE_PAYOUT_PER_MILLE[mode]) / 1_000n / 10n) * 10n;
  for (const prizeMode of PRIZE_MODES) {
    for (const [betType, odds] of Object.entries(BASE_ODDS) as [LotteryBetType, OddsSeed][]) {
      const regionKeys = new Set([...Object.keys(odds.price), ...Object.keys(odds.payout)]);
      const regions = regionKeys.has('*') && regionKeys.size === 1 ? ['*'] : ['MB', 'MN', 'MT'];
      for (const region of regions) {
        const key = region as LotteryRegion | '*';
        const price = odds.price[key] ?? odds.price['*'];
        const payout = odds.payout[key] ?? odds.payout['*'];
        if (price === undefined || payout === undefined) throw new Error(`odds of ${betType} ${region}`);
        rows.push({
          merchantCode,
          prizeMode,
          betType,
          region,
          pick: '*',
          pricePerPoint: price,
          payoutPerPoint: scaled(payout, prizeMode),
          maxPerNumber: price * odds.maxPoints,
        });
      }
    }
    for (let sum = 0; sum <= 18; sum += 1) {
      rows.push({
        merchantCode,
        prizeMode,
        betType: 'SUM',
        region: '*',
        pick: String(sum),
        pricePerPoint: 1_000n,
        payoutPerPoint: scaled(sumPayout(sum), prizeMode),
        maxPerNumber: 100_000_000n,
      });
    }
  }
  return rows;
}
