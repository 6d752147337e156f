import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import { actorOf, type BackOfficeGuard, GUARD_FAILURES } from '../guard.ts';
import type { CatalogueAdmin } from './catalogue-service.ts';

/** Setting the game catalogue up: providers, new vendors and games, a CSV import (docs/back-office.md, "Game catalogue"). */
export function registerCatalogueAdminRoutes(
  app: FastifyInstance,
  deps: { guard: BackOfficeGuard; catalogueAdmin: CatalogueAdmin },
): void {
  const { guard, catalogueAdmin } = deps;

  route(app, 'adminGameProviders', {
    ...guard.guarded('adminGameProviders'),
    summary: 'The game providers registered for the merchant (code, name, on or off; never a key)',
    failures: GUARD_FAILURES,
    handler: (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return catalogueAdmin.providers();
    },
  });

  route(app, 'adminCreateGameVendor', {
    ...guard.guarded('adminCreateGameVendor'),
    summary: 'Add a vendor to a category, with its name, place and provider',
    description:
      'The provider must be registered for the merchant; none (null) only where the site’s own engine ' +
      'plays (the in-house vendor’s slots, the lottery), where a provider is refused. Players see it at ' +
      'once. Audited as game_vendor.create.',
    failures: [
      ...GUARD_FAILURES,
      'GAME_VENDOR_EXISTS',
      'GAME_PROVIDER_UNKNOWN',
      'GAME_PROVIDER_REQUIRED',
      'GAME_PROVIDER_NOT_USED',
    ],
    handler: (request) => catalogueAdmin.createVendor(actorOf(request), request.body),
  });

  route(app, 'adminCreateGame', {
    ...guard.guarded('adminCreateGame'),
    summary: 'Add a game to a vendor’s category',
    description:
      'Its artwork is drawn from its name and vendor. Players see it at once. Unknown vendor in the ' +
      'category: 400 GAME_VENDOR_UNKNOWN; a lottery category: 400 LOTTERY_GAMES_FIXED; a game id in ' +
      'the catalogue already: 409 GAME_EXISTS. Audited as game.create.',
    failures: [...GUARD_FAILURES, 'GAME_VENDOR_UNKNOWN', 'LOTTERY_GAMES_FIXED', 'GAME_EXISTS'],
    handler: (request) => catalogueAdmin.createGame(actorOf(request), request.body),
  });

  route(app, 'adminImportGames', {
    ...guard.guarded('adminImportGames'),
    summary: 'Check, or import, a catalogue CSV file: every refused value reported with its line and column',
    description:
      'The good lines are written in one transaction (a game id of the same vendor and category changes ' +
      'that game; a new one is added) and players see them at once; a check writes nothing. Audited as ' +
      'one game.import row with the counts.',
    failures: GUARD_FAILURES,
    handler: (request) => catalogueAdmin.importCsv(actorOf(request), request.body.csv, request.body.dryRun),
  });
}
