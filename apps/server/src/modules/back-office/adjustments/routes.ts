import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import { actorOf, type BackOfficeGuard, GUARD_FAILURES } from '../guard.ts';
import type { AdjustmentService } from './service.ts';

/** Manual balance adjustments and their second approval (docs/back-office.md, "Adjustments"). */
export function registerAdjustmentRoutes(
  app: FastifyInstance,
  deps: { guard: BackOfficeGuard; adjustmentService: AdjustmentService },
): void {
  const { guard, adjustmentService } = deps;

  route(app, 'adminAdjustments', {
    ...guard.guarded('adminAdjustments'),
    summary: 'Manual adjustments, newest first, of one status or all',
    failures: GUARD_FAILURES,
    handler: (request) => adjustmentService.list(request.query),
  });

  route(app, 'adminCreditRoom', {
    ...guard.guarded('adminCreditRoom'),
    summary: 'What the signed-in operator, and a member, may still be credited at once today',
    description:
      'The merchant’s daily limits of manual credits applied at once (per operator, per member) and what ' +
      'was used of them since the start of the merchant day (Vietnam time). A credit beyond them waits for ' +
      'a second operator.',
    failures: GUARD_FAILURES,
    handler: (request) => adjustmentService.room(actorOf(request), request.query.memberId),
  });

  route(app, 'adminCreateAdjustment', {
    ...guard.guarded('adminCreateAdjustment'),
    summary: 'Credit or debit a member’s available balance by hand, with a reason',
    description:
      'A credit is applied at once through the ledger (`adjustment_credit`) while the credits its operator ' +
      'applied at once today, and those the member received at once today, stay within the merchant’s daily ' +
      'limits with it (GET /api/admin/adjustments/room); beyond them it waits (`pending`) for another ' +
      'operator. A debit (`adjustment_debit`) waits only when it alone is above the operator’s daily limit. The same `idempotencyKey` again answers the first adjustment; with another body: 409 ' +
      'IDEMPOTENCY_CONFLICT. A debit the available balance cannot cover: 409 INSUFFICIENT_BALANCE and ' +
      'nothing is stored. Unknown member: 404; a trial member or an agent: 403 FEATURE_NOT_ENABLED.',
    failures: [
      ...GUARD_FAILURES,
      'NOT_FOUND',
      'FEATURE_NOT_ENABLED',
      'IDEMPOTENCY_CONFLICT',
      'INSUFFICIENT_BALANCE',
    ],
    handler: (request) => adjustmentService.create(actorOf(request), request.body),
  });

  route(app, 'adminDecideAdjustment', {
    ...guard.guarded('adminDecideAdjustment'),
    summary: 'Approve (the ledger posts it) or reject a pending adjustment',
    description:
      'The operator who asked for it cannot decide it: 409 SECOND_APPROVER_REQUIRED; nor can one who held ' +
      'their invitation link, or whose link they held: 409 APPROVER_NOT_INDEPENDENT. Already decided: 409 ' +
      'ADJUSTMENT_CLOSED, except the same decision again by the operator who made it, which answers the ' +
      'adjustment unchanged. A debit the balance no longer covers: 409 INSUFFICIENT_BALANCE (it stays ' +
      'pending). Unknown adjustment: 404.',
    failures: [
      ...GUARD_FAILURES,
      'NOT_FOUND',
      'SECOND_APPROVER_REQUIRED',
      'APPROVER_NOT_INDEPENDENT',
      'ADJUSTMENT_CLOSED',
      'INSUFFICIENT_BALANCE',
    ],
    handler: (request) =>
      adjustmentService.decide(actorOf(request), request.params.adjustmentId, request.body.approve),
  });
}
