import { z } from 'zod';

/**
 * Pragmatic Play's Seamless Wallet API, as the site answers it (docs/decisions/068-pragmatic-adapter.md):
 * Pragmatic Play calls the operator's wallet for its players' balances, stakes, wins, free-round, jackpot
 * and promotion wins and refunds, in its own protocol, which the adapter
 * (`apps/server/src/modules/provider-wallet/pragmatic/`) maps onto the site's provider wallet
 * (docs/decisions/025-provider-wallet.md).
 *
 * Pragmatic hands its "Integration with casino games — API specification" to its operators; copies of it
 * are public at https://pdfcoffee.com/pragmatic-play-documentation-api-pdf-free.html and
 * https://www.scribd.com/document/680638961/Integration-API-Specification-3-85 (version 3.85); what each
 * call carries is its later versions' (see the decision for what was confirmed and what is assumed). It
 * says:
 *
 * - The operator exposes `POST <endpoint>/authenticate.html`, `balance.html`, `bet.html`, `result.html`,
 *   `bonusWin.html`, `jackpotWin.html`, `promoWin.html`, `refund.html` and `endRound.html`, each with
 *   form-encoded parameters (`application/x-www-form-urlencoded`).
 * - Every request carries `hash`: the MD5 (hex) of its parameters but `hash`, sorted by name, those with a
 *   value written `name=value` joined with `&`, the secret key appended (`PRAGMATIC_HASH_RULE`). A hash
 *   that does not match is answered error 5.
 * - Every answer is JSON with `error` (0: success) and `description`; a call that moves money answers
 *   `transactionId` (the operator's), `currency`, `cash` (the real balance) and `bonus` (the bonus
 *   balance), a stake `usedPromo` besides. Amounts are decimals in the currency's unit.
 * - `reference` names one movement for good: the same reference again creates one transaction. A refund's
 *   `reference` is the stake's it gives back.
 *
 * Fields Pragmatic adds beyond these are ignored (and still hashed: the hash covers what was sent).
 */

/**
 * Where the site answers a Pragmatic provider: `<this>/<provider code>` is the endpoint given to Pragmatic,
 * which calls `<endpoint>/bet.html`… (module id FUNDTRANS3, as the site's own provider calls). Not calls of
 * the API table: Pragmatic fixes their paths and shapes, and every one is answered HTTP 200 in its own
 * shape, never the site's envelope.
 */
export const PRAGMATIC_WALLET_PATH = '/api/provider-wallet/pragmatic';

/** The calls Pragmatic makes, each at `<endpoint>/<call>.html`. */
export const PRAGMATIC_CALLS = [
  'authenticate',
  'balance',
  'bet',
  'result',
  'bonusWin',
  'jackpotWin',
  'promoWin',
  'refund',
  'endRound',
] as const;
export type PragmaticCall = (typeof PRAGMATIC_CALLS)[number];

/** The request's content type: an HTML form's. */
export const PRAGMATIC_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/** How `hash` is made, as the specification words it (`hash` itself is left out). */
export const PRAGMATIC_HASH_RULE =
  'MD5 (hex) of the parameters but hash, sorted by name, each with a value written name=value, joined ' +
  'with &, the secret key appended';

/**
 * The operator's error codes, with the specification's descriptions. After a stake refused with 2, 4, 5, 6,
 * 7, 8, 100 or 210 Pragmatic refunds it (its reconciliation); a win or a refund refused is sent again, but
 * after 120 or 310.
 */
export const PRAGMATIC_ERRORS = {
  0: 'Success',
  1: 'Insufficient balance',
  2: 'Player not found or is logged out',
  3: 'Bet is not allowed',
  4: 'Player authentication failed due to invalid, not found or expired token',
  5: 'Invalid hash code',
  6: 'Player is frozen',
  7: 'Bad parameters in the request, please check post parameters',
  8: 'Game is not found or disabled',
  50: 'Bet limit has been reached',
  100: 'Internal server error',
  120: 'Internal server error',
  130: 'Internal server error on EndRound processing',
  210: 'Reality check warning',
  310: "Player's bet is out of his bet limits",
} as const;
export type PragmaticError = keyof typeof PRAGMATIC_ERRORS;

/** Errors by what they say (the codes the adapter answers). */
export const PRAGMATIC_ERROR = {
  success: 0,
  insufficientBalance: 1,
  playerNotFound: 2,
  betNotAllowed: 3,
  authenticationFailed: 4,
  invalidHash: 5,
  playerFrozen: 6,
  badParameters: 7,
  /** A fault of the operator's: Pragmatic sends the call again (a stake: refunds it). */
  retry: 100,
  /** A refusal no repeat changes: Pragmatic neither sends it again nor refunds a stake refused so. */
  noRetry: 120,
  /** A fault while ending a round (for endRound only): sent again. */
  endRoundRetry: 130,
} as const satisfies Record<string, PragmaticError>;

const text = z.string().min(1).max(255);
/** A field Pragmatic may leave out, or send empty (an empty value is left out of the hash too). */
const optional = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** An amount: a decimal in the currency's unit, never negative ("100.0", "0.5"); checked whole by the adapter. */
export const pragmaticDecimal = z.string().regex(/^\d{1,15}(\.\d{1,12})?$/);
/** Unix milliseconds. */
const timestamp = z.string().regex(/^\d{1,16}$/);

/** What every call carries: Pragmatic's id of itself (its hash is checked before anything is read). */
const call = { providerId: text };

/** A call about a player: the operator's user id of it, and the token when Pragmatic sends it back. */
const player = {
  ...call,
  /** The operator's id of the player: the member's id (case-sensitive). */
  userId: text,
  /** The token of the game's launch (the authenticate call's), when Pragmatic is set up to send it back. */
  token: optional(text),
  platform: optional(z.string().max(32)),
};

/** A movement: its reference (one movement for good), its time and amount. */
const movement = {
  ...player,
  /** Pragmatic's unique reference of the movement (a refund's: the stake's). */
  reference: text,
  amount: pragmaticDecimal,
  timestamp,
};

/** The game and round a movement belongs to. */
const inRound = {
  /** Pragmatic's game symbol (`vs20olympgate`). */
  gameId: text,
  roundId: text,
  /** Pragmatic's words on the round (`spin`, `spin,bonusBuy`…), for statistics. */
  roundDetails: optional(z.string().max(4000)),
  /** The free-round bonus the movement is played in: the operator's id of it. */
  bonusCode: optional(text),
};

/** The launch's token exchanged for the player: the first call of a game. */
export const pragmaticAuthenticateRequest = z.object({
  ...call,
  token: text,
  gameId: optional(text),
  ipAddress: optional(z.string().max(64)),
});
export type PragmaticAuthenticateRequest = z.infer<typeof pragmaticAuthenticateRequest>;

export const pragmaticBalanceRequest = z.object(player);
export type PragmaticBalanceRequest = z.infer<typeof pragmaticBalanceRequest>;

/** A stake; `roundDetails` is required by the specification, but its value is statistics only. */
export const pragmaticBetRequest = z.object({
  ...movement,
  ...inRound,
  language: optional(z.string().max(16)),
  jackpotContribution: optional(pragmaticDecimal),
  jackpotId: optional(text),
  ipAddress: optional(z.string().max(64)),
});
export type PragmaticBetRequest = z.infer<typeof pragmaticBetRequest>;

/**
 * The round's win (0: the round was lost), with a prize drop paid beside it (`promoWinAmount` under its
 * own `promoWinReference`).
 */
export const pragmaticResultRequest = z.object({
  ...movement,
  ...inRound,
  promoWinAmount: optional(pragmaticDecimal),
  promoWinReference: optional(text),
  promoCampaignID: optional(text),
  promoCampaignType: optional(z.string().max(16)),
});
export type PragmaticResultRequest = z.infer<typeof pragmaticResultRequest>;

/** What a free-round bonus won in all, once its rounds are played (sent apart from any round). */
export const pragmaticBonusWinRequest = z.object({
  ...movement,
  bonusCode: text,
  gameId: optional(text),
  roundId: optional(text),
  requestId: optional(text),
});
export type PragmaticBonusWinRequest = z.infer<typeof pragmaticBonusWinRequest>;

/** A jackpot won in a round. */
export const pragmaticJackpotWinRequest = z.object({
  ...movement,
  gameId: text,
  roundId: text,
  jackpotId: text,
  jackpotDetails: optional(z.string().max(4000)),
});
export type PragmaticJackpotWinRequest = z.infer<typeof pragmaticJackpotWinRequest>;

/** A promotion's prize (a tournament `T`, a community jackpot `CJP`, a cash back `CB`…), paid after it ends. */
export const pragmaticPromoWinRequest = z.object({
  ...movement,
  campaignId: text,
  campaignType: z.string().min(1).max(32),
  currency: z.string().min(1).max(16),
  gameId: optional(text),
  roundId: optional(text),
  dataType: optional(z.string().max(32)),
});
export type PragmaticPromoWinRequest = z.infer<typeof pragmaticPromoWinRequest>;

/** A stake given back: `reference` is the stake's; `amount`, the game and the round are optional. */
export const pragmaticRefundRequest = z.object({
  ...player,
  reference: text,
  amount: optional(pragmaticDecimal),
  timestamp: optional(timestamp),
  gameId: optional(text),
  roundId: optional(text),
  roundDetails: optional(z.string().max(4000)),
  bonusCode: optional(text),
});
export type PragmaticRefundRequest = z.infer<typeof pragmaticRefundRequest>;

/** The round is over; `win` is told, not paid (the round's results paid it). */
export const pragmaticEndRoundRequest = z.object({
  ...player,
  ...inRound,
  win: optional(pragmaticDecimal),
});
export type PragmaticEndRoundRequest = z.infer<typeof pragmaticEndRoundRequest>;

const status = {
  error: z.number().int(),
  description: z.string(),
};
/** Balances in the currency's unit: the real one and the bonus one (the site keeps one balance: 0). */
const balances = {
  currency: z.string(),
  cash: z.number(),
  bonus: z.number(),
};

/** A refusal; a stake refused for want of money answers the balances too. */
export const pragmaticRefusal = z.object({
  ...status,
  currency: z.string().optional(),
  cash: z.number().optional(),
  bonus: z.number().optional(),
});
export type PragmaticRefusal = z.infer<typeof pragmaticRefusal>;

export const pragmaticAuthenticateAnswer = z.object({
  userId: z.string(),
  ...balances,
  /** The launch's token, which Pragmatic then sends with the session's calls. */
  token: z.string(),
  ...status,
});
export type PragmaticAuthenticateAnswer = z.infer<typeof pragmaticAuthenticateAnswer>;

export const pragmaticBalanceAnswer = z.object({ ...balances, ...status });
export type PragmaticBalanceAnswer = z.infer<typeof pragmaticBalanceAnswer>;

/** A movement's answer: the operator's transaction (`0` when nothing moved) and the balances after it. */
export const pragmaticMovementAnswer = z.object({ transactionId: z.string(), ...balances, ...status });
export type PragmaticMovementAnswer = z.infer<typeof pragmaticMovementAnswer>;

/** A stake's answer: what the bonus balance paid of it besides (the site's balance is one: 0). */
export const pragmaticBetAnswer = pragmaticMovementAnswer.extend({ usedPromo: z.number() });
export type PragmaticBetAnswer = z.infer<typeof pragmaticBetAnswer>;

/** A refund's answer: the operator's transaction only. */
export const pragmaticRefundAnswer = z.object({ transactionId: z.string(), ...status });
export type PragmaticRefundAnswer = z.infer<typeof pragmaticRefundAnswer>;

export const pragmaticEndRoundAnswer = z.object({ cash: z.number(), bonus: z.number(), ...status });
export type PragmaticEndRoundAnswer = z.infer<typeof pragmaticEndRoundAnswer>;

/**
 * A game's launch at Pragmatic's game server (docs/decisions/071-sandbox-pragmatic.md): the operator sends
 * the member to the game server's address with these parameters in its query. `token` is the operator's
 * one-time launch token, which the game server's `authenticate` exchanges (decision 068); `symbol` the game;
 * `cashierUrl` and `lobbyUrl` where the game sends the player to deposit and back (the site's paths).
 */
export const pragmaticLaunchQuery = z.object({
  token: text,
  symbol: text,
  language: z.string().min(2).max(16),
  technology: z.string().min(1).max(16),
  platform: z.string().min(1).max(16),
  cashierUrl: optional(z.string().max(2000)),
  lobbyUrl: optional(z.string().max(2000)),
});
export type PragmaticLaunchQuery = z.infer<typeof pragmaticLaunchQuery>;
