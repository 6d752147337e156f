import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/api-route.ts';
import { currentMember, type MemberGuards, type SessionCookies } from '../../platform/member-guard.ts';
import type { ResponsibleGamingService } from './service.ts';

export interface ResponsibleGamingRoutesOptions {
  responsibleGamingService: ResponsibleGamingService;
  guards: MemberGuards;
  cookies: SessionCookies;
}

/** Real members only: trial members (type 4) get 403 FEATURE_NOT_ENABLED { reason: free_reject }. */
const MEMBER_FAILURES = ['NOT_LOGGED_IN', 'SESSION_EXPIRED', 'FEATURE_NOT_ENABLED'] as const;

/** Responsible gaming in the member centre: limits, time-out, self-exclusion, reality check. */
export const responsibleGamingRoutes: FastifyPluginAsyncZod<ResponsibleGamingRoutesOptions> = async (
  app,
  options,
) => {
  const { responsibleGamingService: service, guards, cookies } = options;
  const tags = ['responsible gaming'];
  const security = [{ session: [] }];

  route(app, 'responsibleGaming', {
    summary: 'The member’s deposit limits (with use and pending raises), exclusion and reality check',
    tags,
    security,
    failures: MEMBER_FAILURES,
    preHandler: guards.realMember,
    handler: (request) => service.settings(currentMember(request).memberId),
  });

  route(app, 'setDepositLimits', {
    summary: 'Set, lower, raise or remove deposit limits (daily, weekly, monthly)',
    description:
      'A lower limit (or a first one) is in force at once; a higher one or a removal takes effect 24 hours ' +
      'later (shown as pending). A period left out is unchanged; null removes the limit. Answers the settings.',
    tags,
    security,
    failures: MEMBER_FAILURES,
    preHandler: guards.realMember,
    handler: async (request) => {
      const { memberId } = currentMember(request);
      await service.setDepositLimits(memberId, request.body);
      return service.settings(memberId);
    },
  });

  const exclusionFailures = [...MEMBER_FAILURES, 'ACCOUNT_TIMED_OUT', 'ACCOUNT_SELF_EXCLUDED'] as const;

  route(app, 'startTimeOut', {
    summary: 'Take a break (24h, 7d, 30d): every session ends; login, deposit and game launch are refused',
    description: 'Cannot be shortened nor lifted. The session cookie is cleared with the answer.',
    tags,
    security,
    failures: exclusionFailures,
    preHandler: guards.realMember,
    handler: async (request, reply) => {
      const member = currentMember(request);
      const started = await service.startTimeOut(member.memberId, request.body.period);
      request.log.info({ memberId: member.memberId, endsAt: started.exclusion.endsAt }, 'time-out started');
      cookies.clear(reply);
      return started;
    },
  });

  route(app, 'startSelfExclusion', {
    summary: 'Self-exclude (6 months, 1 year, 5 years): as a time-out, longer; confirm must be true',
    description: 'Cannot be shortened nor lifted. The session cookie is cleared with the answer.',
    tags,
    security,
    failures: exclusionFailures,
    preHandler: guards.realMember,
    handler: async (request, reply) => {
      const member = currentMember(request);
      const started = await service.startSelfExclusion(member.memberId, request.body.period);
      request.log.info(
        { memberId: member.memberId, endsAt: started.exclusion.endsAt },
        'self-exclusion started',
      );
      cookies.clear(reply);
      return started;
    },
  });

  route(app, 'setRealityCheck', {
    summary: 'Reality-check reminder interval: 0 (off), 15, 30 or 60 minutes',
    tags,
    security,
    failures: MEMBER_FAILURES,
    preHandler: guards.realMember,
    handler: async (request) => {
      const { memberId } = currentMember(request);
      await service.setRealityCheck(memberId, request.body.intervalMinutes);
      return service.settings(memberId);
    },
  });
};
