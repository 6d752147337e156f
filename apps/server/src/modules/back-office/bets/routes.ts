import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import { csvRoute } from '../exports/csv-route.ts';
import { actorOf, type BackOfficeGuard, GUARD_FAILURES } from '../guard.ts';
import type { BetsList } from './service.ts';

const FILTERS =
  'username (prefix, any case), gameType, vendorCode, status (open, settled, cancelled), from (inclusive) ' +
  'and to (exclusive) on when the round started. Real members only (trial play money is left out).';

/** Every real member's bets (game records) and their CSV (docs/back-office.md, "Bets"). */
export function registerBetRoutes(
  app: FastifyInstance,
  deps: { guard: BackOfficeGuard; bets: BetsList },
): void {
  const { guard, bets } = deps;

  route(app, 'adminBets', {
    ...guard.guarded('adminBets'),
    summary: 'Bets: every member’s game records, newest first, paged',
    description:
      `${FILTERS} Amounts in minor units; net = payout − stake for a settled round, 0 for a cancelled one, ` +
      '−stake while open.',
    failures: GUARD_FAILURES,
    handler: (request, reply) => {
      reply.header('cache-control', 'no-store');
      return bets.list(request.query);
    },
  });

  csvRoute(app, guard, 'adminBetsCsv', {
    summary: 'Every bet the filters select, as CSV, newest first',
    description:
      `${FILTERS} lang: the language of the header row and words. Audited as bet.export with the filters ` +
      'and the row count; more rows than EXPORT_MAX_ROWS: 400 EXPORT_TOO_LARGE.',
    failures: ['EXPORT_TOO_LARGE'],
    handler: (query, request) => bets.exportCsv(actorOf(request), query),
  });
}
