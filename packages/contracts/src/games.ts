import type { ApiTable } from './api-call.ts';
import { z } from 'zod';
import { COCKFIGHT_VENDORS, ESPORTS_VENDORS, PAGE_SIZE, WINNER_BOARD } from './constants.ts';
import type { PlayType, PrizeMode } from './constants.ts';

/**
 * The game catalogue (product.md §3 Game, Game search query, Recent, Hot, Favourites, Vendor; §4 Favourites,
 * Lists, Prize mode; §5 launch routing; §7 game calls).
 *
 * Money: a game's minimum bet is exposed as a decimal string of the game credit (`'0.01'`, the values
 * of the min bet filter); the server keeps it as integer hundredths. A winner's `winAmount` is an
 * integer in the minor unit of `currency`; VND has no minor unit, so it is whole đồng.
 */

/** Game types of the catalogue (a game's `gameType`, a vendor's `gameCategory`). */
export const GAME_TYPES = [
  'RNG',
  'FISH',
  'PVP',
  'LIVE',
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
  'LOTT',
  'ELOTT',
] as const;
export type GameType = (typeof GAME_TYPES)[number];

/**
 * The order of the categories in the vendor structure (product.md §4): e-sports and cockfight are split
 * from sports, e-sports inserted after ELOTT and cockfight after PVP.
 */
export const CATEGORY_SORTING = [
  'RNG',
  'FISH',
  'PVP',
  'COCKFIGHT',
  'LIVE',
  'SPORTS',
  'LOTT',
  'ELOTT',
  'ESPORTS',
] as const satisfies readonly GameType[];

/** A vendor listed under sports by its feed goes to e-sports or cockfight by its code (product.md §4, §9). */
export function splitFromSports(gameType: GameType, vassalage: string): GameType {
  if (gameType !== 'SPORTS') return gameType;
  if ((ESPORTS_VENDORS as readonly string[]).includes(vassalage)) return 'ESPORTS';
  if ((COCKFIGHT_VENDORS as readonly string[]).includes(vassalage)) return 'COCKFIGHT';
  return gameType;
}

/** Slot classes of the filter panel (product.md §2): jackpot, scatter, video poker, table games, arcade. */
export const GAME_CLASSES = ['JP', 'SC', 'VP', 'TG', 'AC'] as const;
export type GameClass = (typeof GAME_CLASSES)[number];

/** Minimum bets of the filter panel (product.md §2), as the API writes them. */
export const MIN_BETS = ['0.01', '0.05', '0.1', '0.5', '0.75'] as const;
export type MinBet = (typeof MIN_BETS)[number];

/** The in-house provider (product.md §2 BGS home section, §9 INHOUSE maps to RNG and vendor BGS). */
export const IN_HOUSE_VENDOR = 'BGS';
/** The vendor family of the BG home section (`gameClassify` BG). */
export const BG_CLASSIFY = 'BG';
/** Lottery vendors named by the launch routing (product.md §5). */
export const LOTTO_VN_VENDOR = 'TCG_LOTTO_VN';
export const SEA_LOTTERY_VENDOR = 'TCG_SEA';
/**
 * The vendor of the catalogue games the back office makes for the in-house lottery's lotteries (one in
 * LOTT, one in ELOTT; docs/decisions/053-lotteries-in-the-back-office.md). Its launches route as any
 * lottery vendor's.
 */
export const IN_HOUSE_LOTTERY_VENDOR = 'KL_LOTTERY';
export const LOTTERY_GAME_TYPES = ['LOTT', 'ELOTT'] as const satisfies readonly GameType[];

/**
 * List-first vendors: a vendor of these types opens its game list (/m/gameList) instead of launching;
 * they are the types the game list route takes (product.md §2 /m/gameList gameType RNG, FISH, PVP).
 */
export const LIST_FIRST_GAME_TYPES = ['RNG', 'FISH', 'PVP'] as const satisfies readonly GameType[];
export const isListFirst = (gameType: string) =>
  (LIST_FIRST_GAME_TYPES as readonly string[]).includes(gameType);

/**
 * Generated artwork, outside the API table because its address carries the file name:
 * `/api/games/art/<gameId>.webp` and `/api/games/vendor-art/<vassalage>.webp` (module id COMM3); the
 * same name with `.svg` is the drawing the picture is made from.
 */
export const GAME_ART_PREFIX = '/api/games/art/';
export const VENDOR_ART_PREFIX = '/api/games/vendor-art/';

/** Client type of recent games and launches (product.md §9). */
export const GAME_CLIENT_TYPE = 2;
export const MAX_GAME_PAGE_SIZE = 100;
/** A launch token works once, within this time. */
export const LAUNCH_TOKEN_TTL_MS = 2 * 60_000;
export const GAME_NAME_MAX = 64;

/** Languages the game calls take: the site's languages and UR. */
export const GAME_LANGUAGES = [
  'VI',
  'EN',
  'CN',
  'TW',
  'JA',
  'KO',
  'TH',
  'MY',
  'ES',
  'HI',
  'ID',
  'KM',
  'MS',
  'PT',
  'TA',
  'UR',
] as const;
export type GameLanguage = (typeof GAME_LANGUAGES)[number];
/** product.md §5: language UR is sent as EN to hot games. */
export const hotGamesLanguage = (language: string): string =>
  language.toUpperCase() === 'UR' ? 'EN' : language;

// ——— shapes ———

const gameLanguage = z
  .string()
  .transform((value) => value.toUpperCase())
  .pipe(z.enum(GAME_LANGUAGES));
/** `1`/`0`/`true`/`false` in a query string. */
const queryFlag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');
const pageNo = z.coerce.number().int().min(1).max(100_000);
const pageSize = z.coerce.number().int().min(1).max(MAX_GAME_PAGE_SIZE);
const code = z.string().regex(/^[A-Za-z0-9_]{1,32}$/);
/** A node id: the decimal digits of a catalogue node. */
export const nodeIdSchema = z.string().regex(/^[0-9]{1,18}$/);
export const gameIdSchema = z.string().regex(/^[0-9]{1,18}$/);

/** product.md §3 Game. */
export const game = z.object({
  gameType: z.enum(GAME_TYPES),
  vassalage: z.string(),
  vendorCode: z.string(),
  gameId: z.string(),
  roomId: z.string().nullable(),
  nodeId: z.string(),
  nodeName: z.string(),
  gameName: z.string(),
  gameCode: z.string(),
  gameGroupId: z.string().nullable(),
  /** Lottery play modes: `Tradition`, `Entertainment` or both joined by a comma; null outside lottery. */
  lottoMode: z.string().nullable(),
  displayName: z.string(),
  mobileLargeIcon: z.string(),
  iconUrl: z.string(),
  /** The slot class (JP, SC, VP, TG, AC), or the vendor family outside slots; '' when none. */
  gameClassify: z.string(),
  /** Every classification of the game (slot class and vendor family). */
  gameClassifyNew: z.array(z.string()),
  /** 1 when the game can be played for free. */
  supportPlay: z.union([z.literal(0), z.literal(1)]),
  isNew: z.boolean(),
  isTop: z.boolean(),
  /** Decimal string of the game credit, e.g. '0.01'. */
  minBet: z.string(),
  minLine: z.number().int(),
});
export type Game = z.infer<typeof game>;

/** product.md §3 Game search query. `merchant` and `platform` may be sent; the server serves its own merchant. */
export const gameSearchQuery = z.object({
  merchant: code.optional(),
  platform: z.literal('html5').optional(),
  gameName: z.string().trim().max(GAME_NAME_MAX).optional(),
  gameType: z.enum(GAME_TYPES).optional(),
  pageNo: pageNo.default(1),
  pageSize: pageSize.default(PAGE_SIZE.search),
  vassalage: code.optional(),
  gameClassify: z
    .string()
    .regex(/^[A-Z0-9_]{1,16}$/)
    .optional(),
  isNew: queryFlag.optional(),
  isTop: queryFlag.optional(),
  /** A value of the min bet filter; `all` (or absent) for any. */
  minBet: z.enum(['all', ...MIN_BETS]).optional(),
  /** Games with at least this many lines. */
  minLine: z.coerce.number().int().min(0).max(10_000).optional(),
  language: gameLanguage.optional(),
});
export type GameSearchQuery = z.input<typeof gameSearchQuery>;
export const gameSearchResult = z.object({
  games: z.array(game),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type GameSearchResult = z.infer<typeof gameSearchResult>;

/** product.md §3 Hot: `list`, at most PAGE_SIZE.hot games, no further pages. */
export const hotGamesQuery = z.object({
  isPlatform: queryFlag.optional(),
  language: gameLanguage.optional(),
  platform: z.literal('html5').optional(),
  gameType: z.enum(GAME_TYPES).optional(),
  vassalage: code.optional(),
});
export const gameListResult = z.object({ list: z.array(game) });
export type GameListResult = z.infer<typeof gameListResult>;

/** product.md §3 Recent: newest launch first. */
export const recentGamesQuery = z.object({
  page: pageNo.default(1),
  pageSize: pageSize.default(PAGE_SIZE.recent),
  gameType: z.enum(GAME_TYPES).optional(),
  language: gameLanguage.optional(),
  clientType: z.coerce.number().int().pipe(z.literal(GAME_CLIENT_TYPE)).optional(),
});
export const recentGamesResult = z.object({
  list: z.array(game.extend({ lastPlayedAt: z.string() })),
  totalPages: z.number().int(),
});

/** product.md §3 Favourites. */
export const favouritesQuery = z.object({
  gameType: z.enum(GAME_TYPES).optional(),
  pageNo: pageNo.default(1),
  pageSize: pageSize.default(PAGE_SIZE.favourites.list),
  language: gameLanguage.optional(),
});
export const favouritesResult = z.object({
  content: z.array(game),
  totalPages: z.number().int(),
  pageNum: z.number().int(),
});
/** The member's favourites as string node ids (product.md §3). */
export const favouriteIds = z.array(z.string());
/** POST (add) and DELETE (remove) a favourite; `vendor` is the game's vassalage, informative. */
export const favouriteChange = z.object({ nodeId: nodeIdSchema, vendor: code.optional() });
export const favouriteChangeResult = z.object({ nodeId: z.string(), favourite: z.boolean() });

/** product.md §3 Vendor. `mobileSmallIcon` is the vendor's generated icon. */
export const vendor = z.object({
  vassalage: z.string(),
  displayName: z.string(),
  mobileSmallIcon: z.string(),
  gameCategory: z.enum(GAME_TYPES),
  /** Opens its game list first (LIST_FIRST_GAME_TYPES) rather than launching. */
  listFirst: z.boolean(),
});
export type Vendor = z.infer<typeof vendor>;
/** Vassal game type: the vendors and the vendor structure (sorting and mapping) of the merchant. */
export const vendorStructure = z.object({
  vendors: z.array(vendor),
  /** Categories in menu order, each with its vendors in order. */
  sorting: z.array(z.object({ gameCategory: z.enum(GAME_TYPES), vendorNames: z.array(z.string()) })),
  /** Per category: its vendors and the classifications its games carry. */
  mapping: z.record(
    z.string(),
    z.object({ vendors: z.array(z.string()), gameClassify: z.array(z.string()) }),
  ),
  /** product.md §4: ELOTT when the ELOTT mapping contains TCG_LOTTO_VN or LOTT, else LOTT. */
  prizeMode: z.enum(['Lott', 'Elott']),
});
export type VendorStructure = z.infer<typeof vendorStructure>;
export type VendorMapping = VendorStructure['mapping'];

/**
 * The next draw of each listed catalogue lottery that opens an in-house lottery (lottery.ts), keyed by its
 * gameId: the in-house lottery's code, the draw's issue, its draw time and the time betting closes (ISO
 * UTC). Catalogue lotteries that open none (e.g. SEA vendors) are absent.
 */
export const lotteryNextDraws = z.record(
  z.string(),
  z.object({ code: z.string(), issue: z.string(), drawAt: z.string(), closeAt: z.string() }),
);
export type LotteryNextDraws = z.infer<typeof lotteryNextDraws>;

/** Lottery menu: the lottery games by type with the current prize mode and their next draws. */
export const lotteryMenu = z.object({
  prizeMode: z.enum(['Lott', 'Elott']),
  groups: z.array(
    z.object({ gameType: z.enum(LOTTERY_GAME_TYPES), vendors: z.array(z.string()), games: z.array(game) }),
  ),
  nextDraws: lotteryNextDraws.default({}),
});
/** Lottery list of one type: its games and their next draws. */
export const lotteryListResult = z.object({ list: z.array(game), nextDraws: lotteryNextDraws.default({}) });
export const lotteryListQuery = z.object({
  gameType: z.enum(LOTTERY_GAME_TYPES),
  language: gameLanguage.optional(),
});

/** Winner board (product.md §7: gameCategory ALL, language, limitNum 100; value.list). */
export const winnerBoardQuery = z.object({
  gameCategory: z.enum(['ALL', ...GAME_TYPES]).default('ALL'),
  language: gameLanguage.optional(),
  limitNum: z.coerce.number().int().min(1).max(WINNER_BOARD.entries).default(WINNER_BOARD.entries),
});
export const winner = z.object({
  gameType: z.enum(GAME_TYPES),
  iconUrl: z.string(),
  /** Masked: the first two and the last character kept (`ng***n`). */
  customerName: z.string(),
  gameName: z.string(),
  /** Integer minor units of `currency` (VND: whole đồng). */
  winAmount: z.number().int(),
  currency: z.string(),
  wonAt: z.string(),
});
export const winnerBoard = z.object({ list: z.array(winner) });

/** Masks a customer name for the winner board: the first two and the last character. */
export function maskCustomerName(name: string): string {
  const chars = [...name];
  if (chars.length <= 3) return `${chars[0] ?? ''}***`;
  return `${chars.slice(0, 2).join('')}***${chars[chars.length - 1]}`;
}

// ——— launch routing (product.md §5) ———

/** What is launched: a game, or a vendor's lobby (a vendor tile). */
export const launchQuery = z
  .object({
    gameId: gameIdSchema.optional(),
    vassalage: code.optional(),
    gameType: z.enum(GAME_TYPES).optional(),
    /** Where the click came from: a game of a list, or a vendor tile. */
    from: z.enum(['list', 'vendor']).default('list'),
    language: gameLanguage.optional(),
    clientType: z.coerce.number().int().pipe(z.literal(GAME_CLIENT_TYPE)).optional(),
  })
  .refine(
    (query) => query.gameId !== undefined || (query.vassalage !== undefined && query.gameType !== undefined),
    {
      message: 'gameId, or vassalage and gameType',
    },
  );
export type LaunchQuery = z.input<typeof launchQuery>;

export type LaunchRoute =
  | {
      kind: 'lottery';
      /** The rule of product.md §5 that chose it. */
      rule: 'lottoVn' | 'sea' | 'lottery';
      playType: 'ent' | 'trad';
      prizeMode: PrizeMode;
    }
  | { kind: 'gameList'; rule: 'listFirst'; gameType: GameType; vassalage: string }
  | { kind: 'direct'; rule: 'direct'; supportPlay: 0 | 1 };

export interface LaunchTarget {
  vassalage: string;
  gameType: GameType;
  lottoMode?: string | null;
  /** True when a vendor tile (no particular game) was clicked. */
  fromVendor: boolean;
}

export const playTypeOf = (lottoMode: string | null | undefined): 'ent' | 'trad' =>
  lottoMode?.includes('Entertainment') ? 'ent' : 'trad';
export const PLAY_TYPE_NAMES: Record<'ent' | 'trad', PlayType> = { ent: 'Entertainment', trad: 'Tradition' };

/** product.md §4: ELOTT when the ELOTT mapping contains TCG_LOTTO_VN or LOTT, else LOTT. */
export function prizeModeOf(mapping: VendorMapping): 'Lott' | 'Elott' {
  const elott = mapping.ELOTT?.vendors ?? [];
  return elott.includes(LOTTO_VN_VENDOR) || elott.includes('LOTT') ? 'Elott' : 'Lott';
}

/**
 * The launch routing table of product.md §5, in its order:
 * 1. TCG_LOTTO_VN → lottery with the current prize mode (Elott);
 * 2. TCG_SEA → lottery with prize mode SEA;
 * 3. LOTT and ELOTT → lottery with the prize mode, play type trad, or ent when lottoMode has Entertainment;
 * 4. a vendor tile of a list-first vendor → its game list;
 * 5. anything else launches directly, free play supportPlay 0 from a list, 1 from a vendor.
 */
export function launchRouteOf(target: LaunchTarget, prizeMode: 'Lott' | 'Elott'): LaunchRoute {
  const playType = playTypeOf(target.lottoMode);
  if (target.vassalage === LOTTO_VN_VENDOR)
    return { kind: 'lottery', rule: 'lottoVn', playType, prizeMode: 'Elott' };
  if (target.vassalage === SEA_LOTTERY_VENDOR)
    return { kind: 'lottery', rule: 'sea', playType, prizeMode: 'SEA' };
  if ((LOTTERY_GAME_TYPES as readonly string[]).includes(target.gameType)) {
    return { kind: 'lottery', rule: 'lottery', playType, prizeMode };
  }
  if (target.fromVendor && isListFirst(target.gameType)) {
    return { kind: 'gameList', rule: 'listFirst', gameType: target.gameType, vassalage: target.vassalage };
  }
  return { kind: 'direct', rule: 'direct', supportPlay: target.fromVendor ? 1 : 0 };
}

/** `a=1&b=2` of the defined entries, in order. */
export function queryString(entries: Record<string, string | null | undefined>): string {
  return Object.entries(entries)
    .filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== null)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
}

/** The /m/gameList address of a list-first vendor. */
export const gameListPath = (gameType: string, vassalage: string) =>
  `/m/gameList?${queryString({ gameType, vassalage })}`;

/** The /m/launchGame address of a lottery (product.md §2: playType, gameId, gameGroupId, prize_mode, code, pageBack). */
export function lotteryLaunchPath(params: {
  playType: 'ent' | 'trad';
  gameId?: string;
  gameGroupId?: string | null;
  prizeMode: PrizeMode;
  pageBack?: 'home';
}): string {
  return `/m/launchGame?${queryString({
    playType: params.playType,
    gameId: params.gameId,
    gameGroupId: params.gameGroupId,
    prize_mode: params.prizeMode,
    code: params.gameId ?? 'lobby',
    pageBack: params.pageBack,
  })}`;
}

/** Answer of the launch call. `url` is what to open; a token in it is single use and short-lived. */
export const launchResult = z.object({
  kind: z.enum(['lottery', 'gameList', 'direct']),
  rule: z.enum(['lottoVn', 'sea', 'lottery', 'listFirst', 'direct']),
  url: z.string(),
  /** When the launch token in `url` stops working (ISO); null when the url carries none. */
  expiresAt: z.string().nullable(),
  prizeMode: z.enum(['Lott', 'ZY', 'Elott', 'SEA']).nullable(),
  playType: z.enum(['ent', 'trad']).nullable(),
  supportPlay: z.union([z.literal(0), z.literal(1)]).nullable(),
});
export type LaunchResult = z.infer<typeof launchResult>;

/** The in-house provider takes a launch token once and answers what it opens. */
export const launchRedeemRequest = z.object({ token: z.string().min(16).max(128) });
export const launchRedeemResult = z.object({
  userName: z.string(),
  merchantCode: z.string(),
  vassalage: z.string(),
  gameType: z.enum(GAME_TYPES),
  game: game.nullable(),
  prizeMode: z.enum(['Lott', 'ZY', 'Elott', 'SEA']).nullable(),
  playType: z.enum(['ent', 'trad']).nullable(),
  supportPlay: z.union([z.literal(0), z.literal(1)]).nullable(),
});

/** The games calls of the API table (api-paths.ts composes every domain's calls). */
export const gamesCalls = {
  gameVendors: { method: 'GET', path: '/api/games/vendors', moduleId: 'COMM3', response: vendorStructure },
  gameSearch: {
    method: 'GET',
    path: '/api/games/search',
    moduleId: 'COMM3',
    query: gameSearchQuery,
    response: gameSearchResult,
  },
  hotGames: {
    method: 'GET',
    path: '/api/games/hot',
    moduleId: 'COMM3',
    query: hotGamesQuery,
    response: gameListResult,
  },
  recentGames: {
    method: 'GET',
    path: '/api/games/recent',
    moduleId: 'COMM3',
    query: recentGamesQuery,
    response: recentGamesResult,
  },
  favouriteList: {
    method: 'GET',
    path: '/api/games/favourites',
    moduleId: 'COMM3',
    query: favouritesQuery,
    response: favouritesResult,
  },
  favouriteIds: {
    method: 'GET',
    path: '/api/games/favourites/ids',
    moduleId: 'COMM3',
    response: favouriteIds,
  },
  addFavourite: {
    method: 'POST',
    path: '/api/games/favourites',
    moduleId: 'COMM3',
    body: favouriteChange,
    response: favouriteChangeResult,
  },
  removeFavourite: {
    method: 'DELETE',
    path: '/api/games/favourites',
    moduleId: 'COMM3',
    body: favouriteChange,
    response: favouriteChangeResult,
  },
  lotteryMenu: { method: 'GET', path: '/api/games/lottery/menu', moduleId: 'COMM3', response: lotteryMenu },
  lotteryList: {
    method: 'GET',
    path: '/api/games/lottery/list',
    moduleId: 'COMM3',
    query: lotteryListQuery,
    response: lotteryListResult,
  },
  launchGame: {
    method: 'POST',
    path: '/api/games/launch',
    moduleId: 'COMM3',
    body: launchQuery,
    response: launchResult,
  },
  redeemLaunch: {
    method: 'POST',
    path: '/api/games/launch/redeem',
    moduleId: 'COMM3',
    body: launchRedeemRequest,
    response: launchRedeemResult,
  },
  winnerBoard: {
    method: 'GET',
    path: '/api/games/winners',
    moduleId: 'COMM3',
    query: winnerBoardQuery,
    response: winnerBoard,
  },
} as const satisfies ApiTable;
