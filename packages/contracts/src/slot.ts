import type { ApiTable } from './api-call.ts';
import { z } from 'zod';
import { moneySchema } from './wallet.ts';

/**
 * The in-house provably fair slot "Rồng Vàng" (product.md §2 /m/slotsCenter, /m/inhouse; §9 INHOUSE → RNG, vendor
 * BGS). Its rules and machine are in slot-engine.ts and slot-machine.ts (shared with the browser, which
 * replays revealed rounds to verify them).
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

/** Bet per line, minor units (đồng). The total bet is the line bet × SLOT_LINE_COUNT. */
export const SLOT_BET_LEVELS = [100, 200, 500, 1_000, 2_000, 5_000] as const;
export const SLOT_LINE_COUNT = 20;
/** Play money a free-play wallet starts with, and is filled back to when it cannot pay the smallest bet. */
export const SLOT_PLAY_MONEY_START = 1_000_000;
/** The in-house machine's name and its identity in the catalogue when no game of it was launched. */
export const SLOT_MACHINE_NAME = 'Rồng Vàng';
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

/** What the screen needs to draw the machine. */
export const slotMachineInfo = z.object({
  name: z.string(),
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
export const slotSpinOutcome = z.object({
  kind: z.enum(['base', 'free']),
  stops: z.array(z.number().int()),
  grid: z.array(z.array(z.string())),
  lineWins: z.array(slotLineWin),
  scatters: z.number().int(),
  scatterWin: moneySchema,
  freeSpinsAwarded: z.number().int(),
  win: moneySchema,
});
export type SlotSpinOutcome = z.infer<typeof slotSpinOutcome>;

export const slotRound = z.object({
  roundId: z.string(),
  money: z.enum(SLOT_MONEY),
  gameId: z.string(),
  gameName: z.string(),
  lineBet: moneySchema,
  totalBet: moneySchema,
  totalWin: moneySchema,
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
} as const satisfies ApiTable;
