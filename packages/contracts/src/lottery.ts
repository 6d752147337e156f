import type { ApiTable } from './api-call.ts';
import { z } from 'zod';
import { PRIZE_MODES } from './constants.ts';
import { moneySchema } from './wallet-balance.ts';
import { pageParams } from './paging.ts';

/**
 * The in-house Vietnamese lottery (product.md §7 lottery list, lottery menu, recent VN lottery, VN numero; §9
 * prize modes Lott, ZY, Elott, SEA and play types Tradition (`trad`), Entertainment (`ent`)).
 *
 * Games draw daily (northern MB with its rotating station, southern MN and central MT provinces on their
 * weekdays) or every 1, 3 or 5 minutes (fast, northern format). Each draw is committed before betting
 * opens: its seed's SHA-256 (`seedHash`) is published with the draw; the result is computed from the seed,
 * which is revealed with the result, so anyone can check SHA-256(seed) = seedHash and recompute the
 * numbers (HMAC-SHA256(seed, "<prize>:<block>") bytes below 250, mod 10). All money is integer minor
 * units (VND: đồng). Times are ISO-8601 UTC; Vietnam time is UTC+7.
 */

export const LOTTERY_REGIONS = ['MB', 'MN', 'MT'] as const;
export type LotteryRegion = (typeof LOTTERY_REGIONS)[number];
/** LOTT: the daily traditional draws; ELOTT: the fast draws (entertainment). */
export const LOTTERY_CATEGORIES = ['LOTT', 'ELOTT'] as const;
export type LotteryCategory = (typeof LOTTERY_CATEGORIES)[number];
export const LOTTERY_SCHEDULES = ['daily', 'interval'] as const;
export const LOTTERY_PLAY_TYPES = ['trad', 'ent'] as const;
/**
 * scheduled (taking bets until closeAt, seed secret) → drawn (result and seed out) → settled (bets paid); or
 * scheduled → void (called off by an operator before it was drawn: every bet refunded, no result ever).
 */
export const LOTTERY_DRAW_STATUSES = ['scheduled', 'drawn', 'settled', 'void'] as const;
export type LotteryDrawStatus = (typeof LOTTERY_DRAW_STATUSES)[number];
export const LOTTERY_BET_STATUSES = ['open', 'won', 'lost', 'cancelled'] as const;
export type LotteryBetStatus = (typeof LOTTERY_BET_STATUSES)[number];
/** Prizes of a result: DB is the special prize (giải đặc biệt), G1 … G8 the others. */
export const LOTTERY_PRIZES = ['DB', 'G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7', 'G8'] as const;

/**
 * Bet types. Traditional: LO2/LO3/LO4 (lô 2/3/4 số), XIEN2/3/4 (xiên), DE_SPECIAL (đề đặc biệt), DE_HEAD
 * (đề đầu: MB G7, MN/MT G8), DE_HEAD_TAIL (đề đầu đuôi), DE_FIRST (đề giải nhất), CANG3/CANG4 (3/4 càng),
 * DAU/DUOI (đầu/đuôi of the special). Entertainment, on the special's last two digits: TAI_XIU (TAI 50–99,
 * XIU 00–49), CHAN_LE (CHAN even, LE odd), SUM (sum of the two digits, 0–18).
 */
export const LOTTERY_BET_TYPES = [
  'LO2',
  'LO3',
  'LO4',
  'XIEN2',
  'XIEN3',
  'XIEN4',
  'DE_SPECIAL',
  'DE_HEAD',
  'DE_HEAD_TAIL',
  'DE_FIRST',
  'CANG3',
  'CANG4',
  'DAU',
  'DUOI',
  'TAI_XIU',
  'CHAN_LE',
  'SUM',
] as const;
export type LotteryBetType = (typeof LOTTERY_BET_TYPES)[number];

export const LOTTERY_PAGE_SIZE = { default: 20, max: 100 } as const;
/** The most selections one bet may carry. */
export const MAX_SELECTIONS = 100;

const isoTime = z.string().describe('ISO-8601 time (UTC)');
const pageQuery = {
  ...pageParams(LOTTERY_PAGE_SIZE),
};
const page = { pageNum: z.number().int(), totalPages: z.number().int(), total: z.number().int() };

/** A draw still taking bets (or waiting for its time): its seed is secret, its hash public. */
export const lotteryOpenDraw = z.object({
  id: z.string().uuid(),
  /** The draw's number: YYYYMMDD (daily) or YYYYMMDD-NNNN (fast; NNNN its order in the Vietnam day). */
  issue: z.string(),
  /** The station (province) drawing. */
  station: z.string(),
  drawAt: isoTime,
  /** Bets are taken while now < closeAt. */
  closeAt: isoTime,
  /** SHA-256 (hex) of the seed, published before betting closes. */
  seedHash: z.string(),
});
export type LotteryOpenDraw = z.infer<typeof lotteryOpenDraw>;

/** The schedule: daily on weekdays (0 Sunday … 6 Saturday) at drawTime (HH:MM Vietnam time), or every N seconds. */
export const lotterySchedule = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('daily'),
    weekdays: z.array(z.number().int().min(0).max(6)),
    drawTime: z.string(),
    /** The station of each weekday ("0".."6"), when it rotates (MB); else null. */
    stations: z.record(z.string(), z.string()).nullable(),
  }),
  z.object({ kind: z.literal('interval'), intervalSeconds: z.number().int() }),
]);

/** One lottery in a list: with its next draw (null when it has none ahead). */
export const lotteryGameSummary = z.object({
  /** The lottery's code (MB, MN_HCM, MT_DNG, ST1 …): what the other lottery calls take. */
  code: z.string(),
  name: z.string(),
  region: z.enum(LOTTERY_REGIONS),
  category: z.enum(LOTTERY_CATEGORIES),
  /** The play types it takes, the main one first. */
  playTypes: z.array(z.enum(LOTTERY_PLAY_TYPES)),
  schedule: lotterySchedule,
  /** Betting closes this many seconds before each draw. */
  closeSeconds: z.number().int(),
  nextDraw: lotteryOpenDraw.nullable(),
  /** The catalogue games (game ids) that open this lottery when launched. */
  catalogueGameIds: z.array(z.string()),
});
export type LotteryGameSummary = z.infer<typeof lotteryGameSummary>;

export const lotteryGamesQuery = z.object({
  /** LOTT (daily) or ELOTT (fast); both when left out. */
  category: z.enum(LOTTERY_CATEGORIES).optional(),
});
export const lotteryGamesResult = z.object({
  /** The server's clock, for countdowns. */
  serverTime: isoTime,
  list: z.array(lotteryGameSummary),
});

/** How a selection is made: `count` different numbers of `digits` digits, or one of `options`. */
export const lotteryPickRule = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('numbers'), digits: z.number().int(), count: z.number().int() }),
  z.object({ kind: z.literal('option'), options: z.array(z.string()) }),
]);

/** A bet type as offered by one game in one prize mode. */
export const lotteryBetTypeOffer = z.object({
  code: z.enum(LOTTERY_BET_TYPES),
  playType: z.enum(LOTTERY_PLAY_TYPES),
  pick: lotteryPickRule,
  /** What one point of one selection costs. */
  pricePerPoint: moneySchema,
  /** What one point pays per hit (the least of the options when they differ; see payoutsByOption). */
  payoutPerPoint: moneySchema,
  /** Payout per point of each option when they differ (SUM), else null. */
  payoutsByOption: z.record(z.string(), moneySchema).nullable(),
  /** The most one member may stake on one selection of one draw. */
  maxPerNumber: moneySchema,
});
export type LotteryBetTypeOffer = z.infer<typeof lotteryBetTypeOffer>;

export const lotteryGameQuery = z
  .object({
    /** The lottery's code … */
    code: z.string().max(40).optional(),
    /** … or the catalogue game id a launch opened (/m/lotto-h5/…/games/{gameId}). */
    gameId: z.string().max(40).optional(),
    prizeMode: z.enum(PRIZE_MODES).default('Lott'),
  })
  .refine((query) => query.code !== undefined || query.gameId !== undefined, {
    message: 'code or gameId is required',
  });

/** One lottery to play: its bet types and odds in the prize mode, and the draw taking bets. */
export const lotteryGameDetail = lotteryGameSummary.extend({
  prizeMode: z.enum(PRIZE_MODES),
  betTypes: z.array(lotteryBetTypeOffer),
  /** The most one member may stake on one draw. */
  maxPerDraw: moneySchema,
  /** The draw taking bets now (null when none is ahead). */
  openDraw: lotteryOpenDraw.nullable(),
  serverTime: isoTime,
});
export type LotteryGameDetail = z.infer<typeof lotteryGameDetail>;

/** A drawn draw: the result with the seed revealed (verify: sha256(seed) = seedHash). */
export const lotteryDrawResult = lotteryOpenDraw.extend({
  status: z.enum(['drawn', 'settled']),
  /** The seed, revealed with the result. */
  seed: z.string(),
  /** The numbers of each prize, digit strings with leading zeros; DB first. */
  result: z.partialRecord(z.enum(LOTTERY_PRIZES), z.array(z.string())),
  drawnAt: isoTime,
});
export type LotteryDrawResult = z.infer<typeof lotteryDrawResult>;

export const lotteryResultsQuery = z.object({ code: z.string().max(40), ...pageQuery });
export const lotteryResultsPage = z.object({ list: z.array(lotteryDrawResult), ...page });

export const recentLotteryQuery = z.object({ category: z.enum(LOTTERY_CATEGORIES).optional() });
/** Recent VN lottery: the latest result of each game. */
export const recentLotteryResult = z.object({
  list: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      region: z.enum(LOTTERY_REGIONS),
      category: z.enum(LOTTERY_CATEGORIES),
      draw: lotteryDrawResult,
    }),
  ),
});

export const lotteryNumeroQuery = z.object({ code: z.string().max(40) });
/** VN numero: the latest opened numbers of one game (null draw when it has not drawn yet). */
export const lotteryNumero = z.object({
  code: z.string(),
  draw: lotteryDrawResult.nullable(),
  /** Every number, special first. */
  numbers: z.array(z.string()),
  /** The special's number. */
  special: z.string().nullable(),
  /** Head/tail table: for each tens digit 0–9, the units digits of the numbers' last two digits. */
  heads: z.array(z.array(z.string())),
});

/** A member's bet. */
export const lotteryBet = z.object({
  id: z.string().uuid(),
  gameCode: z.string(),
  gameName: z.string(),
  drawId: z.string().uuid(),
  issue: z.string(),
  drawAt: isoTime,
  closeAt: isoTime,
  betType: z.enum(LOTTERY_BET_TYPES),
  prizeMode: z.enum(PRIZE_MODES),
  selections: z.array(z.array(z.string())),
  points: z.number().int(),
  pricePerPoint: moneySchema,
  /** selections × points × pricePerPoint. */
  amount: moneySchema,
  status: z.enum(LOTTERY_BET_STATUSES),
  /** Hits of all selections (0 until settled). */
  hits: z.number().int(),
  /** What it paid (0 until settled, when lost or cancelled); a cancelled bet's stake came back by a reversal. */
  payout: moneySchema,
  /** Placed with demo money (trial). */
  demo: z.boolean(),
  /** True while it may still be cancelled (open and before closeAt). */
  cancellable: z.boolean(),
  createdAt: isoTime,
  settledAt: isoTime.nullable(),
});
export type LotteryBet = z.infer<typeof lotteryBet>;

export const lotteryOrdersQuery = z.object({
  status: z.enum(LOTTERY_BET_STATUSES).optional(),
  code: z.string().max(40).optional(),
  ...pageQuery,
});
export const lotteryOrdersPage = z.object({ list: z.array(lotteryBet), ...page });

export const placeLotteryBetRequest = z.object({
  /** The open draw (from the game call). */
  drawId: z.string().uuid(),
  betType: z.enum(LOTTERY_BET_TYPES),
  prizeMode: z.enum(PRIZE_MODES),
  /** Each selection: its numbers (e.g. ["37"], xiên ["12","34"]) or one option (["TAI"]). */
  selections: z
    .array(z.array(z.string().max(8)).min(1).max(4))
    .min(1)
    .max(MAX_SELECTIONS),
  /** Points per selection. */
  points: z.number().int().min(1).max(1_000_000),
  /** The client's key of this bet: sending it again answers the same bet. */
  requestKey: z.string().min(8).max(64),
});
export const placeLotteryBetResult = z.object({
  bet: lotteryBet,
  /** The member's available balance after the bet (demo money for trial members). */
  balance: moneySchema,
});

export const cancelLotteryBetRequest = z.object({ betId: z.string().uuid() });
export const cancelLotteryBetResult = placeLotteryBetResult;

/** The lottery calls of the API table (api-paths.ts composes every domain's calls). */
export const lotteryCalls = {
  lotteryGames: {
    method: 'GET',
    path: '/api/lottery/games',
    moduleId: 'COMM3',
    query: lotteryGamesQuery,
    response: lotteryGamesResult,
  },
  lotteryGame: {
    method: 'GET',
    path: '/api/lottery/game',
    moduleId: 'COMM3',
    query: lotteryGameQuery,
    response: lotteryGameDetail,
  },
  recentLottery: {
    method: 'GET',
    path: '/api/lottery/recent',
    moduleId: 'COMM3',
    query: recentLotteryQuery,
    response: recentLotteryResult,
  },
  lotteryResults: {
    method: 'GET',
    path: '/api/lottery/results',
    moduleId: 'COMM3',
    query: lotteryResultsQuery,
    response: lotteryResultsPage,
  },
  lotteryNumero: {
    method: 'GET',
    path: '/api/lottery/numero',
    moduleId: 'COMM3',
    query: lotteryNumeroQuery,
    response: lotteryNumero,
  },
  lotteryOrders: {
    method: 'GET',
    path: '/api/lottery/orders',
    moduleId: 'COMM3',
    query: lotteryOrdersQuery,
    response: lotteryOrdersPage,
  },
  placeLotteryBet: {
    method: 'POST',
    path: '/api/lottery/orders',
    moduleId: 'COMM3',
    body: placeLotteryBetRequest,
    response: placeLotteryBetResult,
  },
  cancelLotteryBet: {
    method: 'POST',
    path: '/api/lottery/orders/cancel',
    moduleId: 'COMM3',
    body: cancelLotteryBetRequest,
    response: cancelLotteryBetResult,
  },
} as const satisfies ApiTable;
