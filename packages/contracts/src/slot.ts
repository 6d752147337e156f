import type { ApiTable } from './api-call.ts';
import { z } from 'zod';
import { moneySchema } from './wallet-balance.ts';

/**
 * The in-house provably fair slots (product.md §2 /m/slotsCenter, /m/inhouse; §9 INHOUSE → RNG, vendor BGS):
 * a studio of machines (slot-machines/), each catalogue title of the in-house vendor opening one of them.
 * Their rules are in slot-engine.ts (shared with the browser, which replays revealed rounds to verify them).
 *
 * Provably fair: each member has one active server seed (only its SHA-256 is shown), a client seed of their
 * own and a nonce that grows by one per paid round. The outcome of a round is read from
 * HMAC-SHA256(server seed, "<client seed>:<nonce>:<block>"). Rotating reveals the old server seed and starts
 * a new one at nonce 0; every round played with the old seed can then be recomputed.
 *
 * Money: a real member plays with the wallet (one ledger `game_round` per round: the total bet out, the win
 * in); a trial member with their demo money; a real member who launched a game in free play (supportPlay 1)
 * with a separate play-money wallet that never touches the ledger. Amounts are integers in minor units.
 */

/**
 * Bet per line, minor units (đồng). The total bet is the line bet × the machine's lines, or × its bet units
 * on a machine that pays by ways.
 */
export const SLOT_BET_LEVELS = [100, 200, 500, 1_000, 2_000, 5_000] as const;
/** Play money a free-play wallet starts with, and is filled back to when it cannot pay the smallest bet. */
export const SLOT_PLAY_MONEY_START = 1_000_000;
/**
 * The studio's first machine, its name and its identity in the catalogue: what the slot plays when no game
 * of the catalogue was launched.
 */
export const SLOT_MACHINE_NAME = 'Rồng Vàng';
export const SLOT_DEFAULT_MACHINE_ID = 'golden-dragon';
/** The machines the in-house slot titles open, in turn by their place in the catalogue (the first keeps Rồng Vàng). */
export const SLOT_TITLE_MACHINE_IDS = [
  'golden-dragon',
  'lucky-sevens',
  'jade-garden',
  'gem-cascade',
  'golden-koi',
  'treasure-ship',
] as const;
export const SLOT_HOUSE_GAME_ID = 'BGS-RONG-VANG';
/** Rounds per history page: default and most. */
export const SLOT_PAGE_SIZE = { default: 20, max: 100 } as const;

/** Which money a round was played with: the wallet, trial (demo) money or free-play money. */
export const SLOT_MONEY = ['real', 'demo', 'play'] as const;
export type SlotMoney = (typeof SLOT_MONEY)[number];
/** What the screen asks for: the wallet (real or, for a trial member, demo) or free play. */
export const slotMode = z.enum(['wallet', 'play']);
export type SlotMode = z.infer<typeof slotMode>;

/** A client seed: 1–64 printable ASCII characters. */
export const clientSeedSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\x20-\x7e]+$/, 'printable characters only');

const seedHash = z.string().regex(/^[0-9a-f]{64}$/);

export const slotSymbolInfo = z.object({
  code: z.string(),
  kind: z.enum(['regular', 'wild', 'scatter']),
  /** Count in a run → pays (line bets for regular and wild, total bets for scatter). */
  pays: z.record(z.string(), z.number()),
});

/** What the screen needs to draw the machine, and the figures it declares. */
export const slotMachineInfo = z.object({
  /** The studio machine (slot-machines/): stored with each round. */
  id: z.string(),
  name: z.string(),
  /** The look of its screen. */
  theme: z.string(),
  /** The return to player it declares (0.96 = 96%), proven by simulation. */
  declaredRtp: z.number(),
  volatility: z.enum(['low', 'medium', 'high']),
  /** A machine that pays by ways: the ways of its grid, and the line bets its total bet is. */
  ways: z.object({ count: z.number().int(), betUnits: z.number().int() }).nullable(),
  /** Cascades: the fall multipliers (the last one from then on) and the most falls a spin. */
  cascade: z.object({ multipliers: z.array(z.number()), maxFalls: z.number().int() }).nullable(),
  /**
   * A progressive jackpot: `count` or more of `symbol` in view on a base spin win the pool, which takes
   * `contribution` of every stake (0.01 = 1%); `pool` is what it holds now in the session's money.
   */
  jackpot: z
    .object({ symbol: z.string(), count: z.number().int(), contribution: z.number(), pool: moneySchema })
    .nullable(),

  rows: z.number().int(),
  reelCount: z.number().int(),
  symbols: z.array(slotSymbolInfo),
  lines: z.array(z.array(z.number().int())),
  /** Base-game strips (the screen scrolls these while spinning). */
  reels: z.array(z.array(z.string())),
  freeSpins: z.record(z.string(), z.number()),
  freeSpinMultiplier: z.number(),
  maxFreeSpins: z.number().int(),
  betLevels: z.array(moneySchema),
  lineCount: z.number().int(),
});
export type SlotMachineInfo = z.infer<typeof slotMachineInfo>;

export const slotSeedState = z.object({
  serverSeedHash: seedHash,
  clientSeed: z.string(),
  /** The nonce of the next paid round. */
  nonce: z.number().int().min(0),
});
export type SlotSeedState = z.infer<typeof slotSeedState>;

export const slotBalance = z.object({
  money: z.enum(SLOT_MONEY),
  amount: moneySchema,
  currency: z.string(),
});
export type SlotBalance = z.infer<typeof slotBalance>;

/** The game a round is played (and recorded) as. */
export const slotGame = z.object({
  gameId: z.string(),
  gameName: z.string(),
  /** True for the in-house machine itself; false for a catalogue game it stands in for. */
  house: z.boolean(),
});
export type SlotGame = z.infer<typeof slotGame>;

export const slotSessionQuery = z.object({
  mode: slotMode.default('wallet'),
  /** The launched catalogue game; the in-house machine when left out or when that game does not open it. */
  gameId: z.string().min(1).max(32).optional(),
});

export const slotSession = z.object({
  machine: slotMachineInfo,
  game: slotGame,
  balance: slotBalance,
  seed: slotSeedState,
});
export type SlotSession = z.infer<typeof slotSession>;

export const slotLineWin = z.object({
  line: z.number().int(),
  symbol: z.string(),
  count: z.number().int(),
  win: moneySchema,
});
export const slotWayWin = z.object({
  symbol: z.string(),
  count: z.number().int(),
  ways: z.number().int(),
  win: moneySchema,
});
export const slotCascade = z.object({
  grid: z.array(z.array(z.string())),
  lineWins: z.array(slotLineWin),
  wayWins: z.array(slotWayWin).optional(),
  multiplier: z.number(),
  win: moneySchema,
});
export const slotSpinOutcome = z.object({
  kind: z.enum(['base', 'free']),
  stops: z.array(z.number().int()),
  grid: z.array(z.array(z.string())),
  lineWins: z.array(slotLineWin),
  /** A machine that pays by ways. */
  wayWins: z.array(slotWayWin).optional(),
  /** A cascading machine: the falls after the first grid's wins. */
  cascades: z.array(slotCascade).optional(),
  scatters: z.number().int(),
  scatterWin: moneySchema,
  freeSpinsAwarded: z.number().int(),
  /** A jackpot machine's base spin: true when it won the pool. */
  jackpot: z.boolean().optional(),
  win: moneySchema,
});
export type SlotSpinOutcome = z.infer<typeof slotSpinOutcome>;

export const slotRound = z.object({
  roundId: z.string(),
  money: z.enum(SLOT_MONEY),
  gameId: z.string(),
  gameName: z.string(),
  /** The studio machine the round was played on. */
  machineId: z.string(),
  lineBet: moneySchema,
  totalBet: moneySchema,
  /** Everything the round paid: its spins' wins and, when it won it, the jackpot's pool. */
  totalWin: moneySchema,
  /** The progressive jackpot pool the round won (part of totalWin); 0 when none. */
  jackpotWin: moneySchema,
  /** The balance of the round's money right after it. */
  balanceAfter: moneySchema,
  serverSeedHash: seedHash,
  /** Null until the seed is rotated. */
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.number().int().min(0),
  spins: z.array(slotSpinOutcome),
  createdAt: z.string(),
});
export type SlotRound = z.infer<typeof slotRound>;

export const slotSpinRequest = z.object({
  lineBet: z
    .number()
    .int()
    .refine((value) => (SLOT_BET_LEVELS as readonly number[]).includes(value), {
      message: 'one of the bet levels',
    }),
  /** The same key answers the same round (retries are safe). */
  requestKey: z.string().min(8).max(64),
  mode: slotMode.default('wallet'),
  /** The catalogue game that launched the slot (its name on records); the in-house machine otherwise. */
  gameId: z.string().min(1).max(32).optional(),
});
export type SlotSpinRequest = z.input<typeof slotSpinRequest>;

export const slotSpinResult = z.object({
  round: slotRound,
  balance: slotBalance,
  seed: slotSeedState,
  /** A jackpot machine's pool after the round (now, for a replayed answer); null on other machines. */
  jackpotPool: moneySchema.nullable(),
  /** True when the key had been used: the answer is the first round. */
  replayed: z.boolean(),
});
export type SlotSpinResult = z.infer<typeof slotSpinResult>;

export const slotClientSeedRequest = z.object({ clientSeed: clientSeedSchema });

export const slotRotateResult = z.object({
  revealed: z.object({
    serverSeed: z.string(),
    serverSeedHash: seedHash,
    clientSeed: z.string(),
    /** Rounds played with it (nonces 0 … rounds − 1). */
    rounds: z.number().int().min(0),
  }),
  seed: slotSeedState,
});
export type SlotRotateResult = z.infer<typeof slotRotateResult>;

export const slotHistoryQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(SLOT_PAGE_SIZE.max).default(SLOT_PAGE_SIZE.default),
});
export const slotHistory = z.object({
  list: z.array(slotRound),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type SlotHistory = z.infer<typeof slotHistory>;

export const slotRoundQuery = z.object({ roundId: z.string().uuid() });

/** The site's progressive jackpot: what the jackpot machines' real-money pools hold now, together. */
export const slotJackpot = z.object({
  pool: moneySchema,
  currency: z.string(),
});
export type SlotJackpot = z.infer<typeof slotJackpot>;

/** The slot calls of the API table (api-paths.ts composes every domain's calls). */
export const slotCalls = {
  slotSession: {
    method: 'GET',
    path: '/api/slot/session',
    moduleId: 'COMM3',
    query: slotSessionQuery,
    response: slotSession,
  },
  slotSpin: {
    method: 'POST',
    path: '/api/slot/spin',
    moduleId: 'COMM3',
    body: slotSpinRequest,
    response: slotSpinResult,
  },
  slotClientSeed: {
    method: 'PUT',
    path: '/api/slot/seed/client',
    moduleId: 'COMM3',
    body: slotClientSeedRequest,
    response: slotSeedState,
  },
  slotRotateSeed: {
    method: 'POST',
    path: '/api/slot/seed/rotate',
    moduleId: 'COMM3',
    response: slotRotateResult,
  },
  slotHistory: {
    method: 'GET',
    path: '/api/slot/rounds',
    moduleId: 'COMM3',
    query: slotHistoryQuery,
    response: slotHistory,
  },
  slotRound: {
    method: 'GET',
    path: '/api/slot/round',
    moduleId: 'COMM3',
    query: slotRoundQuery,
    response: slotRound,
  },
  slotJackpot: {
    method: 'GET',
    path: '/api/slot/jackpot',
    moduleId: 'COMM3',
    response: slotJackpot,
  },
} as const satisfies ApiTable;
