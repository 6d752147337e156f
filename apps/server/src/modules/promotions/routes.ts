import { localeFromAcceptLanguage } from '@kl/contracts/i18n';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/api-route.ts';
import { currentMember, type MemberGuards } from '../../platform/member-guard.ts';
import type { PromotionService } from './service.ts';

export interface PromotionRoutesOptions {
  promotionService: PromotionService;
  guards: MemberGuards;
  merchantCode: string;
}

const REAL_MEMBER_FAILURES = ['NOT_LOGGED_IN', 'SESSION_EXPIRED', 'FEATURE_NOT_ENABLED'] as const;

const localeOf = (request: FastifyRequest) => localeFromAcceptLanguage(request.headers['accept-language']);

/** The site's origin as the caller reached it, for the QR code; left out when the Host looks odd. */
function originOf(request: FastifyRequest): string | undefined {
  const host = request.host;
  if (!/^[A-Za-z0-9.\-[\]:]{1,255}$/.test(host)) return undefined;
  return `${request.protocol === 'https' ? 'https' : 'http'}://${host}`;
}

/** Promotion calls (product.md §2 /m/activity, /m/activityDetail, /m/inviteFriends). */
export const promotionRoutes: FastifyPluginAsyncZod<PromotionRoutesOptions> = async (app, options) => {
  const { promotionService, guards, merchantCode } = options;
  const tags = ['promotions'];
  const security = [{ session: [] }];

  route(app, 'promotions', {
    summary: "The merchant's promotions (public), in the caller's language",
    tags,
    handler: (request) => promotionService.list(merchantCode, localeOf(request)),
  });

  route(app, 'promotionDetail', {
    summary: 'One promotion with its detail HTML (public)',
    description:
      'Query id (positive integer). Unknown: 404 NOT_FOUND; not a positive integer: 400 INVALID_INPUT.',
    tags,
    failures: ['NOT_FOUND'],
    handler: (request) => promotionService.detail(merchantCode, request.query.id, localeOf(request)),
  });

  route(app, 'applyPromotion', {
    summary: 'Apply to a promotion (real members, once per promotion)',
    description:
      'Answers the claim: applying, or rejected NOT_FIRST_DEPOSIT (FIRST_DEPOSIT after a deposit). Unknown: 404 ' +
      'NOT_FOUND; REFERRAL: 400 INVALID_INPUT (REFERRAL_NOT_APPLIED); outside its window: 409 PROMOTION_NOT_ACTIVE; ' +
      'again: 409 PROMOTION_ALREADY_APPLIED; trial members: 403 FEATURE_NOT_ENABLED (free_reject).',
    tags,
    security,
    failures: [...REAL_MEMBER_FAILURES, 'NOT_FOUND', 'PROMOTION_NOT_ACTIVE', 'PROMOTION_ALREADY_APPLIED'],
    preHandler: guards.realMember,
    handler: (request) =>
      promotionService.apply(currentMember(request), request.body.promotionId, localeOf(request)),
  });

  route(app, 'promotionClaims', {
    summary: "The member's claims, brought up to date (applying → issued / rejected; referral bonuses)",
    description: 'Any member; a trial member has none.',
    tags,
    security,
    failures: ['NOT_LOGGED_IN', 'SESSION_EXPIRED'],
    preHandler: guards.member,
    handler: (request) => promotionService.claims(currentMember(request), localeOf(request)),
  });

  route(app, 'claimBonus', {
    summary: 'Claim an issued bonus: credited to the wallet once (ledger kind bonus)',
    description:
      'Claimed already: the claim with credited: false. Not the member’s: 404 NOT_FOUND; not issued: 409 ' +
      'BONUS_NOT_CLAIMABLE; trial members: 403 FEATURE_NOT_ENABLED.',
    tags,
    security,
    failures: [...REAL_MEMBER_FAILURES, 'NOT_FOUND', 'BONUS_NOT_CLAIMABLE'],
    preHandler: guards.realMember,
    handler: (request) =>
      promotionService.claim(currentMember(request), request.body.claimId, localeOf(request)),
  });

  route(app, 'myReferral', {
    summary: "The member's referral code, link, QR code (SVG data URL) and referred count",
    description: `The link registers with the code in recommenderId. Trial members: 403 FEATURE_NOT_ENABLED.`,
    tags,
    security,
    failures: [...REAL_MEMBER_FAILURES],
    preHandler: guards.realMember,
    handler: (request) =>
      promotionService.referral(currentMember(request), originOf(request), localeOf(request)),
  });
};
