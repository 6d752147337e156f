import { LOGIN_KEY_HEADER } from '@kl/contracts/accounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/api-route.ts';
import { DomainError } from '../../platform/errors.ts';
import { currentMember, type MemberGuards, type SessionCookies } from '../../platform/member-guard.ts';
import { requestContext } from '../../platform/request-context.ts';
import type { LoginKeyService } from './login-key-service.ts';
import type { LoginService } from './login-service.ts';
import type { PasswordService } from './password-service.ts';
import { toSessionInfo, type SessionService } from './session-service.ts';
import type { TwoFactorService } from './two-factor.ts';

export interface AuthRoutesOptions {
  loginKeyService: LoginKeyService;
  loginService: LoginService;
  passwordService: PasswordService;
  sessionService: SessionService;
  twoFactorService: TwoFactorService;
  cookies: SessionCookies;
  guards: MemberGuards;
  merchantCode: string;
}

const ENCRYPTION_NOTE =
  `Body { iv, ciphertext } (base64): AES-GCM 256 of the JSON payload; header ${LOGIN_KEY_HEADER}: ` +
  '<keyId>.<base64 of the AES key wrapped with RSA-OAEP SHA-256 under the login key>. An unknown keyId is ' +
  'INVALID_INPUT with value { reason: LOGIN_KEY_UNKNOWN }: fetch the key again and retry.';

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const {
    loginKeyService,
    loginService,
    passwordService,
    sessionService,
    twoFactorService,
    cookies,
    guards,
    merchantCode,
  } = options;
  const loginKeyHeader = (headers: Record<string, string | string[] | undefined>) => {
    const value = headers[LOGIN_KEY_HEADER];
    return typeof value === 'string' ? value : undefined;
  };

  route(app, 'loginKey', {
    summary: 'The public key that wraps the login payload’s AES key (RSA-OAEP SHA-256, SPKI base64)',
    tags: ['auth'],
    handler: () => loginKeyService.publicKey(),
  });

  route(app, 'login', {
    summary:
      'Log in by username and password, by SMS code, or with a Firebase ID token (Google, Facebook, phone)',
    description:
      `${ENCRYPTION_NOTE} A failure is WRONG_CREDENTIALS with value { captchaRequired: true }; the captcha ` +
      'is then needed for 15 minutes for that account and IP (always when LOGINREQCAPTCHA3 is on), and ' +
      'while one attempt of the account or IP is being checked without it, the others need it. ' +
      'At most 20 attempts per IP in 5 minutes, then 429 TOO_MANY_REQUESTS { retryAfterSeconds }. ' +
      'A refused Firebase ID token is WRONG_CREDENTIALS with value { reason }; quick login needs ' +
      'FIREBASE_PROJECT_ID and the channel’s switch (else FEATURE_NOT_ENABLED), and answers ' +
      'SYSTEM_UPGRADING when Google’s certificates cannot be fetched; the first one creates the member. ' +
      'Sets the kl_session cookie; x-device: OTHERS from the installed web app. A member whose two-factor ' +
      'authentication is on gets no session yet: 401 TWO_FACTOR_REQUIRED with value { challenge }, which ' +
      'POST /api/auth/login/two-factor answers with a code within 5 minutes.',
    tags: ['auth'],
    failures: [
      'TWO_FACTOR_REQUIRED',
      'WRONG_CREDENTIALS',
      'WRONG_VERIFICATION_CODE',
      'ACCOUNT_UNAVAILABLE',
      'FEATURE_NOT_ENABLED',
      'SYSTEM_UPGRADING',
    ],
    handler: async (request, reply) => {
      const payload = await loginKeyService.open(loginKeyHeader(request.headers), request.body);
      const session = await loginService.login(merchantCode, payload, requestContext(request));
      cookies.set(reply, session.token, session.expiresAt);
      request.log.info({ userName: session.sessionInfo.userName }, 'member logged in');
      return session.sessionInfo;
    },
  });

  route(app, 'loginTwoFactor', {
    summary:
      'The second step of a login: the challenge and a code of the authenticator app or a recovery code',
    description:
      'The challenge comes with the login’s TWO_FACTOR_REQUIRED and lasts 5 minutes; it is used once. A TOTP ' +
      'code is used once, a recovery code too. Every code is counted per member before it is checked: 5 in ' +
      '15 minutes, then 429 TOO_MANY_REQUESTS { retryAfterSeconds }. A refused code is kept in the login ' +
      'history. Sets the kl_session cookie.',
    tags: ['auth'],
    failures: ['WRONG_TWO_FACTOR_CODE', 'TWO_FACTOR_CHALLENGE_EXPIRED', 'ACCOUNT_UNAVAILABLE'],
    handler: async (request, reply) => {
      const session = await twoFactorService.completeLogin(request.body, requestContext(request));
      cookies.set(reply, session.token, session.expiresAt);
      request.log.info({ userName: session.sessionInfo.userName }, 'member logged in with a second factor');
      return session.sessionInfo;
    },
  });

  route(app, 'twoFactorStatus', {
    summary: 'Whether the member’s two-factor authentication is on, since when, and the recovery codes left',
    tags: ['auth'],
    security: [{ session: [] }],
    failures: ['NOT_LOGGED_IN', 'SESSION_EXPIRED'],
    preHandler: guards.realMember,
    handler: (request) => twoFactorService.status(currentMember(request).memberId),
  });

  route(app, 'startTwoFactor', {
    summary: 'Start turning two-factor on: a new secret as a QR code, as its otpauth:// address and as text',
    description: 'Replaces a secret started before and not confirmed. Already on: 409 TWO_FACTOR_ON.',
    tags: ['auth'],
    security: [{ session: [] }],
    failures: ['NOT_LOGGED_IN', 'SESSION_EXPIRED', 'TWO_FACTOR_ON'],
    preHandler: guards.realMember,
    handler: (request) => {
      const member = currentMember(request);
      return twoFactorService.start({
        id: member.memberId,
        username: member.username,
        merchantCode: member.merchantCode,
      });
    },
  });

  route(app, 'enableTwoFactor', {
    summary: 'Turn two-factor on with a code of the new secret: answers the ten recovery codes, this once',
    description:
      'Codes are counted per member before they are checked: 5 in 15 minutes, then 429 TOO_MANY_REQUESTS.',
    tags: ['auth'],
    security: [{ session: [] }],
    failures: [
      'NOT_LOGGED_IN',
      'SESSION_EXPIRED',
      'WRONG_TWO_FACTOR_CODE',
      'TWO_FACTOR_NOT_STARTED',
      'TWO_FACTOR_ON',
    ],
    preHandler: guards.realMember,
    handler: async (request) => {
      const member = currentMember(request);
      const enabled = await twoFactorService.enable(
        { id: member.memberId, username: member.username, merchantCode: member.merchantCode },
        request.body.code,
      );
      request.log.info({ memberId: member.memberId }, 'member turned two-factor on');
      return enabled;
    },
  });

  route(app, 'disableTwoFactor', {
    summary: 'Turn two-factor off with a code of the authenticator app or a recovery code',
    tags: ['auth'],
    security: [{ session: [] }],
    failures: ['NOT_LOGGED_IN', 'SESSION_EXPIRED', 'WRONG_TWO_FACTOR_CODE', 'TWO_FACTOR_OFF'],
    preHandler: guards.realMember,
    handler: async (request) => {
      const member = currentMember(request);
      await twoFactorService.disable(
        { id: member.memberId, username: member.username, merchantCode: member.merchantCode },
        request.body.code,
      );
      request.log.info({ memberId: member.memberId }, 'member turned two-factor off');
      return null;
    },
  });

  route(app, 'trialLogin', {
    summary: 'Free trial: creates a trial member (type 4, no password) and logs it in',
    tags: ['auth'],
    handler: async (request, reply) => {
      const session = await loginService.trialLogin(merchantCode, requestContext(request));
      cookies.set(reply, session.token, session.expiresAt);
      return session.sessionInfo;
    },
  });

  route(app, 'logout', {
    summary: 'Log out: revokes the session of the cookie and clears it',
    description: 'Succeeds also without a live session (the cookie is cleared either way).',
    tags: ['auth'],
    handler: async (request, reply) => {
      const token = cookies.read(request);
      const member = token ? await sessionService.resolve(token) : undefined;
      if (member) await sessionService.revoke(member.sessionId);
      cookies.clear(reply);
      return null;
    },
  });

  route(app, 'renewSession', {
    summary: 'Renew the session: 7 more days, never beyond 30 days after the login',
    tags: ['auth'],
    security: [{ session: [] }],
    failures: ['NOT_LOGGED_IN', 'SESSION_EXPIRED'],
    preHandler: guards.member,
    handler: async (request, reply) => {
      const member = currentMember(request);
      const token = cookies.read(request);
      const expiresAt = await sessionService.renew(member.sessionId);
      if (!expiresAt || !token) {
        cookies.clear(reply);
        throw new DomainError('SESSION_EXPIRED');
      }
      cookies.set(reply, token, expiresAt);
      return toSessionInfo(
        { username: member.username, merchantCode: member.merchantCode, type: member.type },
        { firstTimeLogin: member.firstTimeLogin, expiresAt },
      );
    },
  });

  route(app, 'memberSessions', {
    summary: 'The member’s signed-in sessions: browser, system, address, sign-in and last activity',
    description:
      'Open sessions only (neither signed out nor expired), the most recently active first; `current` marks this one.',
    tags: ['auth'],
    security: [{ session: [] }],
    failures: ['NOT_LOGGED_IN', 'SESSION_EXPIRED'],
    preHandler: guards.member,
    handler: (request) => sessionService.listOpen(currentMember(request)),
  });

  route(app, 'loginHistory', {
    summary: 'The member’s login history: the last 90 days, a page at a time, newest first',
    description:
      'Each sign-in (password, SMS code or quick login) and each refused attempt naming the member’s username ' +
      'or mobile number: time, address, browser and system, method, and the refusal’s catalogue code.',
    tags: ['auth'],
    security: [{ session: [] }],
    failures: ['NOT_LOGGED_IN', 'SESSION_EXPIRED'],
    preHandler: guards.member,
    handler: (request) => loginService.history(currentMember(request), request.query),
  });

  route(app, 'endMemberSession', {
    summary: 'Sign one of the member’s sessions out: its next call answers SESSION_EXPIRED',
    description: 'An unknown session, another member’s or one already ended: 404 NOT_FOUND.',
    tags: ['auth'],
    security: [{ session: [] }],
    failures: ['NOT_LOGGED_IN', 'SESSION_EXPIRED', 'NOT_FOUND'],
    preHandler: guards.member,
    handler: async (request) => {
      const member = currentMember(request);
      const ended = await sessionService.endOne(member.memberId, request.query.sessionId);
      request.log.info({ memberId: member.memberId }, 'member signed a session out');
      return ended;
    },
  });

  route(app, 'endOtherSessions', {
    summary: 'Sign out everywhere else: every open session of the member but this one',
    tags: ['auth'],
    security: [{ session: [] }],
    failures: ['NOT_LOGGED_IN', 'SESSION_EXPIRED'],
    preHandler: guards.member,
    handler: async (request) => {
      const member = currentMember(request);
      const ended = await sessionService.endOthers(member);
      request.log.info({ memberId: member.memberId, ended: ended.ended }, 'member signed out elsewhere');
      return ended;
    },
  });

  route(app, 'setPasswordByPhone', {
    summary: 'Forgotten password: set a new one with the SMS code of purpose resetPassword (encrypted)',
    description: `${ENCRYPTION_NOTE} Ends every session of the member.`,
    tags: ['auth'],
    failures: ['WRONG_VERIFICATION_CODE', 'PASSWORD_FORMAT', 'CONFIRMATION_NOT_MATCHED', 'MOBILE_FORMAT'],
    handler: async (request) => {
      const payload = await loginKeyService.open(loginKeyHeader(request.headers), request.body);
      await passwordService.setPasswordByPhone(merchantCode, payload);
      return null;
    },
  });

  route(app, 'requestPasswordEmail', {
    summary: 'Forgotten password: e-mail a reset link (valid 30 minutes, used once)',
    description: 'Answers success whether or not a member has this e-mail. Needs the captcha.',
    tags: ['auth'],
    failures: ['EMAIL_FORMAT', 'WRONG_VERIFICATION_CODE'],
    handler: async (request) => {
      await passwordService.requestPasswordEmail(merchantCode, request.body);
      return null;
    },
  });

  route(app, 'resetPassword', {
    summary: 'Forgotten password: set a new one with the token of the e-mailed link; ends every session',
    description:
      'An unknown, used or expired token is INVALID_INPUT with value { field: token, reason: RESET_TOKEN_INVALID }.',
    tags: ['auth'],
    failures: ['PASSWORD_FORMAT', 'CONFIRMATION_NOT_MATCHED'],
    handler: async (request) => {
      await passwordService.resetPassword(request.body);
      return null;
    },
  });
};
