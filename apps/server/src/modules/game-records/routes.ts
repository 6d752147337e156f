import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/api-route.ts';
import { currentMember, type MemberGuards } from '../../platform/member-guard.ts';
import { moneyNumber } from '../wallet/index.ts';
import { gameRecordOf, type GameRecordsService } from './service.ts';

export interface GameRecordsRoutesOptions {
  gameRecordsService: GameRecordsService;
  guards: MemberGuards;
}

/** GET game records (product.md §7 reports, game records): the member's rounds. Answers are never cached. */
export const gameRecordsRoutes: FastifyPluginAsyncZod<GameRecordsRoutesOptions> = async (app, options) => {
  const { gameRecordsService, guards } = options;

  route(app, 'gameRecords', {
    summary: "The member's game records (rounds played), newest first, paged, with totals",
    description:
      'from (inclusive) and to (exclusive): ISO 8601 times with an offset, bounding when the round started. ' +
      'gameType: one of the catalogue types; status: open, settled or cancelled. Amounts are integers in minor ' +
      'units (VND: whole đồng). totals sums every round the filter selects (all pages) except cancelled ones; ' +
      'net = payout − stake.',
    tags: ['game records'],
    security: [{ session: [] }],
    failures: ['NOT_LOGGED_IN', 'SESSION_EXPIRED'],
    preHandler: guards.member,
    handler: async (request, reply) => {
      const member = currentMember(request);
      const { pageNo, pageSize, from, to, gameType, status } = request.query;
      const page = await gameRecordsService.list({
        merchantCode: member.merchantCode,
        memberId: member.memberId,
        pageNo,
        pageSize,
        from: from === undefined ? undefined : new Date(from),
        to: to === undefined ? undefined : new Date(to),
        gameType,
        status,
      });
      reply.header('cache-control', 'private, no-store');
      return {
        pageNum: page.pageNum,
        totalPages: page.totalPages,
        total: page.total,
        currency: page.list[0]?.currency ?? WALLET_CURRENCY,
        totals: {
          rounds: page.totals.rounds,
          stake: moneyNumber(page.totals.stake),
          payout: moneyNumber(page.totals.payout),
          net: moneyNumber(page.totals.net),
        },
        list: page.list.map(gameRecordOf),
      };
    },
  });
};
