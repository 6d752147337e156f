import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import { actorOf, type BackOfficeGuard, GUARD_FAILURES } from '../guard.ts';
import type { LotteryDrawsAdmin } from './service.ts';

/** Lottery draws: the list and voiding one (docs/back-office.md, "Lottery draws"). */
export function registerLotteryAdminRoutes(
  app: FastifyInstance,
  deps: { guard: BackOfficeGuard; lotteryDrawsAdmin: LotteryDrawsAdmin },
): void {
  const { guard, lotteryDrawsAdmin } = deps;

  route(app, 'adminLotteryDraws', {
    ...guard.guarded('adminLotteryDraws'),
    summary: 'Lottery draws, latest draw time first, by game and status, with their bets and stakes',
    failures: GUARD_FAILURES,
    handler: (request, reply) => {
      reply.header('cache-control', 'no-store');
      return lotteryDrawsAdmin.list(request.query);
    },
  });

  route(app, 'adminVoidLotteryDraw', {
    ...guard.guarded('adminVoidLotteryDraw'),
    summary: 'Void a draw not drawn yet: it is never drawn and every open bet is refunded',
    description:
      'Each open bet gets its stake back by a ledger reversal (once: the bet’s cancel key) and becomes ' +
      'cancelled, in the same transaction as the draw. A draw void already answers as it is (changed ' +
      'false, nothing refunded). A drawn or settled draw: 409 LOTTERY_DRAW_NOT_VOIDABLE. Unknown draw: 404. ' +
      'Audited as lottery_draw.void with the reason and what was refunded.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND', 'LOTTERY_DRAW_NOT_VOIDABLE'],
    handler: (request) =>
      lotteryDrawsAdmin.void(actorOf(request), request.params.drawId, request.body.reason),
  });
}
