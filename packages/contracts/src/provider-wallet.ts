import type { ApiTable } from './api-call.ts';
import { z } from 'zod';
import { MAX_LEDGER_AMOUNT, moneySchema } from './wallet-balance.ts';

/**
 * The seamless wallet of external game providers (docs/decisions/025-provider-wallet.md). A provider runs
 * the game on its own servers and calls the operator's wallet for every movement: the operator issues a
 * one-time launch token, the provider exchanges it for a session (`authenticate`) and then asks for the
 * balance, takes stakes (`bet`), pays wins (`win`), refunds a stake (`rollback`), closes a round
 * (`roundEnd`) and pays what no stake bought (`credit`: free rounds, bonus, jackpot and promotion wins).
 *
 * Every request is a JSON POST signed with the provider's secret: `x-provider-code` names the provider,
 * `x-provider-timestamp` is unix seconds, `x-provider-nonce` a value the provider never sent before (16 to 64
 * of `A-Z a-z 0-9 _ -`), `x-provider-signature` the hex HMAC-SHA256 of
 * `<timestamp>.<nonce>.<action>.<raw body>` (the action is the last segment of the path: `bet`, `win`…). A
 * nonce seen before within the window is refused (docs/decisions/070-provider-replay-window.md).
 *
 * Answers are the site's envelope. The value carries the provider's status: `{ status: 'RS_OK', … }`;
 * a refusal answers the catalogue code and its HTTP status, with `value.status` the provider's status
 * (`RS_ERROR_NOT_ENOUGH_MONEY`, `RS_ERROR_INVALID_SIGNATURE`…).
 *
 * Amounts are JSON integers in the minor unit of the currency (VND: whole đồng). A provider's transaction
 * id names one movement for good: the same id again answers the first answer, stored; with another body it
 * is refused (RS_ERROR_DUPLICATE_TRANSACTION).
 */

export const PROVIDER_CODE_HEADER = 'x-provider-code';
export const PROVIDER_TIMESTAMP_HEADER = 'x-provider-timestamp';
export const PROVIDER_SIGNATURE_HEADER = 'x-provider-signature';
/** A call's own value, signed: the same nonce again within the window is a replay (decision 070). */
export const PROVIDER_NONCE_HEADER = 'x-provider-nonce';
/** What a nonce looks like: 16 to 64 URL-safe characters (128 random bits as base64url are 22). */
export const PROVIDER_NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
/**
 * A request whose timestamp is further than this from the server's time is refused; within it, its nonce is
 * remembered, so that the same request is answered once.
 */
export const PROVIDER_TIMESTAMP_WINDOW_SECONDS = 300;
/** A launch token must be exchanged within this time. */
export const PROVIDER_LAUNCH_TOKEN_TTL_MS = 5 * 60_000;
/** A session takes stakes for this long after its launch token was exchanged; wins and refunds always. */
export const PROVIDER_SESSION_TTL_MS = 12 * 60 * 60_000;
/** The shortest secret a provider may be given (256 bits as hex or base64url). */
export const PROVIDER_SECRET_MIN_LENGTH = 32;

/** What a provider's code looks like (the key of its row, and the vendor of its rounds in game records). */
export const PROVIDER_CODE_PATTERN = /^[a-z0-9][a-z0-9_-]{1,31}$/;

/**
 * The provider's statuses. `RS_OK` on success; on a refusal the one that names it for the provider (the
 * catalogue code says it for the site).
 */
export const PROVIDER_STATUSES = [
  'RS_OK',
  'RS_ERROR_UNKNOWN',
  'RS_ERROR_INVALID_PARTNER',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_WRONG_SYNTAX',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
  'RS_ERROR_ROUND_NOT_FOUND',
  'RS_ERROR_ROUND_CLOSED',
] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];

/** The calls a provider makes, by the action its signature names. */
export const PROVIDER_ACTIONS = [
  'authenticate',
  'balance',
  'bet',
  'win',
  'rollback',
  'round-end',
  'credit',
] as const;
export type ProviderAction = (typeof PROVIDER_ACTIONS)[number];

/** A provider's id of a transaction or a round: printable ASCII without spaces. */
const providerId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\x21-\x7e]+$/);
const sessionId = z.uuid();
const currency = z.string().regex(/^[A-Z]{3}$/);
const stake = z.number().int().positive().max(MAX_LEDGER_AMOUNT);
const payout = z.number().int().min(0).max(MAX_LEDGER_AMOUNT);
const ok = z.literal('RS_OK');

// ——— requests (bodies; fields a provider adds beyond these are ignored) ———

/** Exchanges the launch token for the session. A repeat within the token's life answers the same session. */
export const providerAuthenticateRequest = z.object({ token: z.string().min(1).max(200) });
export type ProviderAuthenticateRequest = z.infer<typeof providerAuthenticateRequest>;

export const providerBalanceRequest = z.object({ sessionId });
export type ProviderBalanceRequest = z.infer<typeof providerBalanceRequest>;

/** Takes a stake in a round; the first stake of a round opens it. */
export const providerBetRequest = z.object({
  sessionId,
  transactionId: providerId,
  roundId: providerId,
  amount: stake,
  currency,
});
export type ProviderBetRequest = z.infer<typeof providerBetRequest>;

/** Pays a win (0 for a lost round) in an open round; `roundClosed` also ends the round. */
export const providerWinRequest = z.object({
  sessionId,
  transactionId: providerId,
  roundId: providerId,
  amount: payout,
  currency,
  roundClosed: z.boolean().default(false),
});
export type ProviderWinRequest = z.input<typeof providerWinRequest>;

/**
 * Refunds the stake of `betTransactionId`, once. A bet not (yet) known is recorded as rolled back: when it
 * arrives later it is refused (RS_ERROR_TRANSACTION_ROLLED_BACK).
 */
export const providerRollbackRequest = z.object({
  sessionId,
  transactionId: providerId,
  betTransactionId: providerId,
});
export type ProviderRollbackRequest = z.infer<typeof providerRollbackRequest>;

/**
 * A provider's credits without a stake (docs/decisions/065-provider-credits.md), each a ledger kind of its
 * own with its turnover rule:
 * - `free_round`: the win of free rounds the operator granted (`grantId`): the grant's turnover multiple;
 * - `bonus`: a win of the provider's bonus campaign: the merchant's bonus turnover multiple;
 * - `promo`: a prize of the provider's promotion (a tournament, a prize drop): once its amount;
 * - `jackpot`: a win of the provider's jackpot: none, it is cash.
 */
export const PROVIDER_CREDIT_KINDS = ['free_round', 'bonus', 'promo', 'jackpot'] as const;
export type ProviderCreditKind = (typeof PROVIDER_CREDIT_KINDS)[number];

/** The most rounds one grant of free rounds gives, and the largest turnover multiple its winnings carry. */
export const FREE_ROUNDS_MAX = 1000;
export const FREE_ROUNDS_TURNOVER_MAX = 100;

/** A credit without a stake: a round it belongs to is optional; free rounds name their grant. */
export const providerCreditRequest = z
  .object({
    sessionId,
    transactionId: providerId,
    kind: z.enum(PROVIDER_CREDIT_KINDS),
    amount: stake,
    currency,
    roundId: providerId.optional(),
    grantId: z.uuid().optional(),
  })
  .refine((body) => (body.kind === 'free_round') === (body.grantId !== undefined), {
    message: 'grantId names the free rounds of a free_round credit, and only of one',
    path: ['grantId'],
  });
export type ProviderCreditRequest = z.infer<typeof providerCreditRequest>;

/** Ends a round: no more stakes nor wins in it; its stakes count toward turnover requirements. */
export const providerRoundEndRequest = z.object({ sessionId, roundId: providerId });
export type ProviderRoundEndRequest = z.infer<typeof providerRoundEndRequest>;

// ——— answers (the envelope's value) ———

export const providerAuthenticateResult = z.object({
  status: ok,
  sessionId,
  /** The operator's id of the player (stable across sessions). */
  playerId: z.string(),
  /** The player's name to show in the game. */
  playerName: z.string(),
  currency: z.string(),
  balance: moneySchema,
  /** The game the token was issued for (the catalogue's game id). */
  gameId: z.string(),
  /** True for a trial member: play money only. */
  demo: z.boolean(),
});
export type ProviderAuthenticateResult = z.infer<typeof providerAuthenticateResult>;

export const providerBalanceResult = z.object({ status: ok, currency: z.string(), balance: moneySchema });
export type ProviderBalanceResult = z.infer<typeof providerBalanceResult>;

/** The answer of a bet, a win or a rollback (the first answer again on a repeat). */
export const providerTransactionResult = z.object({
  status: ok,
  /** The provider's transaction id, echoed. */
  transactionId: z.string(),
  /** The operator's ledger transaction; null when no money moved (a win of 0, a rollback of nothing). */
  operatorTransactionId: z.string().nullable(),
  currency: z.string(),
  /** The balance right after this transaction. */
  balance: moneySchema,
});
export type ProviderTransactionResult = z.infer<typeof providerTransactionResult>;

export const providerRoundEndResult = z.object({
  status: ok,
  roundId: z.string(),
  currency: z.string(),
  balance: moneySchema,
});
export type ProviderRoundEndResult = z.infer<typeof providerRoundEndResult>;

/**
 * The provider calls of the API table. Like the payment gateway's callback they have no body schema
 * here: the route reads the raw text that was signed, and parses it with the request schema above once
 * the signature is checked.
 */
export const providerWalletCalls = {
  providerAuthenticate: {
    method: 'POST',
    path: '/api/provider-wallet/authenticate',
    moduleId: 'FUNDTRANS3',
    response: providerAuthenticateResult,
  },
  providerBalance: {
    method: 'POST',
    path: '/api/provider-wallet/balance',
    moduleId: 'FUNDTRANS3',
    response: providerBalanceResult,
  },
  providerBet: {
    method: 'POST',
    path: '/api/provider-wallet/bet',
    moduleId: 'FUNDTRANS3',
    response: providerTransactionResult,
  },
  providerWin: {
    method: 'POST',
    path: '/api/provider-wallet/win',
    moduleId: 'FUNDTRANS3',
    response: providerTransactionResult,
  },
  providerRollback: {
    method: 'POST',
    path: '/api/provider-wallet/rollback',
    moduleId: 'FUNDTRANS3',
    response: providerTransactionResult,
  },
  providerRoundEnd: {
    method: 'POST',
    path: '/api/provider-wallet/round-end',
    moduleId: 'FUNDTRANS3',
    response: providerRoundEndResult,
  },
  providerCredit: {
    method: 'POST',
    path: '/api/provider-wallet/credit',
    moduleId: 'FUNDTRANS3',
    response: providerTransactionResult,
  },
} as const satisfies ApiTable;
