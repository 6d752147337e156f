import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import { actorOf, type BackOfficeGuard, GUARD_FAILURES } from '../guard.ts';
import type { PromotionAdmin } from './service.ts';

/**
 * Promotions: list, create, change, publish, discard, claims (docs/back-office.md, "Promotions"). A new
 * promotion and every change wait for another operator to publish them.
 */
export function registerPromotionRoutes(
  app: FastifyInstance,
  deps: { guard: BackOfficeGuard; promotionAdmin: PromotionAdmin },
): void {
  const { guard, promotionAdmin } = deps;

  route(app, 'adminPromotions', {
    ...guard.guarded('adminPromotions'),
    summary: 'The merchant’s promotions (scheduled, running or ended), the newest start first',
    description:
      'status narrows to scheduled (not started), running or ended. Each promotion with its claim count; ' +
      'the page carries the merchant’s turnover share per game category (the same for every bonus).',
    failures: GUARD_FAILURES,
    handler: (request, reply) => {
      reply.header('cache-control', 'no-store');
      return promotionAdmin.list(request.query);
    },
  });

  route(app, 'adminCreatePromotion', {
    ...guard.guarded('adminCreatePromotion'),
    summary: 'Create a promotion, unpublished until another operator publishes it',
    description:
      'Type (FIRST_DEPOSIT, DEPOSIT_TURNOVER, REFERRAL), code (unique), texts in Vietnamese and optionally ' +
      'English, window, bonus (fixed, or percent with a cap), minimum deposit, turnover multiple and base. ' +
      'Without imageUrl a banner is drawn. Players neither see it nor take part until another operator ' +
      'publishes it. Code taken, end not after the start or already past, or a REFERRAL window meeting ' +
      'another: 400 INVALID_INPUT; a bonus (fixed amount or percent cap) above the merchant’s ' +
      'promotionBonusCap: 400 INVALID_INPUT { field, reason: BONUS_ABOVE_CAP, cap }; a turnover multiple ' +
      'below promotionMinTurnoverMultiple: 400 INVALID_INPUT { field, reason: TURNOVER_BELOW_MINIMUM, ' +
      'minimum }. Audited as promotion.create.',
    failures: GUARD_FAILURES,
    handler: (request) => promotionAdmin.create(actorOf(request), request.body),
  });

  route(app, 'adminUpdatePromotion', {
    ...guard.guarded('adminUpdatePromotion'),
    summary: 'Write a change of a promotion as its draft (the fields given), or end it now',
    description:
      'Code and type stay. The fields given become the promotion’s draft, replacing any draft: the live ' +
      'terms stay until another operator publishes it. They are checked with the live terms they leave ' +
      'against the window rules and the merchant’s limits (400 INVALID_INPUT as on creation). endNow: true ' +
      'sets its end to now at once (audited as promotion.end). Issued and claimed bonuses keep their ' +
      'amount. Unknown promotion: 404. Audited as promotion.draft with the before and after.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND'],
    handler: (request) => promotionAdmin.update(actorOf(request), request.params.promotionId, request.body),
  });

  route(app, 'adminPublishPromotion', {
    ...guard.guarded('adminPublishPromotion'),
    summary: 'Publish a new promotion, or apply its pending change to the live promotion',
    description:
      'draftAt names the pending change the operator read (null: a new promotion with no change). Its ' +
      'author — the creator of a new promotion, the author of a change — cannot: 409 ' +
      'SECOND_APPROVER_REQUIRED, nor one not independent of them (409 APPROVER_NOT_INDEPENDENT). Checked again against the window rules and the merchant’s limits as they ' +
      'are now (400 INVALID_INPUT). Nothing pending: 409 PROMOTION_NOTHING_PENDING (the same publish again ' +
      'by the operator who made it answers the promotion); another change than the one read: 409 ' +
      'PROMOTION_DRAFT_CHANGED. Unknown: 404. Audited as promotion.publish.',
    failures: [
      ...GUARD_FAILURES,
      'NOT_FOUND',
      'SECOND_APPROVER_REQUIRED',
      'APPROVER_NOT_INDEPENDENT',
      'PROMOTION_NOTHING_PENDING',
      'PROMOTION_DRAFT_CHANGED',
    ],
    handler: (request) => promotionAdmin.publish(actorOf(request), request.params.promotionId, request.body),
  });

  route(app, 'adminDiscardPromotion', {
    ...guard.guarded('adminDiscardPromotion'),
    summary: 'Discard a promotion’s pending change, or withdraw a new promotion never published',
    description:
      'draftAt names the pending change the operator read (null: a new promotion with no change). A draft ' +
      'is dropped (the live terms stay); a new promotion without a draft is withdrawn: deleted, as it never ' +
      'reached players (answer promotion: null). Its author may too. Nothing pending: 409 ' +
      'PROMOTION_NOTHING_PENDING; another change than the one read: 409 PROMOTION_DRAFT_CHANGED. Unknown: ' +
      '404. Audited as promotion.discard.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND', 'PROMOTION_NOTHING_PENDING', 'PROMOTION_DRAFT_CHANGED'],
    handler: (request) => promotionAdmin.discard(actorOf(request), request.params.promotionId, request.body),
  });

  route(app, 'adminPromotionClaims', {
    ...guard.guarded('adminPromotionClaims'),
    summary: 'The claims of a promotion, the newest first: member, bonus, turnover required and done',
    description:
      'As stored: an application still applying moves on when its member next reads or claims it. ' +
      'Unknown promotion: 404.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND'],
    handler: (request, reply) => {
      reply.header('cache-control', 'no-store');
      return promotionAdmin.claims(request.params.promotionId, request.query);
    },
  });
}
