import type { LotteryRegion } from '@kl/contracts/lottery';
import { and, eq, inArray } from 'drizzle-orm';
import { game, type NewLotteryGame } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { createLotterySetupRepository } from './setup-repository.ts';
import { standardOddsRows } from './standard-odds.ts';

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

const CATALOGUE_VENDORS = ['TCG', 'TCG_LOTTO_VN', 'VRL'];

/**
 * The demo merchant's lotteries, the standard odds and the links of the demo catalogue's lottery games,
 * written through the statements the back office writes them with (setup-repository.ts).
 */
export async function seedLottery(tx: DbOrTx, merchantCode: string) {
  const setup = createLotterySetupRepository(tx);
  const games = lotteryGameRows(merchantCode);
  const createdGames = await setup.insertGames(
    games.map(({ row }) => row),
    tx,
  );
  const oddsCreated = await setup.insertOdds(standardOddsRows(merchantCode), tx);

  // Catalogue links: each catalogue lottery named like one of ours opens it.
  const ours = await setup.gamesOf(merchantCode, tx);
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
  return {
    gamesCreated: createdGames.length,
    oddsCreated,
    linksCreated: await setup.linkCatalogueGames(links, tx),
  };
}
