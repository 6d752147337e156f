import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, inList, money } from './columns.ts';

/**
 * The sandbox game provider's own state (docs/decisions/026-sandbox-provider.md): its player sessions, the
 * rounds of its live tables, its matches, bet slips, fishing shots, slot spins, the free rounds the
 * operator granted and the games launched through Hub88's and Pragmatic's protocols. It stands in for a
 * provider on other servers, so no table here references the operator's (members, ledger, game
 * records): the provider knows the player only by the operator's player id and the wallet session it was
 * given, and moves money only through the wallet's calls. Every bet names the provider transaction id it sent, so a
 * restart finishes what was left half-done by sending the same ids again.
 */

export const SANDBOX_TABLE_BET_STATUSES = ['pending', 'accepted', 'settled', 'rolled-back'] as const;
export const SANDBOX_ROUND_STATUSES = ['betting', 'settling', 'settled'] as const;
export const SANDBOX_SLIP_STATUSES = ['pending', 'open', 'settled', 'cashed-out', 'rolled-back'] as const;

/** A player's session at the provider, opened with the operator's launch token. */
export const sandboxProviderSession = pgTable('sandbox_provider_session', {
  /** The provider's session id: the bearer credential of the player's calls. */
  id: uuid('id').primaryKey().defaultRandom(),
  /** The operator's session id, sent with every wallet call. */
  walletSessionId: uuid('wallet_session_id').notNull().unique(),
  playerId: text('player_id').notNull(),
  playerName: text('player_name').notNull(),
  currency: text('currency').notNull(),
  gameId: text('game_id').notNull(),
  demo: boolean('demo').notNull(),
  createdAt: at('created_at').notNull(),
});

/** A round of a live table: its seeds (the server seed kept secret until the close), times and outcome. */
export const sandboxTableRound = pgTable(
  'sandbox_table_round',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    game: text('game').notNull(),
    /** The round's number at its table; the next round is seq + 1. */
    seq: integer('seq').notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    nonce: integer('nonce').notNull(),
    /** Per-round parameters of the game (cockfight: its odds), or null. */
    params: jsonb('params').$type<Record<string, number>>(),
    opensAt: at('opens_at').notNull(),
    closesAt: at('closes_at').notNull(),
    status: text('status', { enum: SANDBOX_ROUND_STATUSES }).notNull().default('betting'),
    outcome: jsonb('outcome'),
    settledAt: at('settled_at'),
  },
  (table) => [
    uniqueIndex('sandbox_table_round_game_seq_key').on(table.game, table.seq),
    index('sandbox_table_round_due_idx').on(table.status, table.closesAt),
    check('sandbox_table_round_status_check', inList(table.status, SANDBOX_ROUND_STATUSES)),
  ],
);

/** One placement at a table round: its lines, and the wallet transaction that took the stake. */
export const sandboxTableBet = pgTable(
  'sandbox_table_bet',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roundId: uuid('round_id')
      .notNull()
      .references(() => sandboxTableRound.id),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sandboxProviderSession.id),
    playerId: text('player_id').notNull(),
    /** The lines placed: `{ kind, stake }` (stakes as strings of minor units). */
    lines: jsonb('lines').$type<{ kind: string; stake: string }[]>().notNull(),
    stake: money('stake').notNull(),
    /** The provider transaction id of the wallet's `bet`. */
    transactionId: text('transaction_id').notNull().unique(),
    status: text('status', { enum: SANDBOX_TABLE_BET_STATUSES }).notNull(),
    returned: money('returned'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    index('sandbox_table_bet_round_idx').on(table.roundId, table.playerId),
    check('sandbox_table_bet_status_check', inList(table.status, SANDBOX_TABLE_BET_STATUSES)),
  ],
);

/** A simulated match of the book, with the seeds of its score and its prices. */
export const sandboxMatch = pgTable(
  'sandbox_match',
  {
    id: text('id').primaryKey(),
    sport: text('sport').notNull(),
    homeId: text('home_id').notNull(),
    awayId: text('away_id').notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    nonce: integer('nonce').notNull(),
    marginBp: integer('margin_bp').notNull(),
    kickOff: at('kick_off').notNull(),
    endsAt: at('ends_at').notNull(),
    /** The final score once played (at endsAt), else null. */
    score: jsonb('score').$type<{ home: number; away: number }>(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('sandbox_match_ends_idx').on(table.endsAt)],
);

/** A bet slip (a single or an accumulator); its id is the round id of its wallet calls. */
export const sandboxSlip = pgTable(
  'sandbox_slip',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sandboxProviderSession.id),
    playerId: text('player_id').notNull(),
    kind: text('kind', { enum: ['single', 'accumulator'] }).notNull(),
    stake: money('stake').notNull(),
    /** The legs as taken: match, market key, pick and price. */
    legs: jsonb('legs').notNull(),
    firstKickOff: at('first_kick_off').notNull(),
    /** When the last of its matches ends: the slip is settled then at the latest. */
    lastEndsAt: at('last_ends_at').notNull(),
    status: text('status', { enum: SANDBOX_SLIP_STATUSES }).notNull(),
    outcome: text('outcome'),
    returned: money('returned'),
    placedAt: at('placed_at').notNull(),
    settledAt: at('settled_at'),
  },
  (table) => [
    index('sandbox_slip_player_idx').on(table.playerId, table.placedAt),
    index('sandbox_slip_status_idx').on(table.status, table.lastEndsAt),
    check('sandbox_slip_status_check', inList(table.status, SANDBOX_SLIP_STATUSES)),
  ],
);

/** A fishing shot: stake and catch, settled at once (its id is the round id of its wallet calls). */
export const sandboxFishingShot = pgTable('sandbox_fishing_shot', {
  id: uuid('id').primaryKey().defaultRandom(),
  sessionId: uuid('session_id')
    .notNull()
    .references(() => sandboxProviderSession.id),
  playerId: text('player_id').notNull(),
  cannonCost: money('cannon_cost').notNull(),
  serverSeed: text('server_seed').notNull(),
  clientSeed: text('client_seed').notNull(),
  nonce: integer('nonce').notNull(),
  outcome: jsonb('outcome').$type<{ fish: string | null; multiplier: number }>().notNull(),
  returned: money('returned').notNull(),
  status: text('status', { enum: ['pending', 'settled', 'rolled-back'] }).notNull(),
  createdAt: at('created_at').notNull(),
});

/**
 * Free rounds the operator granted a player in a game (docs/decisions/065-provider-credits.md), handed over
 * signed (`POST /api/sandbox-provider/free-rounds`): its id is the operator's grant id, so a grant sent again
 * is the same row. `used` counts the rounds taken, each by one conditional update before its spin is
 * played, so parallel spins never play more than `rounds`.
 */
export const sandboxFreeRounds = pgTable(
  'sandbox_free_rounds',
  {
    /**
     * The operator's grant id, named by the wallet's `free_round` credits of its wins; for a reward created
     * through Hub88's protocol, the `reward_uuid` the provider made (its free bets and wins name it).
     */
    id: uuid('id').primaryKey(),
    /**
     * A Hub88 reward's `operator_reference` (the operator's own id of it): a create sent again under it is
     * the same reward. Null for the native grants (their id is the operator's) and a reward without one.
     */
    operatorReference: text('operator_reference').unique(),
    playerId: text('player_id').notNull(),
    /** The catalogue's game the rounds are played in. */
    gameId: text('game_id').notNull(),
    rounds: integer('rounds').notNull(),
    /** The total stake of one round (minor units): its line bet is this over the machine's lines. */
    roundValue: money('round_value').notNull(),
    currency: text('currency').notNull(),
    used: integer('used').notNull().default(0),
    /** A Hub88 reward's start: no round is played before it. Null: playable from its creation. */
    startsAt: at('starts_at'),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    index('sandbox_free_rounds_player_idx').on(table.playerId, table.gameId, table.createdAt),
    check('sandbox_free_rounds_rounds_check', sql`${table.rounds} between 1 and 1000`),
    check('sandbox_free_rounds_used_check', sql`${table.used} between 0 and ${table.rounds}`),
    check('sandbox_free_rounds_value_check', sql`${table.roundValue} > 0`),
  ],
);

export const SANDBOX_SLOT_SPIN_STATUSES = ['pending', 'settled', 'rolled-back'] as const;

/**
 * A slot spin: stake and return, settled at once (its id is the round id of its wallet calls). The round
 * (base spin and free spins) is played from its seeds before the stake is taken; the player's request key
 * makes a retried spin answer the first one. A free round names its grant and stakes nothing (stake 0): what
 * it returned is the wallet's `free_round` credit `free:<id>`.
 */
export const sandboxSlotSpin = pgTable(
  'sandbox_slot_spin',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sandboxProviderSession.id),
    playerId: text('player_id').notNull(),
    requestKey: text('request_key').notNull(),
    lineBet: money('line_bet').notNull(),
    stake: money('stake').notNull(),
    serverSeed: text('server_seed').notNull(),
    clientSeed: text('client_seed').notNull(),
    nonce: integer('nonce').notNull(),
    /** The base spin and its free spins, as the engine played them. */
    spins: jsonb('spins').notNull(),
    returned: money('returned').notNull(),
    status: text('status', { enum: SANDBOX_SLOT_SPIN_STATUSES }).notNull(),
    /** The grant a free round was taken from; null for a paid spin. */
    freeRoundsId: uuid('free_rounds_id').references(() => sandboxFreeRounds.id),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('sandbox_slot_spin_request_key').on(table.sessionId, table.requestKey),
    index('sandbox_slot_spin_status_idx').on(table.status, table.createdAt),
    check('sandbox_slot_spin_status_check', inList(table.status, SANDBOX_SLOT_SPIN_STATUSES)),
  ],
);

export const SANDBOX_WALLET_CALL_STATUSES = ['pending', 'accepted', 'refused', 'unanswered'] as const;

/**
 * Every money call the provider sent the wallet (`bet`, `win`, `rollback`, `credit`), once per transaction
 * id, with what became of it: the provider's own record, from which it answers its daily report to the
 * operator (docs/decisions/028-provider-reconciliation.md). Written before the call (`pending`) and updated
 * with its answer; a later retry of the same id updates the same row.
 */
export const sandboxWalletCall = pgTable(
  'sandbox_wallet_call',
  {
    transactionId: text('transaction_id').primaryKey(),
    action: text('action', { enum: ['bet', 'win', 'rollback', 'credit'] }).notNull(),
    walletSessionId: uuid('wallet_session_id').notNull(),
    /** The round of a bet, win or credit (a rollback's is its bet's). */
    roundId: text('round_id'),
    /** A rollback's bet. */
    betTransactionId: text('bet_transaction_id'),
    /** Staked, won or credited (a rollback: null, its bet's stake). */
    amount: money('amount'),
    currency: text('currency').notNull(),
    roundClosed: boolean('round_closed').notNull().default(false),
    status: text('status', { enum: SANDBOX_WALLET_CALL_STATUSES }).notNull(),
    /** The wallet's catalogue code of a refusal. */
    refusal: text('refusal'),
    calledAt: at('called_at').notNull(),
    answeredAt: at('answered_at'),
  },
  (table) => [
    index('sandbox_wallet_call_day_idx').on(table.calledAt),
    index('sandbox_wallet_call_bet_idx').on(table.betTransactionId),
    // A Hub88 win names its round's bet, found here (`hub88/records.ts`).
    index('sandbox_wallet_call_round_idx').on(table.walletSessionId, table.roundId),
    check('sandbox_wallet_call_status_check', inList(table.status, SANDBOX_WALLET_CALL_STATUSES)),
  ],
);

/**
 * A game launched through Hub88's protocol (docs/decisions/067-sandbox-hub88.md): the operator's `game/url`
 * call recorded, its token naming the player, game and currency. Its id is the wallet session id of the
 * provider sessions opened with that token, so a wallet call of such a session finds its token and player
 * again (Hub88's wallet calls carry the token, never a session of the operator's), and one whose wallet
 * session is no launch's is the native protocol's.
 */
export const sandboxHub88Launch = pgTable('sandbox_hub88_launch', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The operator's token of the game session, sent with every wallet call of it. */
  token: text('token').notNull().unique(),
  /** Hub88's `user`: the operator's id of the player. */
  playerId: text('player_id').notNull(),
  /** Hub88's `game_code`: the catalogue's game. */
  gameId: text('game_id').notNull(),
  currency: text('currency').notNull(),
  lang: text('lang').notNull(),
  lobbyUrl: text('lobby_url').notNull(),
  createdAt: at('created_at').notNull(),
  /** When the game client opened its session with the launch's id: once (the id is in a browser's URL). */
  openedAt: at('opened_at'),
});

/**
 * A game launched through Pragmatic's protocol (docs/decisions/071-sandbox-pragmatic.md): the site sent the
 * member to the provider's game server with its one-time launch token, recorded here. Its id is what the
 * game client's address carries and the wallet session id of the one provider session opened with it; the
 * player and currency are those the token's `authenticate` answered, known once the session is opened.
 */
export const sandboxPragmaticLaunch = pgTable('sandbox_pragmatic_launch', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The operator's launch token, sent with every wallet call of the session. */
  token: text('token').notNull().unique(),
  /** Pragmatic's `symbol`: the catalogue's game. */
  symbol: text('symbol').notNull(),
  language: text('language').notNull(),
  lobbyUrl: text('lobby_url'),
  createdAt: at('created_at').notNull(),
  /** When the game client opened its session with the launch's id: once (the id is in a browser's URL). */
  openedAt: at('opened_at'),
  /** The operator's `userId` of the player, as `authenticate` answered it. */
  playerId: text('player_id'),
  currency: text('currency'),
});
