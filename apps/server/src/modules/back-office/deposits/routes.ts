import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import { csvRoute } from '../exports/csv-route.ts';
import { actorOf, type BackOfficeGuard, GUARD_FAILURES } from '../guard.ts';
import type { DepositOrders } from './service.ts';

/** Deposit orders (docs/back-office.md, "Deposits"). */
export function registerDepositRoutes(
  app: FastifyInstance,
  deps: { guard: BackOfficeGuard; depositOrders: DepositOrders },
): void {
  const { guard, depositOrders } = deps;

  route(app, 'adminDeposits', {
    ...guard.guarded('adminDeposits'),
    summary: 'Deposit orders, newest first, by status, username, reference and period',
    description:
      'status (a pending order whose time is up is expired), username (prefix, any case), reference (our ' +
      'order id, the transfer reference, or the gateway’s transaction reference), confirmation ' +
      '(awaiting_second_approval: open orders whose first approval by hand waits for a second operator), ' +
      'from (inclusive) and to (exclusive) on the order time, paged. channel is the channel code; ' +
      'gatewayReference is null until the gateway has answered.',
    failures: GUARD_FAILURES,
    handler: (request, reply) => {
      reply.header('cache-control', 'no-store');
      return depositOrders.list(request.query);
    },
  });

  csvRoute(app, guard, 'adminDepositsCsv', {
    summary: 'Every deposit order the filters select, as CSV, newest first',
    description:
      'The filters of the order list and lang. Audited as deposit.export with the filters and the row ' +
      'count; more rows than EXPORT_MAX_ROWS: 400 EXPORT_TOO_LARGE.',
    failures: ['EXPORT_TOO_LARGE'],
    handler: (query, request) => depositOrders.exportCsv(actorOf(request), query),
  });
}
