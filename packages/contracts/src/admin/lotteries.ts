import { z } from 'zod';
import type { ApiTable } from '../api-call.ts';
import { PRIZE_MODES } from '../constants.ts';
import {
  LOTTERY_BET_TYPES,
  LOTTERY_CATEGORIES,
  LOTTERY_PLAY_TYPES,
  LOTTERY_REGIONS,
  type LotteryCategory,
  type LotteryRegion,
} from '../lottery.ts';
import { moneySchema } from '../wallet.ts';
import type { AdminCallRule } from './calls.ts';
import { operatorRequestView } from './credentials.ts';

/**
 * Setting the in-house lottery up in the back office (docs/back-office.md, "Lotteries";
 * docs/decisions/053-lotteries-in-the-back-office.md): the merchant's lotteries — added with the catalogue
 * game that opens them, edited, switched off — and the odds of every prize mode. Money in minor units
 * (VND: đồng).
 *
 * The checks here are the table's (`lottery_game`, `lottery_odds`) and a few the draw engine needs; the
 * server runs them on every write, the back office's form before sending. A lottery's code, region and
 * category are fixed once written: its draws, bets and odds name them.
 */

/** A lottery's code, as the player's calls name it (MB, MN_HCM, ST1 …). */
export const LOTTERY_CODE_PATTERN = /^[A-Z][A-Z0-9_]{0,31}$/;
/** A daily draw's time, HH:MM Vietnam time. */
export const DRAW_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A fast lottery draws every N seconds, N within these and dividing a day, so that its draws keep their times. */
export const LOTTERY_INTERVAL_SECONDS = { min: 30, max: 86_400 } as const;
export const SECONDS_A_DAY = 86_400;
export const LOTTERY_NAME_MAX = 64;
export const STATION_NAME_MAX = 40;
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** LOTT lotteries draw daily, ELOTT (fast) lotteries every N seconds. */
export const SCHEDULE_OF_CATEGORY: Record<LotteryCategory, 'daily' | 'interval'> = {
  LOTT: 'daily',
  ELOTT: 'interval',
};

const trimmed = (max: number) => z.string().trim().min(1).max(max);
const positiveMoney = moneySchema.refine((value) => value > 0, { message: 'must be positive' });
const weekdayKey = z.enum(['0', '1', '2', '3', '4', '5', '6']);

/**
 * When a lottery draws: daily on some weekdays (0 Sunday … 6 Saturday) at a Vietnam time, with, in the
 * north, the station drawing each weekday; or every `intervalSeconds`.
 */
export const lotterySetupSchedule = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('daily'),
    weekdays: z.array(z.number().int().min(0).max(6)).min(1).max(7),
    drawTime: z.string().regex(DRAW_TIME_PATTERN),
    /** The station of each weekday ("0".."6"); null: the lottery's name. The north only. */
    stations: z.partialRecord(weekdayKey, trimmed(STATION_NAME_MAX)).nullable().default(null),
  }),
  z.object({
    kind: z.literal('interval'),
    intervalSeconds: z.number().int().min(LOTTERY_INTERVAL_SECONDS.min).max(LOTTERY_INTERVAL_SECONDS.max),
  }),
]);
export type LotterySetupSchedule = z.output<typeof lotterySetupSchedule>;

/** What an operator writes of a lottery, on creation and on every edit. */
const lotteryFields = z.object({
  name: trimmed(LOTTERY_NAME_MAX),
  /** The play types whose bet types it takes, the main one (what a launch opens) first. */
  playTypes: z.array(z.enum(LOTTERY_PLAY_TYPES)).min(1).max(LOTTERY_PLAY_TYPES.length),
  schedule: lotterySetupSchedule,
  /** Betting closes this many seconds before each draw. */
  closeSeconds: z
    .number()
    .int()
    .min(0)
    .max(SECONDS_A_DAY - 1),
  /** The most one member may stake on one draw. */
  maxPerDraw: positiveMoney,
  /** Its place among the lotteries of its category (lower first). */
  sortOrder: z.number().int().min(0).max(1_000_000),
  enabled: z.boolean().default(true),
});
type LotteryFields = z.output<typeof lotteryFields>;

/** Why a lottery's fields do not hold together, where, as a code the back office words. */
export const LOTTERY_PROBLEMS = [
  'SCHEDULE_OF_CATEGORY',
  'PLAY_TYPES_REPEATED',
  'WEEKDAYS_REPEATED',
  'STATIONS_NORTH_ONLY',
  'STATION_NOT_DRAWING',
  'INTERVAL_DIVIDES_DAY',
  'CLOSE_AFTER_PREVIOUS_DRAW',
] as const;
export type LotteryProblem = (typeof LOTTERY_PROBLEMS)[number];

/**
 * The checks across fields, with the lottery's fixed category and region: LOTT draws daily and ELOTT every
 * N seconds; no play type or weekday twice; stations in the north only, each on a weekday it draws; an
 * interval dividing a day; betting closing after the previous fast draw.
 */
export function lotteryProblems(
  lottery: Pick<LotteryFields, 'playTypes' | 'schedule' | 'closeSeconds'> & {
    category: LotteryCategory;
    region: LotteryRegion;
  },
): { path: string; reason: LotteryProblem }[] {
  const problems: { path: string; reason: LotteryProblem }[] = [];
  const { schedule } = lottery;
  if (schedule.kind !== SCHEDULE_OF_CATEGORY[lottery.category]) {
    problems.push({ path: 'schedule.kind', reason: 'SCHEDULE_OF_CATEGORY' });
  }
  if (new Set(lottery.playTypes).size !== lottery.playTypes.length) {
    problems.push({ path: 'playTypes', reason: 'PLAY_TYPES_REPEATED' });
  }
  if (schedule.kind === 'daily') {
    if (new Set(schedule.weekdays).size !== schedule.weekdays.length) {
      problems.push({ path: 'schedule.weekdays', reason: 'WEEKDAYS_REPEATED' });
    }
    const stations = Object.keys(schedule.stations ?? {});
    if (stations.length > 0 && lottery.region !== 'MB') {
      problems.push({ path: 'schedule.stations', reason: 'STATIONS_NORTH_ONLY' });
    } else if (stations.some((day) => !schedule.weekdays.includes(Number(day)))) {
      problems.push({ path: 'schedule.stations', reason: 'STATION_NOT_DRAWING' });
    }
  } else {
    if (SECONDS_A_DAY % schedule.intervalSeconds !== 0) {
      problems.push({ path: 'schedule.intervalSeconds', reason: 'INTERVAL_DIVIDES_DAY' });
    }
    if (lottery.closeSeconds >= schedule.intervalSeconds) {
      problems.push({ path: 'closeSeconds', reason: 'CLOSE_AFTER_PREVIOUS_DRAW' });
    }
  }
  return problems;
}

export const updateLotteryRequest = lotteryFields;
export type UpdateLotteryRequest = z.input<typeof updateLotteryRequest>;

export const createLotteryRequest = lotteryFields
  .extend({
    code: z.string().regex(LOTTERY_CODE_PATTERN),
    region: z.enum(LOTTERY_REGIONS),
    category: z.enum(LOTTERY_CATEGORIES),
  })
  .superRefine((lottery, context) => {
    for (const problem of lotteryProblems(lottery)) {
      context.addIssue({ code: 'custom', path: problem.path.split('.'), message: problem.reason });
    }
  });
export type CreateLotteryRequest = z.input<typeof createLotteryRequest>;

/** A catalogue game that opens the lottery (the player's lists and launches go through it). */
export const lotteryCatalogueGame = z.object({
  gameId: z.string(),
  name: z.string(),
  vassalage: z.string(),
  enabled: z.boolean(),
});

export const adminLottery = z.object({
  code: z.string(),
  name: z.string(),
  region: z.enum(LOTTERY_REGIONS),
  category: z.enum(LOTTERY_CATEGORIES),
  playTypes: z.array(z.enum(LOTTERY_PLAY_TYPES)),
  schedule: lotterySetupSchedule,
  closeSeconds: z.number().int(),
  maxPerDraw: moneySchema,
  sortOrder: z.number().int(),
  enabled: z.boolean(),
  catalogueGames: z.array(lotteryCatalogueGame),
  /** Draws created and not drawn yet (taking bets, or closed and waiting for their time). */
  pendingDraws: z.number().int().min(0),
  /** Bets on those draws not settled yet. */
  openBets: z.number().int().min(0),
  /** The soonest draw not drawn yet, when there is one. */
  nextDrawAt: z.iso.datetime().nullable(),
});
export type AdminLottery = z.infer<typeof adminLottery>;

export const adminLotteryList = z.object({
  list: z.array(adminLottery),
  /** Whether the merchant has odds: without, its first lottery writes the standard ones. */
  hasOdds: z.boolean(),
});
export type AdminLotteryList = z.infer<typeof adminLotteryList>;

export const lotteryParams = z.object({ code: z.string().regex(LOTTERY_CODE_PATTERN) });
export const setLotteryEnabledRequest = z.object({ enabled: z.boolean() });

/** A new lottery, and whether it wrote the standard odds (the merchant had none). */
export const lotteryCreated = z.object({ lottery: adminLottery, standardOddsWritten: z.boolean() });
export type LotteryCreated = z.infer<typeof lotteryCreated>;

// Odds.

/** One odds row: a bet type in a prize mode, for a region or every one (`*`), an option or every one (`*`). */
export const lotteryOddsKey = z.object({
  prizeMode: z.enum(PRIZE_MODES),
  betType: z.enum(LOTTERY_BET_TYPES),
  region: z.enum([...LOTTERY_REGIONS, '*']),
  pick: z.string().regex(/^(\*|[A-Z0-9_]{1,8})$/),
});
export type LotteryOddsKey = z.infer<typeof lotteryOddsKey>;

/** What one point costs, what it pays per hit, and the most a member stakes on one selection of a draw. */
export const lotteryOddsValues = z.object({
  pricePerPoint: positiveMoney,
  payoutPerPoint: positiveMoney,
  maxPerNumber: positiveMoney,
});
export type LotteryOddsValues = z.infer<typeof lotteryOddsValues>;

/** A change of one row waiting for a second owner (it pays more, costs less or takes more). */
export const pendingOddsChange = lotteryOddsValues.extend({
  requestId: z.uuid(),
  requestedBy: z.string(),
  requestedAt: z.iso.datetime(),
});

export const adminLotteryOdds = lotteryOddsKey.extend({
  pricePerPoint: moneySchema,
  payoutPerPoint: moneySchema,
  maxPerNumber: moneySchema,
  pending: pendingOddsChange.nullable(),
});
export type AdminLotteryOdds = z.infer<typeof adminLotteryOdds>;
export const adminLotteryOddsList = z.object({ list: z.array(adminLotteryOdds) });

/** The payload of a `lottery_odds.update` request: the row and the values it asks for. */
export const lotteryOddsChange = lotteryOddsKey.extend(lotteryOddsValues.shape);
export type LotteryOddsChange = z.infer<typeof lotteryOddsChange>;

export const changeLotteryOddsRequest = lotteryOddsChange.extend({
  /** Why, for the second owner and the audit. */
  note: trimmed(500),
});
export type ChangeLotteryOddsRequest = z.input<typeof changeLotteryOddsRequest>;

/**
 * Whether new odds expose the house more than the current ones: a point paying more, costing less, or a
 * member allowed to stake more on one selection. Such a change waits for a second owner.
 */
export function oddsLoosen(current: LotteryOddsValues, next: LotteryOddsValues): boolean {
  return (
    next.payoutPerPoint > current.payoutPerPoint ||
    next.pricePerPoint < current.pricePerPoint ||
    next.maxPerNumber > current.maxPerNumber
  );
}

/** Applied at once (it only tightens), or a request waiting for a second owner. */
export const lotteryOddsChangeResult = z.object({
  applied: z.boolean(),
  odds: adminLotteryOdds,
  request: operatorRequestView.nullable(),
});
export type LotteryOddsChangeResult = z.infer<typeof lotteryOddsChangeResult>;

/** The calls of the Lotteries screen (composed into adminCalls, calls.ts). */
export const adminLotteriesCalls = {
  adminLotteries: {
    method: 'GET',
    path: '/api/admin/lottery/lotteries',
    moduleId: 'ADMIN',
    response: adminLotteryList,
  },
  adminCreateLottery: {
    method: 'POST',
    path: '/api/admin/lottery/lotteries',
    moduleId: 'ADMIN',
    body: createLotteryRequest,
    response: lotteryCreated,
  },
  adminUpdateLottery: {
    method: 'PUT',
    path: '/api/admin/lottery/lotteries/:code',
    moduleId: 'ADMIN',
    params: lotteryParams,
    body: updateLotteryRequest,
    response: adminLottery,
  },
  adminSetLotteryEnabled: {
    method: 'PUT',
    path: '/api/admin/lottery/lotteries/:code/enabled',
    moduleId: 'ADMIN',
    params: lotteryParams,
    body: setLotteryEnabledRequest,
    response: adminLottery,
  },
  adminLotteryOdds: {
    method: 'GET',
    path: '/api/admin/lottery/odds',
    moduleId: 'ADMIN',
    response: adminLotteryOddsList,
  },
  adminChangeLotteryOdds: {
    method: 'PUT',
    path: '/api/admin/lottery/odds',
    moduleId: 'ADMIN',
    body: changeLotteryOddsRequest,
    response: lotteryOddsChangeResult,
  },
} as const satisfies ApiTable;

export const adminLotteriesRules: Record<keyof typeof adminLotteriesCalls, AdminCallRule> = {
  adminLotteries: { area: 'lottery', access: 'read' },
  adminCreateLottery: { area: 'lottery', access: 'write' },
  adminUpdateLottery: { area: 'lottery', access: 'write' },
  adminSetLotteryEnabled: { area: 'lottery', access: 'write' },
  adminLotteryOdds: { area: 'lottery', access: 'read' },
  adminChangeLotteryOdds: { area: 'lottery', access: 'write' },
};
