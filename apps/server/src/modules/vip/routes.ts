import { isTrialMember } from '@kl/contracts/accounts';
import { successEnvelope } from '@kl/contracts/envelope';
import { localeFromAcceptLanguage } from '@kl/contracts/i18n';
import { myVip, vipLevels } from '@kl/contracts/vip';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute } from '../../platform/api-route.ts';
import { currentMember, type MemberGuards } from '../../platform/member-guard.ts';
import { failureResponses } from '../../platform/responses.ts';
import type { VipService } from './service.ts';

export interface VipRoutesOptions {
  vipService: VipService;
  guards: MemberGuards;
  merchantCode: string;
}

/** VIP calls (product.md §2 /m/member/benefits): the merchant's levels and the member's own level. */
export const vipRoutes: FastifyPluginAsyncZod<VipRoutesOptions> = async (app, options) => {
  const { vipService, guards, merchantCode } = options;
  const tags = ['vip'];

  app.route({
    ...apiRoute('vipLevels'),
    schema: {
      summary: "The merchant's VIP levels with their benefits, lowest first",
      description:
        'Public. Each level: number, name (Accept-Language), the cumulative paid deposits that reach it and its ' +
        'benefits (upgrade, birthday and monthly bonus, daily withdrawal count and limit, rebate percent).',
      tags,
      response: { 200: successEnvelope(vipLevels), ...failureResponses() },
    },
    handler: async (request) => ({
      success: true as const,
      value: await vipService.levels(
        merchantCode,
        localeFromAcceptLanguage(request.headers['accept-language']),
      ),
    }),
  });

  app.route({
    ...apiRoute('myVip'),
    preHandler: guards.member,
    schema: {
      summary: "The member's VIP level, paid deposits and what is left to reach the next level",
      description:
        'Any logged-in member (a trial member has no paid deposits: level 0). The upgrade bonus of each level a ' +
        'real member has reached is credited to the wallet (ledger bonus), once per level.',
      tags,
      security: [{ session: [] }],
      response: { 200: successEnvelope(myVip), ...failureResponses('NOT_LOGGED_IN', 'SESSION_EXPIRED') },
    },
    handler: async (request) => {
      const member = currentMember(request);
      return {
        success: true as const,
        value: await vipService.myVip(
          member.merchantCode,
          member.memberId,
          localeFromAcceptLanguage(request.headers['accept-language']),
          !isTrialMember(member.type),
        ),
      };
    },
  });
};
