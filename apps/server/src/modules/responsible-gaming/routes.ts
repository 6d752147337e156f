import { successEnvelope } from '@kl/contracts/envelope';
import {
  exclusionStarted,
  responsibleGamingSettings,
  setDepositLimitsRequest,
  setRealityCheckRequest,
  startSelfExclusionRequest,
  startTimeOutRequest,
} from '@kl/contracts/responsible-gaming';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute } from '../../platform/api-route.ts';
import { currentMember, type MemberGuards, type SessionCookies } from '../../platform/member-guard.ts';
import { failureResponses } from '../../platform/responses.ts';
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
  const settingsOf = async (memberId: string) => ({
    success: true as const,
    value: await service.settings(memberId),
  });

  app.route({
    ...apiRoute('responsibleGaming'),
    preHandler: guards.realMember,
    schema: {
      summary: 'The member’s deposit limits (with use and pending raises), exclusion and reality check',
      tags,
      security,
      response: { 200: successEnvelope(responsibleGamingSettings), ...failureResponses(...MEMBER_FAILURES) },
    },
    handler: async (request) => settingsOf(currentMember(request).memberId),
  });

  app.route({
    ...apiRoute('setDepositLimits'),
    preHandler: guards.realMember,
    schema: {
      summary: 'Set, lower, raise or remove deposit limits (daily, weekly, monthly)',
      description:
        'A lower limit (or a first one) is in force at once; a higher one or a removal takes effect 24 hours ' +
        'later (shown as pending). A period left out is unchanged; null removes the limit. Answers the settings.',
      tags,
      security,
      body: setDepositLimitsRequest,
      response: { 200: successEnvelope(responsibleGamingSettings), ...failureResponses(...MEMBER_FAILURES) },
    },
    handler: async (request) => {
      const { memberId } = currentMember(request);
      await service.setDepositLimits(memberId, request.body);
      return settingsOf(memberId);
    },
  });

  const exclusionFailures = failureResponses(
    ...MEMBER_FAILURES,
    'ACCOUNT_TIMED_OUT',
    'ACCOUNT_SELF_EXCLUDED',
  );

  app.route({
    ...apiRoute('startTimeOut'),
    preHandler: guards.realMember,
    schema: {
      summary: 'Take a break (24h, 7d, 30d): every session ends; login, deposit and game launch are refused',
      description: 'Cannot be shortened nor lifted. The session cookie is cleared with the answer.',
      tags,
      security,
      body: startTimeOutRequest,
      response: { 200: successEnvelope(exclusionStarted), ...exclusionFailures },
    },
    handler: async (request, reply) => {
      const member = currentMember(request);
      const started = await service.startTimeOut(member.memberId, request.body.period);
      request.log.info({ memberId: member.memberId, endsAt: started.exclusion.endsAt }, 'time-out started');
      cookies.clear(reply);
      return { success: true as const, value: started };
    },
  });

  app.route({
    ...apiRoute('startSelfExclusion'),
    preHandler: guards.realMember,
    schema: {
      summary: 'Self-exclude (6 months, 1 year, 5 years): as a time-out, longer; confirm must be true',
      description: 'Cannot be shortened nor lifted. The session cookie is cleared with the answer.',
      tags,
      security,
      body: startSelfExclusionRequest,
      response: { 200: successEnvelope(exclusionStarted), ...exclusionFailures },
    },
    handler: async (request, reply) => {
      const member = currentMember(request);
      const started = await service.startSelfExclusion(member.memberId, request.body.period);
      request.log.info(
        { memberId: member.memberId, endsAt: started.exclusion.endsAt },
        'self-exclusion started',
      );
      cookies.clear(reply);
      return { success: true as const, value: started };
    },
  });

  app.route({
    ...apiRoute('setRealityCheck'),
    preHandler: guards.realMember,
    schema: {
      summary: 'Reality-check reminder interval: 0 (off), 15, 30 or 60 minutes',
      tags,
      security,
      body: setRealityCheckRequest,
      response: { 200: successEnvelope(responsibleGamingSettings), ...failureResponses(...MEMBER_FAILURES) },
    },
    handler: async (request) => {
      const { memberId } = currentMember(request);
      await service.setRealityCheck(memberId, request.body.intervalMinutes);
      return settingsOf(memberId);
    },
  });
};
