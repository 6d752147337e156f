import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/api-route.ts';
import { currentMember, type MemberGuards } from '../../platform/member-guard.ts';
import type { MemberService } from './service.ts';

export interface MemberRoutesOptions {
  memberService: MemberService;
  guards: MemberGuards;
}

const SESSION_FAILURES = ['NOT_LOGGED_IN', 'SESSION_EXPIRED'] as const;

export const memberRoutes: FastifyPluginAsyncZod<MemberRoutesOptions> = async (app, options) => {
  const { memberService, guards } = options;

  route(app, 'memberInfo', {
    summary: 'The logged-in member',
    tags: ['member'],
    security: [{ session: [] }],
    failures: SESSION_FAILURES,
    preHandler: guards.member,
    handler: (request) => memberService.memberInfo(currentMember(request)),
  });

  route(app, 'changePassword', {
    summary: 'Change the password (passWordChangeV2); ends the member’s other sessions',
    description:
      'oldPassword is required when the member has a password (wrong: WRONG_CREDENTIALS, field oldPassword). ' +
      'The new password must differ (INVALID_INPUT, reason SAME_AS_OLD) and match confirmNewPassword ' +
      '(CONFIRMATION_NOT_MATCHED). Trial members: FEATURE_NOT_ENABLED (free_reject).',
    tags: ['member'],
    security: [{ session: [] }],
    failures: [
      ...SESSION_FAILURES,
      'WRONG_CREDENTIALS',
      'PASSWORD_FORMAT',
      'CONFIRMATION_NOT_MATCHED',
      'FEATURE_NOT_ENABLED',
    ],
    preHandler: guards.realMember,
    handler: async (request) => {
      await memberService.changePassword(currentMember(request), request.body);
      request.log.info({ memberId: currentMember(request).memberId }, 'member changed the password');
      return null;
    },
  });
};
