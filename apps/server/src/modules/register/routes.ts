import { registrationPayload, registrationRules, sessionInfo } from '@kl/contracts/accounts';
import {
  affiliateCheckQuery,
  affiliateCheckResult,
  usernameCheckQuery,
  usernameCheckResult,
} from '@kl/contracts/account-checks';
import { successEnvelope } from '@kl/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute } from '../../platform/api-route.ts';
import type { SessionCookies } from '../../platform/member-guard.ts';
import { requestContext } from '../../platform/request-context.ts';
import { failureResponses } from '../../platform/responses.ts';
import type { RegisterMethod, RegisterService } from './service.ts';

export interface RegisterRoutesOptions {
  registerService: RegisterService;
  cookies: SessionCookies;
  merchantCode: string;
}

const REGISTER_FAILURES = failureResponses(
  'ACCOUNT_FORMAT',
  'PASSWORD_FORMAT',
  'CONFIRMATION_NOT_MATCHED',
  'WRONG_VERIFICATION_CODE',
  'INVALID_INVITATION_CODE',
  'USERNAME_EXISTS',
  'FEATURE_NOT_ENABLED',
);

export const registerRoutes: FastifyPluginAsyncZod<RegisterRoutesOptions> = async (app, options) => {
  const { registerService, cookies, merchantCode } = options;

  app.route({
    ...apiRoute('registrationRules'),
    schema: {
      summary: 'Registration rules: fields (enabled, required), methods and login switches of the merchant',
      tags: ['register'],
      response: { 200: successEnvelope(registrationRules), ...failureResponses() },
    },
    handler: async () => ({ success: true as const, value: await registerService.rules(merchantCode) }),
  });

  for (const [call, method] of [
    ['register', 'username'],
    ['registerMobile', 'mobile'],
  ] as const satisfies readonly (readonly ['register' | 'registerMobile', RegisterMethod])[]) {
    app.route({
      ...apiRoute(call),
      schema: {
        summary:
          method === 'username'
            ? 'Register by username (USERNAMEREG3); logs the new member in'
            : 'Register by mobile number (MOBILENUMREG3); logs the new member in',
        description:
          'A failing field answers its catalogue code with value { field }. Needs captcha + captchaId. ' +
          (method === 'mobile'
            ? 'verificationCode when REGMOBVERF3 is on; password when MOBILENUMPASSREG3 is on. The username is vn + the number.'
            : 'username, password and confirmPassword are required.') +
          ' Sets the kl_session cookie.',
        tags: ['register'],
        body: registrationPayload,
        response: { 200: successEnvelope(sessionInfo), ...REGISTER_FAILURES },
      },
      handler: async (request, reply) => {
        const session = await registerService.register(
          merchantCode,
          method,
          request.body,
          requestContext(request),
        );
        cookies.set(reply, session.token, session.expiresAt);
        request.log.info({ userName: session.sessionInfo.userName, method }, 'member registered');
        return { success: true as const, value: session.sessionInfo };
      },
    });
  }

  app.route({
    ...apiRoute('usernameCheck'),
    schema: {
      summary: 'Whether a username may be registered',
      description:
        'A bad format is ACCOUNT_FORMAT, a taken name 409 USERNAME_EXISTS (value { field: username }).',
      tags: ['register'],
      querystring: usernameCheckQuery,
      response: {
        200: successEnvelope(usernameCheckResult),
        ...failureResponses('ACCOUNT_FORMAT', 'USERNAME_EXISTS'),
      },
    },
    handler: async (request) => {
      await registerService.checkUsername(merchantCode, request.query.username);
      return { success: true as const, value: { available: true as const } };
    },
  });

  app.route({
    ...apiRoute('affiliateCheck'),
    schema: {
      summary: 'Whether an affiliate (invitation) code is valid',
      description: 'An unknown or inactive code is INVALID_INVITATION_CODE (value { field: affiliateCode }).',
      tags: ['register'],
      querystring: affiliateCheckQuery,
      response: {
        200: successEnvelope(affiliateCheckResult),
        ...failureResponses('INVALID_INVITATION_CODE'),
      },
    },
    handler: async (request) => {
      await registerService.checkAffiliateCode(merchantCode, request.query.affiliateCode);
      return { success: true as const, value: { valid: true as const } };
    },
  });
};
