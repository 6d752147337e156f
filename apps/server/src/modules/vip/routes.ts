import { isTrialMember } from '@kl/contracts/accounts';
import { localeFromAcceptLanguage } from '@kl/contracts/i18n';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/api-route.ts';
import { currentMember, type MemberGuards } from '../../platform/member-guard.ts';
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

  route(app, 'vipLevels', {
    summary: "The merchant's VIP levels with their benefits, lowest first",
    description:
      'Public. Each level: number, name (Accept-Language), the cumulative paid deposits that reach it and its ' +
      'benefits (upgrade, birthday and monthly bonus, daily withdrawal count and limit, rebate percent).',
    tags,
    handler: (request) =>
      vipService.levels(merchantCode, localeFromAcceptLanguage(request.headers['accept-language'])),
  });

  route(app, 'myVip', {
    summary: "The member's VIP level, paid deposits and what is left to reach the next level",
    description:
      'Any logged-in member (a trial member has no paid deposits: level 0). The upgrade bonus of each level a ' +
      'real member has reached is credited to the wallet (ledger bonus), once per level.',
    tags,
    security: [{ session: [] }],
    failures: ['NOT_LOGGED_IN', 'SESSION_EXPIRED'],
    preHandler: guards.member,
    handler: (request) => {
      const member = currentMember(request);
      return vipService.myVip(
        member.merchantCode,
        member.memberId,
        localeFromAcceptLanguage(request.headers['accept-language']),
        !isTrialMember(member.type),
      );
    },
  });
};
