import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import { actorOf, type BackOfficeGuard, GUARD_FAILURES } from '../guard.ts';
import type { GamesAdmin } from './service.ts';

/** Game vendors and games: what the player site lists and how (docs/back-office.md, "Games"). */
export function registerGamesAdminRoutes(
  app: FastifyInstance,
  deps: { guard: BackOfficeGuard; gamesAdmin: GamesAdmin },
): void {
  const { guard, gamesAdmin } = deps;

  route(app, 'adminGameVendors', {
    ...guard.guarded('adminGameVendors'),
    summary: 'Every game vendor per category, enabled or not, with its number of games',
    failures: GUARD_FAILURES,
    handler: (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return gamesAdmin.vendors();
    },
  });

  route(app, 'adminUpdateGameVendor', {
    ...guard.guarded('adminUpdateGameVendor'),
    summary:
      'Change a vendor in a category: on or off (off: it and its games are neither listed nor launched), ' +
      'name, place, provider (the fields given)',
    description:
      'Players see the change at once. Unknown vendor: 404. The provider must be registered for the ' +
      'merchant, and is refused where the site’s own engine plays (the in-house slots, the lottery). ' +
      'Audited as game_vendor.update with the before and after (nothing is written when nothing changes).',
    failures: [
      ...GUARD_FAILURES,
      'NOT_FOUND',
      'GAME_PROVIDER_UNKNOWN',
      'GAME_PROVIDER_REQUIRED',
      'GAME_PROVIDER_NOT_USED',
    ],
    handler: (request) => gamesAdmin.updateVendor(actorOf(request), request.params, request.body),
  });

  route(app, 'adminGames', {
    ...guard.guarded('adminGames'),
    summary: 'Games, enabled or not, in list order; by category, vendor, name (anywhere) and enabled',
    failures: GUARD_FAILURES,
    handler: (request, reply) => {
      reply.header('cache-control', 'no-store');
      return gamesAdmin.games(request.query);
    },
  });

  route(app, 'adminUpdateGame', {
    ...guard.guarded('adminUpdateGame'),
    summary:
      'Change a game: enabled, hot, new, top, list position, minimum bet, name, classes, lines, free play, ' +
      'the studio machine of an in-house slot title (the fields given)',
    description:
      'Players see the change at once; a game off is neither listed nor launched. hot true puts it last ' +
      'among the hot games. minBet is a value of the player filter. Unknown game: 404. Audited as ' +
      'game.update with the before and after (nothing is written when nothing changes). slotMachine is ' +
      'refused (400 INVALID_INPUT) for a game that is not an in-house slot title; the rounds already ' +
      'played keep the machine they were played on.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND', 'INVALID_INPUT'],
    handler: (request) => gamesAdmin.updateGame(actorOf(request), request.params.id, request.body),
  });
}
