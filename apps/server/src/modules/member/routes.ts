import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/api-route.ts';
import { currentMember, type MemberGuards } from '../../platform/member-guard.ts';
import type { ContactsService } from './contacts-service.ts';
import type { MemberService } from './service.ts';

export interface MemberRoutesOptions {
  memberService: MemberService;
  contactsService: ContactsService;
  guards: MemberGuards;
}

const SESSION_FAILURES = ['NOT_LOGGED_IN', 'SESSION_EXPIRED'] as const;

export const memberRoutes: FastifyPluginAsyncZod<MemberRoutesOptions> = async (app, options) => {
  const { memberService, contactsService, guards } = options;

  route(app, 'memberInfo', {
    summary: 'The logged-in member',
    tags: ['member'],
    security: [{ session: [] }],
    failures: SESSION_FAILURES,
    preHandler: guards.member,
    handler: (request) => memberService.memberInfo(currentMember(request)),
  });

  route(app, 'memberProfile', {
    summary: 'The member’s profile: nickname, birthday, e-mail and whether it is verified, mobile number',
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

  route(app, 'changeEmail', {
    summary: 'A new e-mail address, with a link e-mailed to it to verify it',
    description:
      'The address is kept unverified until its link (valid 24 hours, used once) is opened; the old address, ' +
      'when verified, is told of the change. The same address as now: nothing when verified, the link again ' +
      'when not. One link a minute (TOO_MANY_REQUESTS, reason EMAIL_LINK_INTERVAL) and five a day per member ' +
      '(reason EMAIL_LINK_LIMIT), counted before sending. Trial members: FEATURE_NOT_ENABLED.',
    tags: ['member'],
    security: [{ session: [] }],
    failures: [...SESSION_FAILURES, 'EMAIL_FORMAT', 'TOO_MANY_REQUESTS', 'FEATURE_NOT_ENABLED'],
    preHandler: guards.realMember,
    handler: (request) => contactsService.changeEmail(currentMember(request), request.body),
  });

  route(app, 'resendEmailVerification', {
    summary: 'The verification link again, to the member’s unverified e-mail address',
    description:
      'No address, or one already verified: EMAIL_NOTHING_TO_VERIFY. Paced as the change of address ' +
      '(TOO_MANY_REQUESTS). Trial members: FEATURE_NOT_ENABLED.',
    tags: ['member'],
    security: [{ session: [] }],
    failures: [...SESSION_FAILURES, 'EMAIL_NOTHING_TO_VERIFY', 'TOO_MANY_REQUESTS', 'FEATURE_NOT_ENABLED'],
    preHandler: guards.realMember,
    handler: (request) => contactsService.resendEmailVerification(currentMember(request)),
  });

  route(app, 'verifyEmail', {
    summary: 'The e-mailed link opened: verifies the address it was sent to',
    description:
      'Needs no session: the token is the proof. An unknown, used or expired token, or one sent to an address ' +
      'the member has since changed: EMAIL_LINK_INVALID.',
    tags: ['member'],
    failures: ['EMAIL_LINK_INVALID'],
    handler: (request) => contactsService.verifyEmail(request.body.token),
  });

  route(app, 'sendMobileCode', {
    summary: 'A code for the change of mobile number, to the current number or to the new one',
    description:
      'target current: to the member’s number (none: INVALID_INPUT, reason NO_MOBILE). target new: to the ' +
      'number given, which must be in a format the merchant takes (MOBILE_FORMAT), not the member’s own ' +
      '(INVALID_INPUT, reason SAME_AS_OLD) and nobody else’s (MOBILE_TAKEN). Paced as every SMS code ' +
      '(TOO_MANY_REQUESTS with expirationTime). Trial members: FEATURE_NOT_ENABLED.',
    tags: ['member'],
    security: [{ session: [] }],
    failures: [
      ...SESSION_FAILURES,
      'INVALID_INPUT',
      'MOBILE_FORMAT',
      'MOBILE_TAKEN',
      'TOO_MANY_REQUESTS',
      'FEATURE_NOT_ENABLED',
    ],
    preHandler: guards.realMember,
    handler: (request) => contactsService.sendMobileCode(currentMember(request), request.body, request.ip),
  });

  route(app, 'changeMobile', {
    summary: 'Change the mobile number with the codes sent to the old and the new one',
    description:
      'currentCode is the code sent to the current number (left out by a member without one), newCode the ' +
      'one sent to the new number; a wrong one is WRONG_VERIFICATION_CODE with its field, each try counted ' +
      'before the comparison (five per code). Ends the member’s other sessions and leaves an inbox message. ' +
      'Trial members: FEATURE_NOT_ENABLED.',
    tags: ['member'],
    security: [{ session: [] }],
    failures: [
      ...SESSION_FAILURES,
      'INVALID_INPUT',
      'MOBILE_FORMAT',
      'MOBILE_TAKEN',
      'WRONG_VERIFICATION_CODE',
      'FEATURE_NOT_ENABLED',
    ],
    preHandler: guards.realMember,
    handler: async (request) => {
      const profile = await contactsService.changeMobile(currentMember(request), request.body);
      request.log.info({ memberId: currentMember(request).memberId }, 'member changed the mobile number');
      return profile;
    },
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
