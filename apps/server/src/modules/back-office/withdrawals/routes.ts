import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import { actorOf, type BackOfficeGuard, GUARD_FAILURES } from '../guard.ts';
import type { WithdrawalQueue } from './service.ts';

/** The withdrawal queue: list, approve, reject (docs/back-office.md, "Withdrawals"). */
export function registerWithdrawalRoutes(
  app: FastifyInstance,
  deps: { guard: BackOfficeGuard; withdrawalQueue: WithdrawalQueue },
): void {
  const { guard, withdrawalQueue } = deps;

  route(app, 'adminWithdrawals', {
    ...guard.guarded('adminWithdrawals'),
    summary:
      'Withdrawal requests in a status, with the turnover each member still owes and the money it locks',
    description:
      'status (default pending), username (prefix, any case), from (inclusive) and to (exclusive) on the ' +
      'request time, paged. Pending requests oldest first (first come, first paid); the others newest first.',
    failures: GUARD_FAILURES,
    handler: (request, reply) => {
      reply.header('cache-control', 'no-store');
      return withdrawalQueue.list(request.query);
    },
  });

  route(app, 'adminApproveWithdrawal', {
    ...guard.guarded('adminApproveWithdrawal'),
    summary: 'Pay a pending withdrawal (its held money leaves the wallet), exactly once',
    description:
      'A second approval answers the paid request with changed false; a rejected one is 409 ' +
      'WITHDRAWAL_CLOSED; an unknown one 404. Audited as withdrawal.approve when it changed the request.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND', 'WITHDRAWAL_CLOSED'],
    handler: (request) => withdrawalQueue.approve(actorOf(request), request.params.withdrawalId),
  });

  route(app, 'adminRejectWithdrawal', {
    ...guard.guarded('adminRejectWithdrawal'),
    summary: 'Reject a pending withdrawal with a reason (its held money returns to the member), exactly once',
    description:
      'A second rejection answers the rejected request with changed false; a paid one is 409 ' +
      'WITHDRAWAL_CLOSED; an unknown one 404. Audited as withdrawal.reject when it changed the request.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND', 'WITHDRAWAL_CLOSED'],
    handler: (request) =>
      withdrawalQueue.reject(actorOf(request), request.params.withdrawalId, request.body.reason),
  });
}
