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

/**
 * Hub88's Operator API the operator calls (https://docs.hub88.io/developer-docs/operator-api-reference/games-api
 * and .../freebets-api): `POST <Hub88's API address>/operator/generic/v2/<call>`, a JSON body signed by the
 * operator (RSA-SHA256 under its private key, base64, in `X-Hub88-Signature`), answered HTTP 200 with the
 * result's JSON signed by Hub88. A refusal is another HTTP status; the operator acts on none but 200.
 */
export const HUB88_OPERATOR_API_PATH = '/operator/generic/v2';

/** The operator's calls the site makes: a game's address for a player, a reward of free bets. */
export const HUB88_OPERATOR_CALLS = ['game/url', 'freebet/rewards/create'] as const;
export type Hub88OperatorCall = (typeof HUB88_OPERATOR_CALLS)[number];

/** Hub88's time of a reward's start and end: ISO 8601 extended, without a zone (UTC), `2017-11-05T13:15:30`. */
const hub88Time = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);

/** The operator's id at Hub88, given when its operator is set up there. */
const operatorId = z.number().int().min(0);

/** A game's address for a player: the session's token, the player, the game, the currency of the session. */
export const hub88GameUrlRequest = z.object({
  /** The operator's id of the player (min. 3 characters). */
  user: z.string().min(3).max(255),
  /** The operator's token of the game session: every wallet call of the session carries it. */
  token: z.string().min(10).max(255),
  sub_partner_id: optional(z.string().max(255)),
  platform: z.enum(['GPL_DESKTOP', 'GPL_MOBILE']),
  operator_id: operatorId,
  meta: z.unknown().optional(),
  /** Where the game's lobby button sends the player. */
  lobby_url: z.string().min(1).max(2048),
  /** The language of the game, ISO 639-1. */
  lang: z.string().min(2).max(5),
  /** The player's address. */
  ip: z.string().max(64),
  game_code: text,
  deposit_url: optional(z.string().max(2048)),
  currency: z.string().min(1).max(16),
  /** The player's country, ISO 3166-1 alpha-2; `XX` when unknown. */
  country: z.string().length(2),
});
export type Hub88GameUrlRequest = z.infer<typeof hub88GameUrlRequest>;

export const hub88GameUrlAnswer = z.object({ url: z.string().min(1) });
export type Hub88GameUrlAnswer = z.infer<typeof hub88GameUrlAnswer>;

/** A single-use reward of free bets for one player in one game (no campaign). */
export const hub88RewardCreateRequest = z.object({
  user: z.string().min(3).max(255),
  sub_partner_id: optional(z.string().max(255)),
  operator_id: operatorId,
  prepaid_uuid: optional(z.string().max(255)),
  game_code: text,
  currency: z.string().min(1).max(16),
  /** The value of each free bet, in Hub88's units. */
  bet_value: amount,
  /** The number of free bets (spins, rounds). */
  bet_count: z.number().int().min(1),
  start_time: hub88Time,
  end_time: hub88Time,
  /** The operator's own reference of the reward (the site's grant). */
  operator_reference: optional(z.string().max(255)),
});
export type Hub88RewardCreateRequest = z.infer<typeof hub88RewardCreateRequest>;

/** The reward as Hub88 keeps it; `reward_uuid` is what its free bets and their wins name. */
export const hub88Reward = z.object({
  reward_uuid: text,
  status: z.enum(['FRS_ACTIVE', 'FRS_EXPIRED', 'FRS_CANCELLED', 'FRS_USED']),
  user: z.string(),
  game_code: z.string(),
  currency: z.string(),
  bet_value: amount,
  bet_count: z.number().int(),
  start_time: hub88Time,
  end_time: hub88Time,
  operator_reference: optional(z.string()),
});
export type Hub88Reward = z.infer<typeof hub88Reward>;

/** Hub88's time (`2017-11-05T13:15:30`, UTC) of a moment. */
export const hub88TimeOf = (date: Date): string => date.toISOString().slice(0, 19);
