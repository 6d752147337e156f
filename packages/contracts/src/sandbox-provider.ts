import type { ApiTable } from './api-call.ts';
import { z } from 'zod';
import { FREE_ROUNDS_MAX, PROVIDER_STATUSES } from './provider-wallet.ts';
import { slotSpinOutcome, slotSymbolInfo } from './slot.ts';
import { MAX_LEDGER_AMOUNT, moneySchema } from './wallet-balance.ts';

/**
 * The sandbox game provider's player calls (docs/decisions/026-sandbox-provider.md): what the provider's
 * game client in the browser calls, under /api/sandbox-provider. The provider runs live tables (baccarat,
 * xóc đĩa, bầu cua, cockfight) on a timer, a sports and e-sports book, fishing and a slot; it moves money
 * only through the operator's seamless wallet (docs/decisions/025-provider-wallet.md), over HTTP, signed
 * with its own key, as an outside provider would.
 *
 * A session is opened with the launch token the operator issued; its id is the credential of every
 * other call, sent as `authorization: Bearer <sessionId>` (the site's cookie plays no part). Amounts are
 * integers in the currency's minor unit; odds are decimal × 10 000 (1.95 → 19 500).
 *
 * A refusal the wallet gave (not enough money, a disabled player, a round already ended) answers the
 * wallet's catalogue code, with the provider's status in `value.providerStatus`.
 */

/** The sandbox provider's code at the operator (the provider of the catalogue's third-party vendors in the demo). */
export const SANDBOX_PROVIDER_CODE = 'sandbox';
/** Its name in the site's list of providers. */
export const SANDBOX_PROVIDER_NAME = 'Sandbox provider';

/**
 * The same sandbox provider reached through Hub88's protocol (docs/decisions/067-sandbox-hub88.md): an
 * aggregator of its own at the operator, which launches its games with Hub88's `game/url`, grants free bets
 * with Hub88's rewards and calls the wallet as Hub88 does (`@kl/contracts/provider-hub88`). Its slots are
 * the catalogue's Nova Reels.
 */
export const SANDBOX_HUB88_CODE = 'sandbox-hub88';
export const SANDBOX_HUB88_NAME = 'Sandbox Hub88';
/** Its operator API in the sandboxes process: `<sandboxes>/api/sandbox-hub88/operator/generic/v2/<call>`. */
export const SANDBOX_HUB88_PATH = '/api/sandbox-hub88';
/** Its operator id for the site (Hub88 gives each operator one). */
export const SANDBOX_HUB88_OPERATOR_ID = 1;

/**
 * The same sandbox provider reached through Pragmatic Play's protocol (docs/decisions/071-sandbox-pragmatic.md):
 * a provider of its own at the operator, whose games the site launches by sending the member to its game
 * server with the launch token (`pragmaticLaunchQuery`), and which calls the wallet as Pragmatic does
 * (`@kl/contracts/provider-pragmatic`). Its slots are the catalogue's Spin8.
 */
export const SANDBOX_PRAGMATIC_CODE = 'sandbox-pragmatic';
export const SANDBOX_PRAGMATIC_NAME = 'Sandbox Pragmatic';
/** Its game server in the sandboxes process: the API address the site registers it with. */
export const SANDBOX_PRAGMATIC_GAME_PATH = '/api/sandbox-pragmatic/game';

export const SANDBOX_PROVIDER_SESSION_HEADER = 'authorization';

export const SANDBOX_TABLE_GAMES = ['baccarat', 'xoc-dia', 'bau-cua', 'cockfight'] as const;
export type SandboxTableGame = (typeof SANDBOX_TABLE_GAMES)[number];

/**
 * What the provider's game client at /m/provider/<kind> plays (docs/decisions/027-provider-launch.md): a
 * table, the sports or e-sports book, fishing, or a slot. The launch address carries the one-time `token`,
 * the `lang` and the `lobby` path to go back to.
 */
export const SANDBOX_LAUNCH_KINDS = [...SANDBOX_TABLE_GAMES, 'sports', 'esports', 'fishing', 'slot'] as const;
export type SandboxLaunchKind = (typeof SANDBOX_LAUNCH_KINDS)[number];

/** What each table takes bets on. */
export const SANDBOX_TABLE_BET_KINDS = {
  baccarat: ['player', 'banker', 'tie', 'player-pair', 'banker-pair'],
  'xoc-dia': ['chan', 'le', 'four-red', 'four-white', 'three-red', 'three-white'],
  'bau-cua': ['nai', 'bau', 'ga', 'ca', 'cua', 'tom'],
  cockfight: ['meron', 'wala', 'draw'],
} as const satisfies Record<SandboxTableGame, readonly string[]>;

/** The cannon costs of fishing (minor units): a shot stakes one of them. */
export const SANDBOX_FISHING_CANNONS = [100, 500, 1_000, 5_000, 10_000] as const;

const stake = z.number().int().positive().max(MAX_LEDGER_AMOUNT);
const isoDateTime = z.string();
/** A round, slip or shot's commitment before play, and its seed once revealed. */
const fairness = z.object({
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  /** Null until the round is played. */
  serverSeed: z.string().nullable(),
});

// ——— session ———

export const sandboxOpenSessionRequest = z.object({ token: z.string().min(1).max(200) });
export type SandboxOpenSessionRequest = z.infer<typeof sandboxOpenSessionRequest>;

export const sandboxSession = z.object({
  /** The provider's session id: the bearer credential of the other calls. */
  sessionId: z.uuid(),
  playerName: z.string(),
  currency: z.string(),
  balance: moneySchema,
  /** The catalogue game the player launched. */
  gameId: z.string(),
  demo: z.boolean(),
});
export type SandboxSession = z.infer<typeof sandboxSession>;

export const sandboxBalance = z.object({ currency: z.string(), balance: moneySchema });
export type SandboxBalance = z.infer<typeof sandboxBalance>;

// ——— live tables ———

export const sandboxTableQuery = z.object({ game: z.enum(SANDBOX_TABLE_GAMES) });
export type SandboxTableQuery = z.infer<typeof sandboxTableQuery>;

const tableBetLine = z.object({ kind: z.string().min(1).max(40), stake });

export const sandboxTableRound = z.object({
  roundId: z.string(),
  /** The round's number at its table. */
  seq: z.number().int(),
  /** betting until closesAt; then result (played, settling or settled) until the next round opens. */
  phase: z.enum(['betting', 'result']),
  opensAt: isoDateTime,
  closesAt: isoDateTime,
  fairness,
  /** Per-round parameters (cockfight: its odds), or null. */
  params: z.record(z.string(), z.number()).nullable(),
  /** The played outcome once revealed (the engine's shape of the game), else null. */
  outcome: z.unknown().nullable(),
});
export type SandboxTableRound = z.infer<typeof sandboxTableRound>;

export const sandboxTableBet = z.object({
  betId: z.string(),
  roundId: z.string(),
  bets: z.array(tableBetLine),
  stake: moneySchema,
  /** accepted: the wallet took the stake; settled: the round paid `returned`; rolled-back: refunded. */
  status: z.enum(['pending', 'accepted', 'settled', 'rolled-back']),
  returned: moneySchema.nullable(),
});
export type SandboxTableBet = z.infer<typeof sandboxTableBet>;

export const sandboxTableState = z.object({
  game: z.enum(SANDBOX_TABLE_GAMES),
  betKinds: z.array(z.string()),
  now: isoDateTime,
  /** The round taking bets, or the one just closed while the next one waits to open. */
  current: sandboxTableRound,
  /** The last rounds played, newest first, with their seeds revealed. */
  results: z.array(sandboxTableRound),
  /** The session's player's bets in the current and the last rounds. */
  myBets: z.array(sandboxTableBet),
});
export type SandboxTableState = z.infer<typeof sandboxTableState>;

export const sandboxPlaceTableBetRequest = z.object({
  game: z.enum(SANDBOX_TABLE_GAMES),
  roundId: z.string().min(1).max(100),
  bets: z.array(tableBetLine).min(1).max(10),
});
export type SandboxPlaceTableBetRequest = z.infer<typeof sandboxPlaceTableBetRequest>;

export const sandboxPlaceTableBetResult = z.object({ bet: sandboxTableBet, balance: moneySchema });
export type SandboxPlaceTableBetResult = z.infer<typeof sandboxPlaceTableBetResult>;

// ——— sports and e-sports ———

const marketKey = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('1x2') }),
  z.object({ kind: z.literal('winner') }),
  z.object({ kind: z.literal('handicap'), quarters: z.number().int().min(-40).max(40) }),
  z.object({ kind: z.literal('total'), quarters: z.number().int().min(0).max(80) }),
]);
const pick = z.enum(['home', 'draw', 'away', 'over', 'under']);

export const sandboxMatch = z.object({
  matchId: z.string(),
  sport: z.enum(['football', 'lol', 'cs2', 'dota2']),
  home: z.object({ id: z.string(), name: z.string() }),
  away: z.object({ id: z.string(), name: z.string() }),
  kickOff: isoDateTime,
  /** When the result is known and the bets on it are settled. */
  endsAt: isoDateTime,
  status: z.enum(['open', 'started', 'finished']),
  markets: z.array(
    z.object({
      id: z.string(),
      key: marketKey,
      selections: z.array(z.object({ pick, oddsBp: z.number().int() })),
    }),
  ),
  /** The final score once finished, else null. */
  score: z.object({ home: z.number().int(), away: z.number().int() }).nullable(),
  fairness,
});
export type SandboxMatch = z.infer<typeof sandboxMatch>;

export const sandboxMatches = z.object({ now: isoDateTime, matches: z.array(sandboxMatch) });
export type SandboxMatches = z.infer<typeof sandboxMatches>;

const slipLeg = z.object({
  matchId: z.string().min(1).max(100),
  market: marketKey,
  pick,
  /** The price the player saw: refused when it is no longer the price offered. */
  oddsBp: z.number().int().positive(),
});

/** The stake a slip takes (minor units): at least `min`, at most `max`. */
export const SANDBOX_SLIP_STAKE = { min: 1_000, max: 50_000_000 } as const;

export const sandboxPlaceSlipRequest = z.object({
  stake: z.number().int().min(SANDBOX_SLIP_STAKE.min).max(SANDBOX_SLIP_STAKE.max),
  legs: z.array(slipLeg).min(1).max(12),
});
export type SandboxPlaceSlipRequest = z.infer<typeof sandboxPlaceSlipRequest>;

export const sandboxSlip = z.object({
  slipId: z.string(),
  kind: z.enum(['single', 'accumulator']),
  stake: moneySchema,
  legs: z.array(slipLeg.extend({ result: z.string() })),
  /** What the slip returns if every leg wins. */
  potentialReturn: moneySchema,
  status: z.enum(['pending', 'open', 'settled', 'cashed-out', 'rolled-back']),
  /** won, refunded, partly-lost, lost (settled) or null. */
  outcome: z.string().nullable(),
  returned: moneySchema.nullable(),
  placedAt: isoDateTime,
});
export type SandboxSlip = z.infer<typeof sandboxSlip>;

export const sandboxPlaceSlipResult = z.object({ slip: sandboxSlip, balance: moneySchema });
export const sandboxSlips = z.object({ slips: z.array(sandboxSlip) });
export type SandboxSlips = z.infer<typeof sandboxSlips>;

export const sandboxCashOutRequest = z.object({ slipId: z.string().min(1).max(100) });
export const sandboxCashOutResult = z.object({ slip: sandboxSlip, balance: moneySchema });

// ——— fishing ———

export const sandboxFishingShotRequest = z.object({
  cannonCost: z
    .number()
    .int()
    .refine((value) => (SANDBOX_FISHING_CANNONS as readonly number[]).includes(value), {
      error: `must be one of ${SANDBOX_FISHING_CANNONS.join(', ')}`,
    }),
});
export type SandboxFishingShotRequest = z.infer<typeof sandboxFishingShotRequest>;

export const sandboxFishingShotResult = z.object({
  shotId: z.string(),
  cannonCost: moneySchema,
  fish: z.string().nullable(),
  multiplier: z.number().int(),
  returned: moneySchema,
  fairness,
  balance: moneySchema,
});
export type SandboxFishingShotResult = z.infer<typeof sandboxFishingShotResult>;

// ——— slot ———

/**
 * The sandbox slot: the in-house machine's rules (slot-engine.ts, slot-machine.ts) served by the provider
 * for the catalogue's third-party slot vendors. A spin is one wallet round named by the spin's id: the
 * `bet` of the total bet (line bet × lines), then at once the `win` of what the round returns.
 */
export const SANDBOX_SLOT_LINE_BETS = [100, 200, 500, 1_000, 2_000, 5_000] as const;

export const sandboxSlotMachine = z.object({
  rows: z.number().int(),
  reelCount: z.number().int(),
  lineCount: z.number().int(),
  /** Each line gives the row (0 = top) it crosses on each reel. */
  lines: z.array(z.array(z.number().int())),
  symbols: z.array(slotSymbolInfo),
  lineBets: z.array(moneySchema),
  freeSpins: z.record(z.string(), z.number()),
  freeSpinMultiplier: z.number(),
  maxFreeSpins: z.number().int(),
});
export type SandboxSlotMachine = z.infer<typeof sandboxSlotMachine>;

/**
 * The free rounds the session's player has in its game (the oldest grant with rounds left, not expired):
 * each plays at `lineBet` (the grant's round value over the machine's lines), staking nothing of theirs.
 */
export const sandboxSlotFreeRounds = z.object({
  grantId: z.uuid(),
  roundsLeft: z.number().int().positive(),
  lineBet: moneySchema,
});
export type SandboxSlotFreeRounds = z.infer<typeof sandboxSlotFreeRounds>;

/** The slot's state: the machine, and the session's free rounds (null when it has none to play). */
export const sandboxSlotState = sandboxSlotMachine.extend({ freeRounds: sandboxSlotFreeRounds.nullable() });
export type SandboxSlotState = z.infer<typeof sandboxSlotState>;

export const sandboxSlotSpinRequest = z
  .object({
    /** A paid spin's line bet; a free round plays at its grant's and sends none. */
    lineBet: z
      .number()
      .int()
      .refine((value) => (SANDBOX_SLOT_LINE_BETS as readonly number[]).includes(value), {
        error: `must be one of ${SANDBOX_SLOT_LINE_BETS.join(', ')}`,
      })
      .optional(),
    /** A free round of the session's free rounds (none left: 409 BONUS_NOT_CLAIMABLE, NO_FREE_ROUNDS). */
    free: z.boolean().optional(),
    /** The same key (per session) answers the same spin: a retry never stakes or pays twice. */
    requestKey: z.string().min(8).max(64),
  })
  .refine((request) => request.free === true || request.lineBet !== undefined, {
    error: 'a paid spin names its line bet',
    path: ['lineBet'],
  });
export type SandboxSlotSpinRequest = z.infer<typeof sandboxSlotSpinRequest>;

export const sandboxSlotSpinResult = z.object({
  spinId: z.string(),
  lineBet: moneySchema,
  /** The total bet staked: line bet × lines. */
  stake: moneySchema,
  /** What the round returned (base spin and free spins), 0 when nothing won. */
  returned: moneySchema,
  /** The base spin, then each free spin it led to. */
  spins: z.array(slotSpinOutcome),
  /** The spin's seeds, revealed at once (the round is played before its stake is taken). */
  fairness,
  balance: moneySchema,
  /** True when the request key had been used: the answer is that spin's. */
  replayed: z.boolean(),
  /** A free round: nothing staked (`stake` 0), what it returned credited as the grant's win. */
  free: z.boolean(),
  /** The session's free rounds after this spin (null: none left to play). */
  freeRounds: sandboxSlotFreeRounds.nullable(),
});
export type SandboxSlotSpinResult = z.infer<typeof sandboxSlotSpinResult>;

// ——— free rounds granted by the operator ———

/**
 * The signed purpose of the operator's grant of free rounds (the `action` of the wallet's scheme,
 * docs/decisions/025-provider-wallet.md): `x-provider-signature` is the hex HMAC-SHA256, under the key the
 * provider shares with the operator, of `<timestamp>.free-rounds.<raw body>`.
 */
export const FREE_ROUNDS_PURPOSE = 'free-rounds';

/**
 * Free rounds the operator grants a player (docs/decisions/065-provider-credits.md), handed to the provider:
 * `rounds` rounds of the catalogue's `gameId`, each of `roundValue` (minor units: the total stake of one
 * round), playable until `expiresAt`. Their wins come back as the wallet's `free_round` credits naming
 * `grantId`. The same grant id again with the same body answers the same; with another body 409
 * IDEMPOTENCY_CONFLICT.
 */
export const sandboxFreeRoundsGrant = z.object({
  /** The operator's id of the grant (`provider_free_rounds`). */
  grantId: z.uuid(),
  /** The operator's member id (the wallet's player id). */
  playerId: z.string().min(1).max(100),
  gameId: z.string().min(1).max(100),
  rounds: z.number().int().min(1).max(FREE_ROUNDS_MAX),
  roundValue: stake,
  currency: z.string().regex(/^[A-Z]{3}$/),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type SandboxFreeRoundsGrant = z.infer<typeof sandboxFreeRoundsGrant>;

export const sandboxFreeRoundsGrantResult = z.object({
  status: z.literal('RS_OK'),
  grantId: z.uuid(),
  /** The rounds not yet played. */
  roundsLeft: z.number().int().min(0),
});
export type SandboxFreeRoundsGrantResult = z.infer<typeof sandboxFreeRoundsGrantResult>;

/** The value of a refusal the wallet gave: the provider's status beside the catalogue code. */
export const sandboxWalletRefusal = z.object({ providerStatus: z.enum(PROVIDER_STATUSES) });

/**
 * The sandbox provider's player calls: its own API, served by the sandboxes process (apps/sandboxes,
 * docs/decisions/036-sandboxes-process.md), not the site's table; its game client calls them at the
 * provider's address, with the provider's session as the bearer.
 */
export const sandboxProviderCalls = {
  sandboxProviderOpenSession: {
    method: 'POST',
    path: '/api/sandbox-provider/session',
    moduleId: 'COMM3',
    body: sandboxOpenSessionRequest,
    response: sandboxSession,
  },
  sandboxProviderBalance: {
    method: 'GET',
    path: '/api/sandbox-provider/balance',
    moduleId: 'COMM3',
    response: sandboxBalance,
  },
  sandboxProviderTable: {
    method: 'GET',
    path: '/api/sandbox-provider/table',
    moduleId: 'COMM3',
    query: sandboxTableQuery,
    response: sandboxTableState,
  },
  sandboxProviderPlaceTableBet: {
    method: 'POST',
    path: '/api/sandbox-provider/table/bets',
    moduleId: 'COMM3',
    body: sandboxPlaceTableBetRequest,
    response: sandboxPlaceTableBetResult,
  },
  sandboxProviderMatches: {
    method: 'GET',
    path: '/api/sandbox-provider/matches',
    moduleId: 'COMM3',
    response: sandboxMatches,
  },
  sandboxProviderPlaceSlip: {
    method: 'POST',
    path: '/api/sandbox-provider/slips',
    moduleId: 'COMM3',
    body: sandboxPlaceSlipRequest,
    response: sandboxPlaceSlipResult,
  },
  sandboxProviderSlips: {
    method: 'GET',
    path: '/api/sandbox-provider/slips',
    moduleId: 'COMM3',
    response: sandboxSlips,
  },
  sandboxProviderCashOut: {
    method: 'POST',
    path: '/api/sandbox-provider/slips/cash-out',
    moduleId: 'COMM3',
    body: sandboxCashOutRequest,
    response: sandboxCashOutResult,
  },
  sandboxProviderFishingShot: {
    method: 'POST',
    path: '/api/sandbox-provider/fishing/shots',
    moduleId: 'COMM3',
    body: sandboxFishingShotRequest,
    response: sandboxFishingShotResult,
  },
  sandboxProviderSlot: {
    method: 'GET',
    path: '/api/sandbox-provider/slot',
    moduleId: 'COMM3',
    response: sandboxSlotState,
  },
  sandboxProviderSlotSpin: {
    method: 'POST',
    path: '/api/sandbox-provider/slot/spins',
    moduleId: 'COMM3',
    body: sandboxSlotSpinRequest,
    response: sandboxSlotSpinResult,
  },
  /**
   * The operator's call, not the game client's: signed with the provider's key (FREE_ROUNDS_PURPOSE over
   * the raw body, headers of the wallet's scheme). As the wallet's calls, it has no body schema here: the
   * route checks the signature over the raw text first, then reads it with `sandboxFreeRoundsGrant`.
   */
  sandboxProviderGrantFreeRounds: {
    method: 'POST',
    path: '/api/sandbox-provider/free-rounds',
    moduleId: 'COMM3',
    response: sandboxFreeRoundsGrantResult,
  },
} as const satisfies ApiTable;
