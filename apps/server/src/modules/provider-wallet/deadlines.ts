import type { GameType } from '@kl/contracts/games';

/**
 * The wallet's own deadline of a provider's call, per game type (docs/decisions/070-provider-replay-window.md):
 * the statements of a call that writes (a bet, a win, a rollback, a credit, a round's end) run in a
 * transaction whose `statement_timeout` is the deadline of the session's game type. Past it the database
 * cancels the statement, nothing of the call is written, and the call answers the retryable 503
 * GAME_PROVIDER_UNAVAILABLE (reason WALLET_DEADLINE); the provider sends it again under the same
 * transaction id. Each figure is below the few seconds a provider waits for the wallet before it gives up
 * on a call (and refunds a stake), so that the wallet answers first.
 */

/** Milliseconds a statement of a call may run, per game type. */
export type WalletDeadlines = Partial<Record<GameType, number>>;

export const WALLET_DEADLINES_MS = {
  // A spin, a shot: the player waits for every one.
  RNG: 2_000,
  FISH: 2_000,
  // Live and card tables, cockfight: a stake must be in before the table's betting time closes.
  LIVE: 2_000,
  PVP: 2_000,
  COCKFIGHT: 2_000,
  // Books: a slip is accepted after the book's own delay of seconds, and settlements come in bursts.
  SPORTS: 5_000,
  ESPORTS: 5_000,
  // The in-house lotteries are not played at providers; a figure for completeness.
  LOTT: 3_000,
  ELOTT: 3_000,
} as const satisfies Record<GameType, number>;

/** The reason of the refusal of a call past its deadline. */
export const WALLET_DEADLINE = 'WALLET_DEADLINE';

/** The deadline of a call of `gameType`: `overrides`' when it names one, else WALLET_DEADLINES_MS's. */
export const walletDeadlineMs = (gameType: GameType, overrides?: WalletDeadlines): number =>
  overrides?.[gameType] ?? WALLET_DEADLINES_MS[gameType];
