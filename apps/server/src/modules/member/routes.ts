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

  route(app, 'memberProfile', {
    summary: 'The member’s profile: nickname and birthday',
    tags: ['member'],
    security: [{ session: [] }],
    failures: [...SESSION_FAILURES, 'FEATURE_NOT_ENABLED'],
    preHandler: guards.realMember,
    handler: (request) => memberService.profile(currentMember(request)),
  });

  route(app, 'changeProfile', {
    summary: 'Change the nickname, or set the birthday once',
    description:
      'What the body gives is changed. nickname: 2–20 letters, digits and single spaces (NAME_FORMAT); empty ' +
      'removes it. birthday: YYYY-MM-DD, 1900 or later, not after today in Vietnam time (INVALID_INPUT), of a ' +
      'member of 18 or more (KYC_UNDER_AGE); once set, another is BIRTHDAY_ALREADY_SET and the same one ' +
      'changes nothing. Trial members: FEATURE_NOT_ENABLED (free_reject).',
    tags: ['member'],
    security: [{ session: [] }],
    failures: [
      ...SESSION_FAILURES,
      'NAME_FORMAT',
      'INVALID_INPUT',
      'KYC_UNDER_AGE',
      'BIRTHDAY_ALREADY_SET',
      'FEATURE_NOT_ENABLED',
    ],
    preHandler: guards.realMember,
    handler: (request) => memberService.changeProfile(currentMember(request), request.body),
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
