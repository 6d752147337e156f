import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import { actorOf, type BackOfficeGuard, GUARD_FAILURES } from '../guard.ts';
import type { PromotionAdmin } from './service.ts';

/** Promotions: list, create, update, claims (docs/back-office.md, "Promotions"). */
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
    summary: 'Create a promotion, shown to players from its start',
    description:
      'Type (FIRST_DEPOSIT, DEPOSIT_TURNOVER, REFERRAL), code (unique), texts in Vietnamese and optionally ' +
      'English, window, bonus (fixed, or percent with a cap), minimum deposit, turnover multiple and base. ' +
      'Without imageUrl a banner is drawn. Code taken, end not after the start or already past, or a REFERRAL ' +
      'window meeting another: 400 INVALID_INPUT. Audited as promotion.create.',
    failures: GUARD_FAILURES,
    handler: (request) => promotionAdmin.create(actorOf(request), request.body),
  });

  route(app, 'adminUpdatePromotion', {
    ...guard.guarded('adminUpdatePromotion'),
    summary: 'Change a promotion (the fields given), or end it now',
    description:
      'Code and type stay. endNow: true sets its end to now. Issued and claimed bonuses keep their amount. ' +
      'Unknown promotion: 404. Audited as promotion.update with the before and after.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND'],
    handler: (request) => promotionAdmin.update(actorOf(request), request.params.promotionId, request.body),
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
