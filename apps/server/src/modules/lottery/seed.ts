import { PRIZE_MODES, type PrizeMode } from '@kl/contracts/constants';
import type { LotteryBetType, LotteryRegion } from '@kl/contracts/lottery';
import { and, eq, inArray } from 'drizzle-orm';
import {
  game,
  lotteryCatalogueLink,
  lotteryGame,
  lotteryOdds,
  type NewLotteryGame,
} from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';

/**
 * The demo merchant's lotteries, odds and catalogue links. Only what is missing is inserted: an operator's
 * change to a game, an odd or a link is kept.
 */

type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;
interface GameSeed {
  code: string;
  name: string;
  region: LotteryRegion;
  weekdays?: Weekday[];
  intervalSeconds?: number;
  /** Catalogue game names (TCG, TCG_LOTTO_VN, VRL) that open this lottery. */
  catalogueNames: string[];
}

/** The northern draw's station of each weekday (0 Sunday). */
export const NORTH_STATIONS: Record<Weekday, string> = {
  0: 'Thái Bình',
  1: 'Hà Nội',
  2: 'Quảng Ninh',
  3: 'Bắc Ninh',
  4: 'Hà Nội',
  5: 'Hải Phòng',
  6: 'Nam Định',
};

/** Draw times (Vietnam) and how long before them betting closes. */
export const DRAW_TIMES: Record<LotteryRegion, string> = { MB: '18:15', MN: '16:15', MT: '17:15' };
export const DAILY_CLOSE_SECONDS = 15 * 60;
export const FAST_CLOSE_SECONDS = 10;

const SOUTH: GameSeed[] = [
  {
    code: 'MN_HCM',
    name: 'TP. Hồ Chí Minh',
    region: 'MN',
    weekdays: [1, 6],
    catalogueNames: ['Hồ Chí Minh'],
  },
  { code: 'MN_DT', name: 'Đồng Tháp', region: 'MN', weekdays: [1], catalogueNames: ['Đồng Tháp'] },
  { code: 'MN_CM', name: 'Cà Mau', region: 'MN', weekdays: [1], catalogueNames: ['Cà Mau'] },
  { code: 'MN_BT', name: 'Bến Tre', region: 'MN', weekdays: [2], catalogueNames: ['Bến Tre'] },
  { code: 'MN_VT', name: 'Vũng Tàu', region: 'MN', weekdays: [2], catalogueNames: ['Vũng Tàu'] },
  { code: 'MN_BL', name: 'Bạc Liêu', region: 'MN', weekdays: [2], catalogueNames: ['Bạc Liêu'] },
  { code: 'MN_DN', name: 'Đồng Nai', region: 'MN', weekdays: [3], catalogueNames: ['Đồng Nai'] },
  { code: 'MN_CT', name: 'Cần Thơ', region: 'MN', weekdays: [3], catalogueNames: ['Cần Thơ'] },
  { code: 'MN_ST', name: 'Sóc Trăng', region: 'MN', weekdays: [3], catalogueNames: [] },
  { code: 'MN_TN', name: 'Tây Ninh', region: 'MN', weekdays: [4], catalogueNames: ['Tây Ninh'] },
  { code: 'MN_AG', name: 'An Giang', region: 'MN', weekdays: [4], catalogueNames: ['An Giang'] },
  { code: 'MN_BTH', name: 'Bình Thuận', region: 'MN', weekdays: [4], catalogueNames: [] },
  { code: 'MN_VL', name: 'Vĩnh Long', region: 'MN', weekdays: [5], catalogueNames: ['Vĩnh Long'] },
  { code: 'MN_BD', name: 'Bình Dương', region: 'MN', weekdays: [5], catalogueNames: ['Bình Dương'] },
  { code: 'MN_TV', name: 'Trà Vinh', region: 'MN', weekdays: [5], catalogueNames: [] },
  { code: 'MN_LA', name: 'Long An', region: 'MN', weekdays: [6], catalogueNames: [] },
  { code: 'MN_BP', name: 'Bình Phước', region: 'MN', weekdays: [6], catalogueNames: [] },
  { code: 'MN_HG', name: 'Hậu Giang', region: 'MN', weekdays: [6], catalogueNames: [] },
  { code: 'MN_TG', name: 'Tiền Giang', region: 'MN', weekdays: [0], catalogueNames: ['Tiền Giang'] },
  { code: 'MN_KG', name: 'Kiên Giang', region: 'MN', weekdays: [0], catalogueNames: ['Kiên Giang'] },
  { code: 'MN_DL', name: 'Đà Lạt', region: 'MN', weekdays: [0], catalogueNames: ['Đà Lạt'] },
];

const CENTRAL: GameSeed[] = [
  { code: 'MT_TTH', name: 'Thừa Thiên Huế', region: 'MT', weekdays: [1, 0], catalogueNames: ['Huế'] },
  { code: 'MT_PY', name: 'Phú Yên', region: 'MT', weekdays: [1], catalogueNames: ['Phú Yên'] },
  { code: 'MT_DLK', name: 'Đắk Lắk', region: 'MT', weekdays: [2], catalogueNames: ['Đắk Lắk'] },
  { code: 'MT_QNM', name: 'Quảng Nam', region: 'MT', weekdays: [2], catalogueNames: ['Quảng Nam'] },
  { code: 'MT_DNG', name: 'Đà Nẵng', region: 'MT', weekdays: [3, 6], catalogueNames: ['Đà Nẵng'] },
  { code: 'MT_KH', name: 'Khánh Hòa', region: 'MT', weekdays: [3, 0], catalogueNames: ['Khánh Hòa'] },
  { code: 'MT_BDI', name: 'Bình Định', region: 'MT', weekdays: [4], catalogueNames: ['Bình Định'] },
  { code: 'MT_QT', name: 'Quảng Trị', region: 'MT', weekdays: [4], catalogueNames: [] },
  { code: 'MT_QB', name: 'Quảng Bình', region: 'MT', weekdays: [4], catalogueNames: [] },
  { code: 'MT_GL', name: 'Gia Lai', region: 'MT', weekdays: [5], catalogueNames: ['Gia Lai'] },
  { code: 'MT_NT', name: 'Ninh Thuận', region: 'MT', weekdays: [5], catalogueNames: [] },
  { code: 'MT_QNG', name: 'Quảng Ngãi', region: 'MT', weekdays: [6], catalogueNames: ['Quảng Ngãi'] },
  { code: 'MT_DNO', name: 'Đắk Nông', region: 'MT', weekdays: [6], catalogueNames: [] },
  { code: 'MT_KT', name: 'Kon Tum', region: 'MT', weekdays: [0], catalogueNames: [] },
];

const FAST: GameSeed[] = [
  {
    code: 'ST1',
    name: 'Siêu Tốc 1 Phút',
    region: 'MB',
    intervalSeconds: 60,
    catalogueNames: ['Siêu Tốc 1 Phút', 'Lô Đề 1 Phút', 'VR 1 Phút'],
  },
  {
    code: 'ST3',
    name: 'Siêu Tốc 3 Phút',
    region: 'MB',
    intervalSeconds: 180,
    catalogueNames: ['Siêu Tốc 3 Phút', 'Xổ Số Nhanh', 'VR 3 Phút', 'VR Xổ Số Nhanh'],
  },
  {
    code: 'ST5',
    name: 'Siêu Tốc 5 Phút',
    region: 'MB',
    intervalSeconds: 300,
    catalogueNames: ['Siêu Tốc 5 Phút', 'Lô Đề 5 Phút', 'VR 5 Phút'],
  },
];

const ALL_DAYS: Weekday[] = [0, 1, 2, 3, 4, 5, 6];

/** Every lottery of the demo merchant as rows. */
export function lotteryGameRows(merchantCode: string): { row: NewLotteryGame; catalogueNames: string[] }[] {
  const daily = (seed: GameSeed, sortOrder: number) => ({
    row: {
      merchantCode,
      code: seed.code,
      name: seed.name,
      region: seed.region,
      category: 'LOTT' as const,
      playTypes: ['trad'],
      schedule: 'daily' as const,
      weekdays: seed.weekdays ?? ALL_DAYS,
      drawTime: DRAW_TIMES[seed.region],
      stations: seed.code === 'MB' ? NORTH_STATIONS : null,
      intervalSeconds: null,
      closeSeconds: DAILY_CLOSE_SECONDS,
      maxPerDraw: 500_000_000n,
      sortOrder,
    },
    catalogueNames: seed.catalogueNames,
  });
  const north: GameSeed = {
    code: 'MB',
    name: 'Miền Bắc',
    region: 'MB',
    catalogueNames: ['Miền Bắc', 'Hà Nội'],
  };
  return [
    daily(north, 0),
    ...SOUTH.map((seed, index) => daily(seed, 100 + index)),
    ...CENTRAL.map((seed, index) => daily(seed, 200 + index)),
    ...FAST.map((seed, index) => ({
      row: {
        merchantCode,
        code: seed.code,
        name: seed.name,
        region: seed.region,
        category: 'ELOTT' as const,
        playTypes: ['ent', 'trad'],
        schedule: 'interval' as const,
        weekdays: null,
        drawTime: null,
        stations: null,
        intervalSeconds: seed.intervalSeconds ?? 60,
        closeSeconds: FAST_CLOSE_SECONDS,
        maxPerDraw: 200_000_000n,
        sortOrder: index,
      },
      catalogueNames: seed.catalogueNames,
    })),
  ];
}

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
export const BASE_ODDS: Record<Exclude<LotteryBetType, 'SUM'>, OddsSeed> = {
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
export function sumPayout(sum: number): bigint {
  const ways = sum <= 9 ? sum + 1 : 19 - sum;
  return (BigInt(Math.floor((1_000 * 100 * 0.95) / ways)) / 10n) * 10n;
}

/** Payout per mille of each prize mode against Lott. */
export const PRIZE_MODE_PAYOUT_PER_MILLE: Record<PrizeMode, bigint> = {
  Lott: 1_000n,
  ZY: 985n,
  Elott: 990n,
  SEA: 970n,
};

export function lotteryOddsRows(merchantCode: string) {
  const rows: (typeof lotteryOdds.$inferInsert)[] = [];
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

const CATALOGUE_VENDORS = ['TCG', 'TCG_LOTTO_VN', 'VRL'];

export async function seedLottery(tx: DbOrTx, merchantCode: string) {
  const games = lotteryGameRows(merchantCode);
  const createdGames = await tx
    .insert(lotteryGame)
    .values(games.map(({ row }) => row))
    .onConflictDoNothing()
    .returning({ id: lotteryGame.id });
  const createdOdds = await tx
    .insert(lotteryOdds)
    .values(lotteryOddsRows(merchantCode))
    .onConflictDoNothing()
    .returning({ betType: lotteryOdds.betType });

  // Catalogue links: each catalogue lottery named like one of ours opens it.
  const ours = await tx
    .select({ id: lotteryGame.id, code: lotteryGame.code })
    .from(lotteryGame)
    .where(eq(lotteryGame.merchantCode, merchantCode));
  const idOf = new Map(ours.map((row) => [row.code, row.id]));
  const byName = new Map<string, string>();
  for (const { row, catalogueNames } of games) {
    const id = idOf.get(row.code);
    if (id) for (const name of catalogueNames) byName.set(name, id);
  }
  const catalogue = await tx
    .select({ gameCode: game.gameCode, gameName: game.gameName })
    .from(game)
    .where(
      and(
        eq(game.merchantCode, merchantCode),
        inArray(game.gameType, ['LOTT', 'ELOTT']),
        inArray(game.vassalage, CATALOGUE_VENDORS),
      ),
    );
  const links = catalogue.flatMap((row) => {
    const lotteryGameId = byName.get(row.gameName);
    return lotteryGameId ? [{ merchantCode, catalogueGameCode: row.gameCode, lotteryGameId }] : [];
  });
  const createdLinks =
    links.length === 0
      ? []
      : await tx
          .insert(lotteryCatalogueLink)
          .values(links)
          .onConflictDoNothing()
          .returning({ code: lotteryCatalogueLink.catalogueGameCode });
  return {
    gamesCreated: createdGames.length,
    oddsCreated: createdOdds.length,
    linksCreated: createdLinks.length,
  };
}
