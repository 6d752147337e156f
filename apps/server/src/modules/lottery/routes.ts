import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/api-route.ts';
import { currentMember, type MemberGuards } from '../../platform/member-guard.ts';
import type { LotteryService } from './service.ts';

export interface LotteryRoutesOptions {
  lotteryService: LotteryService;
  guards: MemberGuards;
  merchantCode: string;
}

const SESSION_FAILURES = ['NOT_LOGGED_IN', 'SESSION_EXPIRED'] as const;

export const lotteryRoutes: FastifyPluginAsyncZod<LotteryRoutesOptions> = async (app, options) => {
  const { lotteryService, guards, merchantCode } = options;
  const tags = ['lottery'];

  route(app, 'lotteryGames', {
    summary: 'Lottery games of a category (LOTT daily, ELOTT fast) with their next draw and close times',
    description:
      'nextDraw is the draw taking bets now: betting closes at closeAt; seedHash is the SHA-256 of its ' +
      'secret seed (the commitment). serverTime is the clock the countdowns should use.',
    tags,
    handler: (request) => lotteryService.games(merchantCode, request.query.category),
  });

  route(app, 'lotteryGame', {
    summary: 'One lottery game: its bet types and odds in a prize mode and the open draw',
    description:
      'By code (MB, MN_HCM, ST1 …) or by the catalogue game id a launch opened. Unknown or unlinked: 404 ' +
      'NOT_FOUND (reason LOTTERY_NOT_FOUND). Money in minor units.',
    tags,
    failures: ['NOT_FOUND'],
    handler: (request) => lotteryService.game(merchantCode, request.query),
  });

  route(app, 'recentLottery', {
    summary: 'Recent VN lottery: the latest result of each game, seeds revealed',
    tags,
    handler: (request) => lotteryService.recent(merchantCode, request.query.category),
  });

  route(app, 'lotteryResults', {
    summary: 'Results history of one game, newest first, paged; each with its seed revealed',
    tags,
    failures: ['NOT_FOUND'],
    handler: (request) => lotteryService.results(merchantCode, request.query),
  });

  route(app, 'lotteryNumero', {
    summary: 'VN numero: the latest opened numbers of one game with the head/tail table',
    tags,
    failures: ['NOT_FOUND'],
    handler: (request) => lotteryService.numero(merchantCode, request.query.code),
  });

  route(app, 'lotteryOrders', {
    summary: "The member's lottery bets, newest first, paged; filter by status and game",
    tags,
    security: [{ session: [] }],
    failures: [...SESSION_FAILURES, 'NOT_FOUND'],
    preHandler: guards.member,
    handler: (request) => lotteryService.orders(currentMember(request), request.query),
  });

  route(app, 'placeLotteryBet', {
    summary: 'Place a bet on an open draw (trial members bet demo money)',
    description:
      'amount = selections × points × pricePerPoint, debited through the ledger. The same requestKey again ' +
      'answers the first bet (409 IDEMPOTENCY_CONFLICT when it now asks for another). After closeAt: 409 ' +
      'LOTTERY_BETTING_CLOSED; over a limit: 409 LOTTERY_LIMIT_EXCEEDED (value.scope NUMBER or DRAW); ' +
      'bad picks or a bet type the game does not take: 400 INVALID_INPUT; not enough money: 409 ' +
      'INSUFFICIENT_BALANCE; time-out or self-exclusion: 403.',
    tags,
    security: [{ session: [] }],
    failures: [
      ...SESSION_FAILURES,
      'NOT_FOUND',
      'LOTTERY_BETTING_CLOSED',
      'LOTTERY_LIMIT_EXCEEDED',
      'INSUFFICIENT_BALANCE',
      'IDEMPOTENCY_CONFLICT',
      'ACCOUNT_TIMED_OUT',
      'ACCOUNT_SELF_EXCLUDED',
    ],
    preHandler: guards.member,
    handler: async (request) => {
      const answer = await lotteryService.place(currentMember(request), request.body);
      request.log.info({ betId: answer.bet.id, game: answer.bet.gameCode }, 'lottery bet placed');
      return answer;
    },
  });

  route(app, 'cancelLotteryBet', {
    summary: 'Cancel an open bet before its draw closes: the stake comes back once (a ledger reversal)',
    description:
      'Cancelling it again answers the cancelled bet. After closeAt or once settled: 409 ' +
      'LOTTERY_BETTING_CLOSED; not the member’s: 404 NOT_FOUND.',
    tags,
    security: [{ session: [] }],
    failures: [...SESSION_FAILURES, 'NOT_FOUND', 'LOTTERY_BETTING_CLOSED'],
    preHandler: guards.member,
    handler: (request) => lotteryService.cancel(currentMember(request), request.body.betId),
  });
};
