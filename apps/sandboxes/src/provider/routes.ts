import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../platform/api.ts';
import type { FishingService } from './fishing.ts';
import type { SessionService } from './sessions.ts';
import type { SandboxSlot } from './slots.ts';
import type { SportsBook } from './sports-book.ts';
import type { TableService } from './tables.ts';

export interface SandboxProviderRoutesOptions {
  sessions: SessionService;
  tables: TableService;
  book: SportsBook;
  fishing: FishingService;
  slot: SandboxSlot;
}

/** Refusals the wallet may give a stake, passed to the player with the provider's status. */
const STAKE_FAILURES = [
  'SESSION_EXPIRED',
  'INSUFFICIENT_BALANCE',
  'ACCOUNT_UNAVAILABLE',
  'ACCOUNT_TIMED_OUT',
  'ACCOUNT_SELF_EXCLUDED',
  'GAME_ROUND_CLOSED',
] as const;

/**
 * The sandbox provider's player calls (docs/decisions/026-sandbox-provider.md): what its game client
 * calls, authorised by the provider's session id (`authorization: Bearer <sessionId>`), never by the
 * site's cookie. Answers are never cached.
 */
export const sandboxProviderRoutes: FastifyPluginAsyncZod<SandboxProviderRoutesOptions> = async (
  app,
  options,
) => {
  const { sessions, tables, book, fishing, slot } = options;
  const tags = ['sandbox provider'];
  const security = [{ providerSession: [] }];
  const sessionOf = (request: { headers: { authorization?: string | undefined } }) =>
    sessions.resolve(request.headers.authorization);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  route(app, 'sandboxProviderOpenSession', {
    summary: 'Open a session at the sandbox provider with the launch token the operator issued',
    description:
      'The provider exchanges the token at the wallet (authenticate) and answers its own session id, the ' +
      'bearer credential of the other calls. A token unknown, used or expired: 410 LAUNCH_LINK_EXPIRED.',
    tags,
    failures: ['LAUNCH_LINK_EXPIRED', 'ACCOUNT_UNAVAILABLE'],
    handler: (request) => sessions.open(request.body.token),
  });

  route(app, 'sandboxProviderBalance', {
    summary: 'The player’s balance, as the wallet answers it',
    tags,
    security,
    failures: ['SESSION_EXPIRED'],
    handler: async (request) => sessions.balance(await sessionOf(request)),
  });

  route(app, 'sandboxProviderTable', {
    summary: 'A live table: its current round (phase, close, commitment), last results revealed, my bets',
    tags,
    security,
    failures: ['SESSION_EXPIRED'],
    handler: async (request) => tables.state(await sessionOf(request), request.query.game),
  });

  route(app, 'sandboxProviderPlaceTableBet', {
    summary: 'Bet on the round taking bets; the wallet takes the total stake first',
    description:
      'A round past its close: 409 GAME_ROUND_CLOSED. The wallet’s refusal is the answer, with value.providerStatus ' +
      '(not enough money: 409 INSUFFICIENT_BALANCE, RS_ERROR_NOT_ENOUGH_MONEY); nothing is kept of it.',
    tags,
    security,
    failures: [...STAKE_FAILURES, 'NOT_FOUND'],
    handler: async (request) => tables.place(await sessionOf(request), request.body),
  });

  route(app, 'sandboxProviderMatches', {
    summary: 'The simulated matches with their markets and prices, and the results of those just finished',
    tags,
    security,
    failures: ['SESSION_EXPIRED'],
    handler: async (request) => {
      await sessionOf(request);
      return book.matches();
    },
  });

  route(app, 'sandboxProviderPlaceSlip', {
    summary: 'Place a single (one leg) or an accumulator at the prices offered',
    description:
      'A slip the book does not take (a price changed, a match started, two legs of one match…): 409 ' +
      'BET_SLIP_REFUSED with value.problem. The wallet’s refusal is the answer, with value.providerStatus.',
    tags,
    security,
    failures: [...STAKE_FAILURES, 'BET_SLIP_REFUSED'],
    handler: async (request) => book.place(await sessionOf(request), request.body),
  });

  route(app, 'sandboxProviderSlips', {
    summary: 'My bet slips, newest first, with each leg’s result',
    tags,
    security,
    failures: ['SESSION_EXPIRED'],
    handler: async (request) => book.slips(await sessionOf(request)),
  });

  route(app, 'sandboxProviderCashOut', {
    summary: 'Cash out an open slip before its first kick-off, at its fair value at the prices taken',
    description: 'After the first kick-off, or a slip no longer open: 409 CASH_OUT_CLOSED.',
    tags,
    security,
    failures: ['SESSION_EXPIRED', 'NOT_FOUND', 'CASH_OUT_CLOSED'],
    handler: async (request) => book.cashOut(await sessionOf(request), request.body.slipId),
  });

  route(app, 'sandboxProviderFishingShot', {
    summary: 'Fire one fishing shot: the cannon’s cost staked, the catch paid at once',
    tags,
    security,
    failures: [...STAKE_FAILURES],
    handler: async (request) => fishing.shoot(await sessionOf(request), request.body.cannonCost),
  });

  route(app, 'sandboxProviderSlot', {
    summary:
      'The sandbox slot’s machine (lines, symbols and pays, line bets taken) and the session’s free rounds',
    description:
      'freeRounds: the oldest grant of free rounds of the player in the session’s game with rounds left and ' +
      'not expired (its id, the rounds left, the line bet they play at), or null.',
    tags,
    security,
    failures: ['SESSION_EXPIRED'],
    handler: async (request) => slot.state(await sessionOf(request)),
  });

  route(app, 'sandboxProviderSlotSpin', {
    summary: 'Spin the sandbox slot: the total bet staked, what the round returns paid at once',
    description:
      'The same requestKey in the session answers the same spin (replayed: true), finishing it first when ' +
      'it was left pending; with another line bet, or free where it was paid: 409 IDEMPOTENCY_CONFLICT. The ' +
      'wallet’s refusal is the answer, with value.providerStatus (not enough money: 409 ' +
      'INSUFFICIENT_BALANCE). free: true plays a round of the session’s free rounds at their line bet, ' +
      'staking nothing, its return credited to the wallet as the grant’s win; none left: 409 ' +
      'BONUS_NOT_CLAIMABLE (reason NO_FREE_ROUNDS).',
    tags,
    security,
    failures: [...STAKE_FAILURES, 'IDEMPOTENCY_CONFLICT', 'BONUS_NOT_CLAIMABLE', 'NOT_FOUND'],
    handler: async (request) => slot.spin(await sessionOf(request), request.body),
  });
};
