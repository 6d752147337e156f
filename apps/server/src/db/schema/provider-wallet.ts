import {
  DEFAULT_OPEN_ROUND_ACTION,
  DEFAULT_OPEN_ROUND_HOURS,
  OPEN_ROUND_ACTIONS,
  OPEN_ROUND_HOURS_MAX,
  OPEN_ROUND_HOURS_MIN,
  PROVIDER_ALLOWED_ADDRESSES_MAX,
  PROVIDER_KEY_ORIGINS,
  PROVIDER_PROTOCOLS,
} from '@kl/contracts/admin/game-providers';
import { FREE_ROUNDS_STATUSES } from '@kl/contracts/admin/free-rounds';
import { GAME_TYPES } from '@kl/contracts/games';
import { PROVIDER_CREDIT_KINDS } from '@kl/contracts/provider-wallet';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { operator } from './back-office.ts';
import { at, inList, money } from './columns.ts';
import { ledgerTransactionId, memberId, merchantCode } from './references.ts';

/**
 * The seamless wallet of external game providers (docs/decisions/025-provider-wallet.md): the providers a
 * merchant works with, the sessions its launches open at them, and every transaction they sent. Each
 * transaction that moved money names its ledger transaction (unique), written in the same database
 * transaction; the provider's rounds are the members' game records (vendor = the provider's code).
 */

/** A game provider that calls the wallet, with the key its requests are signed with. */
export const gameProvider = pgTable(
  'game_provider',
  {
    merchantCode: merchantCode(),
    /** The provider's code: sent in `x-provider-code`, and the vendor code of its rounds. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    /**
     * The HMAC-SHA256 key shared with the provider, sealed under SECRET_KEYS (a signature is verified with
     * the key itself, so it is encrypted, not hashed: docs/decisions/034-secrets-at-rest.md); a value from
     * before is plain text. Never answered by a call nor written to a log (docs/decisions/025-provider-wallet.md).
     */
    secret: text('secret').notNull(),
    /**
     * When the current key was set, and by whom: the environment at start (SANDBOX_PROVIDER_SECRET, or
     * `saveProvider`), or an operator in the back office, after which the environment no longer changes it
     * (docs/decisions/050-game-providers-in-the-back-office.md).
     */
    keyCreatedAt: at('key_created_at').notNull(),
    keyOrigin: text('key_origin', { enum: PROVIDER_KEY_ORIGINS }).notNull().default('environment'),
    /**
     * The key before the last rotation, sealed as `secret` is (under its own column's name), still accepted
     * until `previous_secret_until`; null when none is (docs/decisions/050-game-providers-in-the-back-office.md).
     */
    previousSecret: text('previous_secret'),
    previousSecretUntil: at('previous_secret_until'),
    /**
     * The wallet protocol it speaks (docs/decisions/065-provider-credits.md): the site's own, or a published
     * one through its adapter, whose settings (keys, addresses) are kept sealed as `secret` is.
     */
    protocol: text('protocol', { enum: PROVIDER_PROTOCOLS }).notNull().default('native'),
    protocolSettings: text('protocol_settings'),
    /** The provider's API address (http or https), where the site reaches it; null when it has none. */
    apiUrl: text('api_url'),
    /** False: every request of the provider is refused (RS_ERROR_INVALID_PARTNER) and nothing launches. */
    enabled: boolean('enabled').notNull().default(true),
    /**
     * What becomes of its rounds still open `open_round_hours` after their first stake: settled as they stand,
     * or voided (stakes given back) (docs/decisions/064-open-provider-rounds.md).
     */
    openRoundAction: text('open_round_action', { enum: OPEN_ROUND_ACTIONS })
      .notNull()
      .default(DEFAULT_OPEN_ROUND_ACTION),
    openRoundHours: integer('open_round_hours').notNull().default(DEFAULT_OPEN_ROUND_HOURS),
    /**
     * The addresses and CIDR blocks its calls may come from, as an owner wrote them in the back office
     * (checked there); empty: any address (docs/decisions/069-provider-address-allow-list.md).
     */
    allowedAddresses: text('allowed_addresses')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Where the provider answers its signed daily report (docs/decisions/028-provider-reconciliation.md); null:
     * it answers none, and the daily reconciliation leaves it out (docs/decisions/070-provider-replay-window.md).
     */
    reportUrl: text('report_url'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.merchantCode, table.code] }),
    check('game_provider_open_round_action_check', inList(table.openRoundAction, OPEN_ROUND_ACTIONS)),
    check(
      'game_provider_open_round_hours_check',
      sql`${table.openRoundHours} between ${sql.raw(String(OPEN_ROUND_HOURS_MIN))} and ${sql.raw(String(OPEN_ROUND_HOURS_MAX))}`,
    ),
    check('game_provider_code_check', sql`${table.code} ~ '^[a-z0-9][a-z0-9_-]{1,31}$'`),
    check('game_provider_secret_check', sql`length(${table.secret}) >= 32`),
    check('game_provider_key_origin_check', inList(table.keyOrigin, PROVIDER_KEY_ORIGINS)),
    check(
      'game_provider_previous_secret_check',
      sql`(${table.previousSecret} is null) = (${table.previousSecretUntil} is null)
        and (${table.previousSecret} is null or length(${table.previousSecret}) >= 32)`,
    ),
    check('game_provider_api_url_check', sql`${table.apiUrl} ~ '^https?://'`),
    check('game_provider_report_url_check', sql`${table.reportUrl} ~ '^https?://'`),
    check('game_provider_protocol_check', inList(table.protocol, PROVIDER_PROTOCOLS)),
    check(
      'game_provider_allowed_addresses_check',
      sql`cardinality(${table.allowedAddresses}) <= ${sql.raw(String(PROVIDER_ALLOWED_ADDRESSES_MAX))}`,
    ),
  ],
);

/**
 * The nonces of the site's own protocol's signed calls (docs/decisions/070-provider-replay-window.md): one row per
 * nonce a provider used, kept while a request carrying it could still be accepted (its signed timestamp plus
 * the window), so that an exact copy of a signed call is refused in every process. Written by one
 * `insert … on conflict` per call, outside the call's own transaction; expired rows are taken over by the
 * nonce's next use and pruned by the provider wallet's periodic job.
 */
export const providerNonce = pgTable(
  'provider_nonce',
  {
    merchantCode: text('merchant_code').notNull(),
    providerCode: text('provider_code').notNull(),
    nonce: text('nonce').notNull(),
    /** The signed timestamp plus the accepted window: past it, no request carrying the nonce is accepted. */
    expiresAt: at('expires_at').notNull(),
  },
  // No index on `expires_at`: every call writes a row, the pruning scans the table once per pass.
  (table) => [primaryKey({ columns: [table.merchantCode, table.providerCode, table.nonce] })],
);

/**
 * A game launched at a provider for a member: the one-time launch token (kept as its SHA-256) and, once the
 * provider exchanged it, the session the provider names in every call. The game is kept as it was at the
 * launch, for the member's game records.
 */
export const providerSession = pgTable(
  'provider_session',
  {
    /** The session id the provider receives (and sends back with each call). */
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    providerCode: text('provider_code').notNull(),
    memberId: memberId(),
    currency: text('currency').notNull(),
    /** The game launched, as the catalogue had it then. */
    gameType: text('game_type', { enum: GAME_TYPES }).notNull(),
    gameId: text('game_id').notNull(),
    gameName: text('game_name').notNull(),
    nodeId: text('node_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    tokenExpiresAt: at('token_expires_at').notNull(),
    /** When the provider exchanged the token (null until then), and until when the session takes stakes. */
    authenticatedAt: at('authenticated_at'),
    expiresAt: at('expires_at'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    foreignKey({
      name: 'provider_session_provider_fk',
      columns: [table.merchantCode, table.providerCode],
      foreignColumns: [gameProvider.merchantCode, gameProvider.code],
    }),
    uniqueIndex('provider_session_token_key').on(table.tokenHash),
    index('provider_session_member_idx').on(table.memberId, table.createdAt),
    check('provider_session_game_type_check', inList(table.gameType, GAME_TYPES)),
    check(
      'provider_session_authenticated_check',
      sql`(${table.authenticatedAt} is null) = (${table.expiresAt} is null)`,
    ),
  ],
);

/**
 * Free rounds granted to a member at a provider (docs/decisions/065-provider-credits.md): so many rounds of
 * one game at a stake each, until a time; their wins are the provider's `free_round` credits naming the
 * grant, credited with the grant's turnover multiple.
 */
export const providerFreeRounds = pgTable(
  'provider_free_rounds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code').notNull(),
    providerCode: text('provider_code').notNull(),
    memberId: memberId(),
    /** The catalogue's game the rounds are played in, and its name then. */
    gameId: text('game_id').notNull(),
    gameName: text('game_name').notNull(),
    rounds: integer('rounds').notNull(),
    /** The stake each round plays, in minor units (the provider's money, not the member's). */
    roundValue: money('round_value').notNull(),
    /** Times its winnings to stake before they can be withdrawn (0: none). */
    turnoverMultiple: integer('turnover_multiple').notNull(),
    expiresAt: at('expires_at').notNull(),
    /** What its credits paid so far. */
    won: money('won')
      .notNull()
      .default(sql`0`),
    status: text('status', { enum: FREE_ROUNDS_STATUSES }).notNull().default('active'),
    /** Why, for the second operator and the audit. */
    reason: text('reason'),
    /** The requester's key: the same request again answers this grant. */
    idempotencyKey: text('idempotency_key'),
    requestedBy: uuid('requested_by').references(() => operator.id),
    decidedBy: uuid('decided_by').references(() => operator.id),
    decidedAt: at('decided_at'),
    /** When the provider took it; what it answered when it did not. */
    deliveredAt: at('delivered_at'),
    deliveryError: text('delivery_error'),
    /**
     * The provider's own id of the grant when it gives one (Hub88's `reward_uuid`,
     * docs/decisions/067-sandbox-hub88.md): what its free rounds' wins name.
     */
    providerReference: text('provider_reference'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    foreignKey({
      name: 'provider_free_rounds_provider_fk',
      columns: [table.merchantCode, table.providerCode],
      foreignColumns: [gameProvider.merchantCode, gameProvider.code],
    }),
    index('provider_free_rounds_member_idx').on(table.memberId, table.createdAt),
    index('provider_free_rounds_status_idx').on(table.merchantCode, table.status, table.createdAt),
    uniqueIndex('provider_free_rounds_key').on(table.merchantCode, table.idempotencyKey),
    uniqueIndex('provider_free_rounds_reference_key').on(
      table.merchantCode,
      table.providerCode,
      table.providerReference,
    ),
    check('provider_free_rounds_status_check', inList(table.status, FREE_ROUNDS_STATUSES)),
    check('provider_free_rounds_rounds_check', sql`${table.rounds} between 1 and 1000`),
    check('provider_free_rounds_value_check', sql`${table.roundValue} > 0 and ${table.won} >= 0`),
    check('provider_free_rounds_turnover_check', sql`${table.turnoverMultiple} between 0 and 100`),
  ],
);

export type ProviderFreeRoundsRow = typeof providerFreeRounds.$inferSelect;
export type NewProviderFreeRounds = typeof providerFreeRounds.$inferInsert;

/**
 * - `bet`, `win`, `rollback`: a transaction the provider sent and the wallet accepted, with its answer;
 * - `credit`: a credit without a stake (its `credit_kind`; free rounds name their grant);
 * - `void_bet`: the id of a bet the provider rolled back before the wallet saw it (no money, no answer): the
 *   bet is refused if it comes later.
 */
export const PROVIDER_TRANSACTION_KINDS = ['bet', 'win', 'rollback', 'void_bet', 'credit'] as const;
export type ProviderTransactionKind = (typeof PROVIDER_TRANSACTION_KINDS)[number];

/** Every transaction id a provider used, once: unique per provider. */
export const providerTransaction = pgTable(
  'provider_transaction',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantCode: text('merchant_code').notNull(),
    providerCode: text('provider_code').notNull(),
    /** The provider's id of the transaction. */
    transactionId: text('transaction_id').notNull(),
    kind: text('kind', { enum: PROVIDER_TRANSACTION_KINDS }).notNull(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => providerSession.id),
    memberId: memberId(),
    /** The provider's round (a bet's and a win's; a rollback's when its bet is known). */
    roundId: text('round_id'),
    /** A rollback's bet (its provider transaction id). */
    betTransactionId: text('bet_transaction_id'),
    /** A credit's kind, and the free rounds a `free_round` credit pays the win of. */
    creditKind: text('credit_kind', { enum: PROVIDER_CREDIT_KINDS }),
    freeRoundsId: uuid('free_rounds_id').references(() => providerFreeRounds.id),
    /** Minor units: staked, won, or refunded (0 when a rollback refunded nothing); 0 for a void bet. */
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    /** SHA-256 of what the request asked (kind, member and its fields), to tell a repeat from a misuse. */
    requestDigest: text('request_digest'),
    /** The first answer, given again to every repeat. */
    answer: jsonb('answer').$type<Record<string, unknown>>(),
    /** The ledger transaction that moved the money (null when none moved). */
    ledgerTransactionId: ledgerTransactionId('ledger_transaction_id'),
    /** A bet's (or void bet's) rollback: its provider transaction id and when. */
    rolledBackBy: text('rolled_back_by'),
    rolledBackAt: at('rolled_back_at'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    foreignKey({
      name: 'provider_transaction_provider_fk',
      columns: [table.merchantCode, table.providerCode],
      foreignColumns: [gameProvider.merchantCode, gameProvider.code],
    }),
    uniqueIndex('provider_transaction_key').on(table.merchantCode, table.providerCode, table.transactionId),
    uniqueIndex('provider_transaction_ledger_key')
      .on(table.ledgerTransactionId)
      .where(sql`${table.ledgerTransactionId} is not null`),
    index('provider_transaction_round_idx').on(table.merchantCode, table.providerCode, table.roundId),
    check('provider_transaction_kind_check', inList(table.kind, PROVIDER_TRANSACTION_KINDS)),
    check(
      'provider_transaction_amount_check',
      sql`${table.amount} >= 0 and (${table.kind} <> 'bet' or ${table.amount} > 0)
        and (${table.kind} <> 'void_bet' or ${table.amount} = 0)`,
    ),
    // Money moved exactly when an amount was staked, won or refunded.
    check(
      'provider_transaction_ledger_check',
      sql`(${table.ledgerTransactionId} is not null) = (${table.amount} > 0)`,
    ),
    check(
      'provider_transaction_round_check',
      sql`${table.kind} not in ('bet', 'win') or ${table.roundId} is not null`,
    ),
    check(
      'provider_transaction_credit_check',
      sql`(${table.kind} = 'credit') = (${table.creditKind} is not null)
        and (${table.creditKind} is not distinct from 'free_round') = (${table.freeRoundsId} is not null)
        and (${table.kind} <> 'credit' or ${table.amount} > 0)`,
    ),
    check('provider_transaction_credit_kind_check', inList(table.creditKind, PROVIDER_CREDIT_KINDS)),
    check(
      'provider_transaction_rollback_check',
      sql`(${table.kind} = 'rollback') = (${table.betTransactionId} is not null)`,
    ),
    // Only a void bet has no request and no answer.
    check(
      'provider_transaction_answer_check',
      sql`(${table.kind} = 'void_bet') = (${table.requestDigest} is null)
        and (${table.requestDigest} is null) = (${table.answer} is null)`,
    ),
    // Only bets and wins are rolled back, a void bet always is, and a rollback has its time.
    check(
      'provider_transaction_rolled_back_check',
      sql`(${table.rolledBackBy} is null or ${table.kind} in ('bet', 'void_bet', 'win'))
        and (${table.kind} <> 'void_bet' or ${table.rolledBackBy} is not null)
        and (${table.rolledBackBy} is null) = (${table.rolledBackAt} is null)`,
    ),
  ],
);

export type GameProviderRow = typeof gameProvider.$inferSelect;
export type ProviderSessionRow = typeof providerSession.$inferSelect;
export type NewProviderSession = typeof providerSession.$inferInsert;
export type ProviderTransactionRow = typeof providerTransaction.$inferSelect;
export type NewProviderTransaction = typeof providerTransaction.$inferInsert;

/**
 * The daily reconciliation of a provider's report against the operator's provider transactions and ledger
 * (docs/decisions/028-provider-reconciliation.md): one row per (merchant, provider, UTC day), replaced by a
 * run again, with the counts, the totals per action and every difference found.
 */
export const providerReconciliation = pgTable(
  'provider_reconciliation',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantCode: text('merchant_code').notNull(),
    providerCode: text('provider_code').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['clean', 'differences'] }).notNull(),
    providerTransactions: integer('provider_transactions').notNull(),
    operatorTransactions: integer('operator_transactions').notNull(),
    differenceCount: integer('difference_count').notNull(),
    /** Count and amount per action on each side (amounts as decimal strings of minor units). */
    totals: jsonb('totals')
      .$type<Record<string, Record<string, { count: number; amount: string }>>>()
      .notNull(),
    /** Each difference: kind, transaction, action, round, player, and each side's amount and status. */
    differences: jsonb('differences').$type<Record<string, unknown>[]>().notNull(),
    ranAt: at('ran_at').notNull(),
    ranBy: text('ran_by').notNull(),
  },
  (table) => [
    foreignKey({
      name: 'provider_reconciliation_provider_fk',
      columns: [table.merchantCode, table.providerCode],
      foreignColumns: [gameProvider.merchantCode, gameProvider.code],
    }),
    uniqueIndex('provider_reconciliation_day_key').on(table.merchantCode, table.providerCode, table.day),
    check('provider_reconciliation_status_check', inList(table.status, ['clean', 'differences'])),
  ],
);

export type ProviderReconciliationRow = typeof providerReconciliation.$inferSelect;
