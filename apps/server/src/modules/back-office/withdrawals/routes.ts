import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import { csvRoute } from '../exports/csv-route.ts';
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
      'Withdrawal requests in a status, with the turnover each member still owes, where their money came ' +
      'from and who may approve them',
    description:
      'status (default pending), username (prefix, any case), from (inclusive) and to (exclusive) on the ' +
      'request time, paged. Pending requests oldest first (first come, first paid); the others newest first. ' +
      'Each request carries its provenance since the member’s last paid withdrawal (deposits, winnings, ' +
      'bonuses, manual adjustments with who asked and approved, agent pay) with risk flags, and its approval: ' +
      'how many approvals it needs, the first one if given, the operators segregation of duties keeps from ' +
      'it and why, and those who may approve it.',
    failures: GUARD_FAILURES,
    handler: (request, reply) => {
      reply.header('cache-control', 'no-store');
      return withdrawalQueue.list(actorOf(request), request.query);
    },
  });

  csvRoute(app, guard, 'adminWithdrawalsCsv', {
    summary: 'Every withdrawal request the filters select, as CSV, in the queue’s order',
    description:
      'The filters of the queue (status, pending by default; username; from; to) and lang: the requests ' +
      'with the member’s bank account, without the provenance and approvals the queue shows. Audited as ' +
      'withdrawal.export with the filters and the row count; more rows than EXPORT_MAX_ROWS: 400 ' +
      'EXPORT_TOO_LARGE.',
    failures: ['EXPORT_TOO_LARGE'],
    handler: (query, request) => withdrawalQueue.exportCsv(actorOf(request), query),
  });

  route(app, 'adminApproveWithdrawal', {
    ...guard.guarded('adminApproveWithdrawal'),
    summary: 'Pay a pending withdrawal (its held money leaves the wallet), exactly once',
    description:
      'An operator who, within the merchant’s segregation period, credited the member by hand, created, ' +
      'wrote or published a promotion the member claimed, proposed or approved the agent’s contract or ' +
      'approved its settlement may not approve it: 403 SEGREGATION_OF_DUTIES { reasons, eligible } (who may ' +
      'instead). Above the merchant’s withdrawalSecondApprovalAbove the first approval is recorded ' +
      '(awaitingSecondApproval true, audited as withdrawal.first_approval) and another operator’s pays it; ' +
      'the first approver again answers it unchanged. A second approval of a paid request answers it with ' +
      'changed false; a rejected one is 409 WITHDRAWAL_CLOSED; an unknown one 404. Audited as ' +
      'withdrawal.approve when it paid the request.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND', 'WITHDRAWAL_CLOSED', 'SEGREGATION_OF_DUTIES'],
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
