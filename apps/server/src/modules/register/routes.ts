import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/api-route.ts';
import type { SessionCookies } from '../../platform/member-guard.ts';
import { requestContext } from '../../platform/request-context.ts';
import type { RegisterMethod, RegisterService } from './service.ts';

export interface RegisterRoutesOptions {
  registerService: RegisterService;
  cookies: SessionCookies;
  merchantCode: string;
}

const REGISTER_FAILURES = [
  'ACCOUNT_FORMAT',
  'PASSWORD_FORMAT',
  'CONFIRMATION_NOT_MATCHED',
  'WRONG_VERIFICATION_CODE',
  'INVALID_INVITATION_CODE',
  'USERNAME_EXISTS',
  'FEATURE_NOT_ENABLED',
] as const;

export const registerRoutes: FastifyPluginAsyncZod<RegisterRoutesOptions> = async (app, options) => {
  const { registerService, cookies, merchantCode } = options;

  route(app, 'registrationRules', {
    summary: 'Registration rules: fields (enabled, required), methods and login switches of the merchant',
    tags: ['register'],
    handler: () => registerService.rules(merchantCode),
  });

  for (const [call, method] of [
    ['register', 'username'],
    ['registerMobile', 'mobile'],
  ] as const satisfies readonly (readonly ['register' | 'registerMobile', RegisterMethod])[]) {
    route(app, call, {
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
      failures: REGISTER_FAILURES,
      handler: async (request, reply) => {
        const session = await registerService.register(
          merchantCode,
          method,
          request.body,
          requestContext(request),
        );
        cookies.set(reply, session.token, session.expiresAt);
        request.log.info({ userName: session.sessionInfo.userName, method }, 'member registered');
        return session.sessionInfo;
      },
    });
  }

  route(app, 'usernameCheck', {
    summary: 'Whether a username may be registered',
    description:
      'A bad format is ACCOUNT_FORMAT, a taken name 409 USERNAME_EXISTS (value { field: username }).',
    tags: ['register'],
    failures: ['ACCOUNT_FORMAT', 'USERNAME_EXISTS'],
    handler: async (request) => {
      await registerService.checkUsername(merchantCode, request.query.username);
      return { available: true as const };
    },
  });

  route(app, 'affiliateCheck', {
    summary: 'Whether an affiliate (invitation) code is valid',
    description: 'An unknown or inactive code is INVALID_INVITATION_CODE (value { field: affiliateCode }).',
    tags: ['register'],
    failures: ['INVALID_INVITATION_CODE'],
    handler: async (request) => {
      await registerService.checkAffiliateCode(merchantCode, request.query.affiliateCode);
      return { valid: true as const };
    },
  });
};
