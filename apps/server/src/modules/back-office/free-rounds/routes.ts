import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import { actorOf, type BackOfficeGuard, GUARD_FAILURES } from '../guard.ts';
import type { FreeRoundsAdmin } from './service.ts';

/** Free rounds granted to members at game providers (docs/back-office.md, "Free rounds"). */
export function registerFreeRoundsRoutes(
  app: FastifyInstance,
  deps: { guard: BackOfficeGuard; freeRounds: FreeRoundsAdmin },
): void {
  const { guard, freeRounds } = deps;

  route(app, 'adminFreeRounds', {
    ...guard.guarded('adminFreeRounds'),
    summary: 'Free rounds granted, newest first, of one status or all',
    failures: GUARD_FAILURES,
    handler: (request) => freeRounds.list(request.query),
  });

  route(app, 'adminFreeRoundsProviders', {
    ...guard.guarded('adminFreeRoundsProviders'),
    summary: 'The game providers a grant may name (code, name, on or off; never a key)',
    failures: GUARD_FAILURES,
    handler: (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return freeRounds.providers();
    },
  });

  route(app, 'adminGrantFreeRounds', {
    ...guard.guarded('adminGrantFreeRounds'),
    summary: 'Grant a member free rounds of a provider’s game, with their turnover and a reason',
    description:
      'Their value (rounds × roundValue) is house money: given at once while the manual credits and grants ' +
      'its operator gave at once today, and those the member received, stay within the merchant’s daily ' +
      'limits with it (GET /api/admin/adjustments/room); beyond them it waits (`pending`) for another ' +
      'operator. Given, it is handed to the provider (`active`), or stays `undelivered` with what the ' +
      'provider answered. The same `idempotencyKey` again answers the first grant; with another body 409 ' +
      'IDEMPOTENCY_CONFLICT. Unknown member or game 404; a trial member or an agent 403 ' +
      'FEATURE_NOT_ENABLED; a provider unknown 503 GAME_PROVIDER_UNAVAILABLE, switched off 403 ' +
      'GAME_PROVIDER_DISABLED.',
    failures: [
      ...GUARD_FAILURES,
      'NOT_FOUND',
      'FEATURE_NOT_ENABLED',
      'IDEMPOTENCY_CONFLICT',
      'ACCOUNT_UNAVAILABLE',
      'GAME_PROVIDER_UNAVAILABLE',
      'GAME_PROVIDER_DISABLED',
    ],
    handler: (request) => freeRounds.grant(actorOf(request), request.body),
  });

  route(app, 'adminDecideFreeRounds', {
    ...guard.guarded('adminDecideFreeRounds'),
    summary: 'Approve (then hand to the provider) or reject pending free rounds',
    description:
      'The operator who asked for them cannot decide them: 409 SECOND_APPROVER_REQUIRED; nor can one who ' +
      'held their invitation link, or whose link they held: 409 APPROVER_NOT_INDEPENDENT. Already decided: ' +
      '409 FREE_ROUNDS_CLOSED, except the same decision again by the operator who made it. Unknown: 404.',
    failures: [
      ...GUARD_FAILURES,
      'NOT_FOUND',
      'SECOND_APPROVER_REQUIRED',
      'APPROVER_NOT_INDEPENDENT',
      'FREE_ROUNDS_CLOSED',
    ],
    handler: (request) => freeRounds.decide(actorOf(request), request.params.grantId, request.body.approve),
  });

  route(app, 'adminDeliverFreeRounds', {
    ...guard.guarded('adminDeliverFreeRounds'),
    summary: 'Send free rounds the provider did not take to it again',
    description: 'Any grant not `undelivered` is answered as it stands. Unknown: 404.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND'],
    handler: (request) => freeRounds.deliverAgain(actorOf(request), request.params.grantId),
  });
}
