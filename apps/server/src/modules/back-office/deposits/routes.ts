import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import { type BackOfficeGuard, GUARD_FAILURES } from '../guard.ts';
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
      'order id, the transfer reference, or the gateway’s transaction reference), from (inclusive) and to ' +
      '(exclusive) on the order time, paged. channel is the channel code; gatewayReference is null until ' +
      'the gateway has answered.',
    failures: GUARD_FAILURES,
    handler: (request, reply) => {
      reply.header('cache-control', 'no-store');
      return depositOrders.list(request.query);
    },
  });
}
