import { z } from 'zod';

/**
 * Hub88's Operator Wallet API, as the site answers it (docs/decisions/066-hub88-adapter.md): Hub88, a game
 * aggregator, calls the operator's wallet for its players' balances, stakes, wins and refunds, in its own
 * protocol, which the adapter (`apps/server/src/modules/provider-wallet/hub88/`) maps onto the site's
 * provider wallet (docs/decisions/025-provider-wallet.md).
 *
 * Published at https://docs.hub88.io/developer-docs/operator-api-reference/wallet-api and its statuses at
 * https://docs.hub88.io/developer-docs/operator-api-reference/operator-api-overview/seamless-wallet-response-statuses-operator-api:
 *
 * - `POST <wallet endpoint>/user/info`, `/user/balance`, `/transaction/bet`, `/transaction/win` and
 *   `/transaction/rollback`, each a JSON body signed by Hub88: RSA-SHA256 of the raw body under Hub88's
 *   private key, base64, in `X-Hub88-Signature`. The operator signs its answers the same way with its own
 *   private key.
 * - Every answer is HTTP 200 with a `status` (`RS_OK`, or the refusal's) and the `request_uuid` received.
 * - Amounts are integers (Int64) in 1/100,000 of the currency unit: "$3.56 is represented as 356000".
 * - `transaction_uuid` names one movement for good; the same id again must not move money twice.
 *
 * Fields Hub88 adds beyond these are ignored; fields it may leave out or send as null are optional here.
 */

export const HUB88_SIGNATURE_HEADER = 'x-hub88-signature';

/**
 * Where the site answers a Hub88 provider: `<this>/<provider code>` is the wallet endpoint given to Hub88,
 * which calls `<endpoint>/user/info`, `<endpoint>/transaction/bet`… (module id FUNDTRANS3, as the site's own
 * provider calls). Not calls of the API table: Hub88 fixes their paths and shapes, and answers every one
 * HTTP 200 in its own shape, never the site's envelope.
 */
export const HUB88_WALLET_PATH = '/api/provider-wallet/hub88';

/** Hub88's amounts are this many units of the currency's unit (Int64 integers). */
export const HUB88_UNITS_PER_CURRENCY_UNIT = 100_000;

/** Hub88's wallet statuses (the operator's answers). */
export const HUB88_STATUSES = [
  'RS_OK',
  'RS_ERROR_UNKNOWN',
  'RS_ERROR_INVALID_PARTNER',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_INVALID_GAME',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_WRONG_SYNTAX',
  'RS_ERROR_WRONG_TYPES',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
] as const;
export type Hub88Status = (typeof HUB88_STATUSES)[number];

/** The calls Hub88 makes, by their path under the wallet endpoint. */
export const HUB88_CALLS = [
  'user/info',
  'user/balance',
  'transaction/bet',
  'transaction/win',
  'transaction/rollback',
] as const;
export type Hub88Call = (typeof HUB88_CALLS)[number];

const text = z.string().min(1).max(255);
/** A field Hub88 may leave out or send as null. */
const optional = <S extends z.ZodType>(schema: S) => schema.nullish();

/** What every call carries: the player (the operator's user id) and the id of this request. */
const call = {
  /** The operator's id of the player: the member's id. */
  user: text,
  /** Echoed in the answer. */
  request_uuid: text,
};

/** What a call within a game session carries besides. */
const inSession = {
  ...call,
  /** The token the operator gave with the game's address: the site's launch token. */
  token: text,
  /** Hub88's game; in a lobby game it may change within a session. */
  game_code: optional(z.string().max(255)),
};

/** An amount in Hub88's units: an integer, never negative. */
const amount = z.number().int().min(0);

/** What a stake's, a win's and a refund's request carry besides. */
const transaction = {
  ...inSession,
  /** Hub88's id of the movement: one movement for good. */
  transaction_uuid: text,
  /** The game supplier's id of it (for support). */
  supplier_transaction_id: optional(z.string().max(255)),
  /** The game round; every movement of one round names it. */
  round: optional(text),
  /** True when this movement ends the round. */
  round_closed: optional(z.boolean()),
  meta: z.unknown().optional(),
};

/** Stake's and win's fields besides. */
const movement = {
  ...transaction,
  currency: z.string().min(1).max(16),
  amount,
  /** True for a free bet (a reward's spin, paid by the reward, not the player's balance) and its win. */
  is_free: optional(z.boolean()),
  /** The reward (free bets) the movement belongs to. */
  reward_uuid: optional(z.string().max(255)),
  /**
   * A win the game supplier granted itself (a tournament, a prize drop), with or without a bet
   * (https://docs.hub88.io/api-changelog/may-2025).
   */
  is_supplier_promo: optional(z.boolean()),
  /** The bet's description at the game (statistics only). */
  bet: optional(z.string().max(1000)),
};

export const hub88UserInfoRequest = z.object(call);
export type Hub88UserInfoRequest = z.infer<typeof hub88UserInfoRequest>;

export const hub88BalanceRequest = z.object(inSession);
export type Hub88BalanceRequest = z.infer<typeof hub88BalanceRequest>;

export const hub88BetRequest = z.object(movement);
export type Hub88BetRequest = z.infer<typeof hub88BetRequest>;

/** A win names the bet it pays (`reference_transaction_uuid`), but a supplier's promotion win. */
export const hub88WinRequest = z.object({
  ...movement,
  reference_transaction_uuid: optional(text),
});
export type Hub88WinRequest = z.infer<typeof hub88WinRequest>;

/** A refund names the bet it gives back. */
export const hub88RollbackRequest = z.object({ ...transaction, reference_transaction_uuid: text });
export type Hub88RollbackRequest = z.infer<typeof hub88RollbackRequest>;

/** The answer of every call but `user/info`: the balance after the call, in Hub88's units. */
export const hub88Answer = z.object({
  status: z.enum(HUB88_STATUSES),
  request_uuid: z.string(),
  user: z.string().optional(),
  currency: z.string().optional(),
  /** In 1/100,000 of the currency unit (may exceed what a JavaScript number holds exactly). */
  balance: z.union([z.number().int(), z.bigint()]).optional(),
});
export type Hub88Answer = z.infer<typeof hub88Answer>;

/** `user/info`'s answer: the player as far as the operator knows it ("all available details"). */
export const hub88UserInfoAnswer = z.object({
  status: z.enum(HUB88_STATUSES),
  request_uuid: z.string(),
  user: z.string().optional(),
  /** ISO 3166-1 alpha-2, when known. */
  country: z.string().optional(),
});
export type Hub88UserInfoAnswer = z.infer<typeof hub88UserInfoAnswer>;
