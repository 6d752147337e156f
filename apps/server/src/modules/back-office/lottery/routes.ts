import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import { actorOf, type BackOfficeGuard, GUARD_FAILURES } from '../guard.ts';
import type { LotteriesAdmin } from './lotteries.ts';
import type { LotteryOddsAdmin } from './odds.ts';
import type { LotteryDrawsAdmin } from './service.ts';

/**
 * The lottery area: the lotteries and their odds (docs/back-office.md, "Lotteries"), the draws and voiding
 * one ("Lottery draws").
 */
export function registerLotteryAdminRoutes(
  app: FastifyInstance,
  deps: {
    guard: BackOfficeGuard;
    lotteryDrawsAdmin: LotteryDrawsAdmin;
    lotteriesAdmin: LotteriesAdmin;
    oddsAdmin: LotteryOddsAdmin;
  },
): void {
  const { guard, lotteryDrawsAdmin, lotteriesAdmin, oddsAdmin } = deps;

  route(app, 'adminLotteries', {
    ...guard.guarded('adminLotteries'),
    summary: 'The merchant’s lotteries, on or off, with their catalogue games and the draws not drawn yet',
    failures: GUARD_FAILURES,
    handler: (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return lotteriesAdmin.list();
    },
  });

  route(app, 'adminCreateLottery', {
    ...guard.guarded('adminCreateLottery'),
    summary: 'Add a lottery with the catalogue game that opens it; the scheduler creates its draws',
    description:
      'LOTT draws daily (weekdays, HH:MM Vietnam time, stations per weekday in the north), ELOTT every ' +
      'intervalSeconds (dividing a day; betting closing before the previous draw); otherwise 400 ' +
      'INVALID_INPUT with the field and reason. Code taken: 409 LOTTERY_EXISTS. The catalogue game is ' +
      'added under the in-house lottery vendor of the category (made with the first). A merchant without ' +
      'odds gets the standard odds. Audited as lottery.create, game.create (and game_vendor.create).',
    failures: [...GUARD_FAILURES, 'LOTTERY_EXISTS', 'GAME_EXISTS'],
    handler: (request) => lotteriesAdmin.create(actorOf(request), request.body),
  });

  route(app, 'adminUpdateLottery', {
    ...guard.guarded('adminUpdateLottery'),
    summary: 'Change a lottery: name, play types, schedule, betting close, stake limit, order, on or off',
    description:
      'Its code, region and category stay. Draws already created keep their times; the schedule applies ' +
      'to the next ones. Checked as on creation. Unknown lottery: 404. Audited as lottery.update.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND'],
    handler: (request) => lotteriesAdmin.update(actorOf(request), request.params.code, request.body),
  });

  route(app, 'adminSetLotteryEnabled', {
    ...guard.guarded('adminSetLotteryEnabled'),
    summary: 'Switch a lottery off (no bet from now, no new draw) or on again, with its catalogue games',
    description:
      'Switched off, it takes no bet (409 LOTTERY_BETTING_CLOSED) and gets no new draw; the draws already ' +
      'created are drawn at their time and their bets settled (void one under Lottery draws to refund ' +
      'it instead). Audited as lottery.update.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND'],
    handler: (request) =>
      lotteriesAdmin.setEnabled(actorOf(request), request.params.code, request.body.enabled),
  });

  route(app, 'adminLotteryOdds', {
    ...guard.guarded('adminLotteryOdds'),
    summary: 'The odds of every prize mode, bet type, region and option, with a change waiting, if any',
    failures: GUARD_FAILURES,
    handler: (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return oddsAdmin.list();
    },
  });

  route(app, 'adminChangeLotteryOdds', {
    ...guard.guarded('adminChangeLotteryOdds'),
    summary: 'Change one odds row: at once when it only tightens, else a request for a second owner',
    description:
      'Paying more, costing less or a higher stake limit is a lottery_odds.update request another, ' +
      'independent owner approves (409 OPERATOR_REQUEST_PENDING while one for the row waits). The price ' +
      'of one option is every option’s of its bet type. Unknown row: 404. Audited as lottery_odds.update.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND', 'OPERATOR_REQUEST_PENDING'],
    handler: (request) => oddsAdmin.change(actorOf(request), request.body),
  });

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
