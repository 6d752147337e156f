import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/api-route.ts';
import type { CaptchaService } from './captcha-service.ts';
import type { VerificationService } from './service.ts';

export interface VerificationRoutesOptions {
  captchaService: CaptchaService;
  verificationService: VerificationService;
  merchantCode: string;
}

export const verificationRoutes: FastifyPluginAsyncZod<VerificationRoutesOptions> = async (app, options) => {
  const { captchaService, verificationService, merchantCode } = options;

  route(app, 'captcha', {
    summary: 'A new image captcha',
    description:
      'The answer is a 4-digit number or the result of a small sum or difference; valid 5 minutes, used once. ' +
      'The development outbox records it (kind captcha, to = captchaId).',
    tags: ['verification'],
    handler: (request, reply) => {
      reply.header('cache-control', 'no-store');
      return captchaService.issue(request.ip);
    },
  });

  route(app, 'sendSms', {
    summary: 'Send an SMS verification code',
    description:
      'Needs a captcha of GET /api/captcha (captchaId and captcha; used up either way): missing or wrong ' +
      "answers 400 WRONG_VERIFICATION_CODE { field: 'captcha' }. A 6-digit code valid 5 minutes. " +
      'expirationTime is when a new code may be asked (60 s); asking earlier answers 429 with value ' +
      '{ expirationTime }; at most 5 codes per number per hour, 10 per number and 20 per client address a ' +
      'day (429 with { reason: SMS_NUMBER_LIMIT | IP_LIMIT, retryAfterSeconds }). ' +
      "purpose 'register' refuses a registered number (USERNAME_EXISTS, field mobileNum).",
    tags: ['verification'],
    failures: ['MOBILE_FORMAT', 'WRONG_VERIFICATION_CODE', 'USERNAME_EXISTS', 'TOO_MANY_REQUESTS'],
    handler: (request) => verificationService.sendSms(merchantCode, request.body, request.ip, captchaService),
  });
};
