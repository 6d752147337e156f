import { changePasswordRequest, memberInfo } from '@kl/contracts/accounts';
import { noValue } from '@kl/contracts/account-checks';
import { successEnvelope } from '@kl/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute } from '../../platform/api-route.ts';
import { currentMember, type MemberGuards } from '../../platform/member-guard.ts';
import { failureResponses } from '../../platform/responses.ts';
import type { MemberService } from './service.ts';

export interface MemberRoutesOptions {
  memberService: MemberService;
  guards: MemberGuards;
}

const SESSION_FAILURES = ['NOT_LOGGED_IN', 'SESSION_EXPIRED'] as const;

export const memberRoutes: FastifyPluginAsyncZod<MemberRoutesOptions> = async (app, options) => {
  const { memberService, guards } = options;

  app.route({
    ...apiRoute('memberInfo'),
    preHandler: guards.member,
    schema: {
      summary: 'The logged-in member',
      tags: ['member'],
      security: [{ session: [] }],
      response: { 200: successEnvelope(memberInfo), ...failureResponses(...SESSION_FAILURES) },
    },
    handler: async (request) => ({
      success: true as const,
      value: await memberService.memberInfo(currentMember(request)),
    }),
  });

  app.route({
    ...apiRoute('changePassword'),
    preHandler: guards.realMember,
    schema: {
      summary: 'Change the password (passWordChangeV2); ends the member’s other sessions',
      description:
        'oldPassword is required when the member has a password (wrong: WRONG_CREDENTIALS, field oldPassword). ' +
        'The new password must differ (INVALID_INPUT, reason SAME_AS_OLD) and match confirmNewPassword ' +
        '(CONFIRMATION_NOT_MATCHED). Trial members: FEATURE_NOT_ENABLED (free_reject).',
      tags: ['member'],
      security: [{ session: [] }],
      body: changePasswordRequest,
      response: {
        200: successEnvelope(noValue),
        ...failureResponses(
          ...SESSION_FAILURES,
          'WRONG_CREDENTIALS',
          'PASSWORD_FORMAT',
          'CONFIRMATION_NOT_MATCHED',
          'FEATURE_NOT_ENABLED',
        ),
      },
    },
    handler: async (request) => {
      await memberService.changePassword(currentMember(request), request.body);
      request.log.info({ memberId: currentMember(request).memberId }, 'member changed the password');
      return { success: true as const, value: null };
    },
  });
};
