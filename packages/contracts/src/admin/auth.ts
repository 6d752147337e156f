import { z } from 'zod';
import { ACCESS_LEVELS, ADMIN_AREAS, OPERATOR_ROLES } from './access.ts';

/**
 * Operator sign-in (docs/back-office.md, "Signing in"): username and password, then a TOTP code
 * (RFC 6238: SHA-1, 6 digits, 30 s) at every sign-in. An operator without two-factor yet is shown a new
 * secret (as text and as a QR code) and signs in by sending the first code it makes.
 */

/** Operator usernames: 3–32 lower-case letters, digits, dot, dash or underscore. */
export const OPERATOR_USERNAME_PATTERN = /^[a-z0-9._-]{3,32}$/;
/** Operator passwords: 12 to 128 characters. */
export const OPERATOR_PASSWORD_LENGTH = { min: 12, max: 128 } as const;
/** An operator session ends after this long without a call. */
export const OPERATOR_IDLE_MINUTES = 30;
/** And after this long in any case. */
export const OPERATOR_SESSION_HOURS = 12;
/**
 * Sign-in checks of one username (docs/back-office.md, "Signing in"): a username is never locked. After
 * OPERATOR_LOGIN_FREE_ATTEMPTS checks in OPERATOR_LOGIN_WINDOW_MINUTES (a sign-in takes two: the password,
 * then the code), every further check needs a solved captcha and waits for the delay since the last one:
 * OPERATOR_LOGIN_DELAY_SECONDS.first, doubling each time up to `max`. A sign-in clears the count.
 */
export const OPERATOR_LOGIN_FREE_ATTEMPTS = 5;
export const OPERATOR_LOGIN_WINDOW_MINUTES = 15;
export const OPERATOR_LOGIN_DELAY_SECONDS = { first: 1, max: 60 } as const;
/** Checks from one address in OPERATOR_LOGIN_WINDOW_MINUTES; past it the address is locked for as long. */
export const OPERATOR_ADDRESS_LIMIT = 50;

/** The cookie of an operator session: HttpOnly, sent only to the back-office calls. */
export const OPERATOR_COOKIE = 'kl_op';
export const OPERATOR_COOKIE_PATH = '/api/admin';
/** Where the back office is served. */
export const ADMIN_BASE_PATH = '/admin';

export const operatorUsername = z.string().trim().toLowerCase().regex(OPERATOR_USERNAME_PATTERN);
export const operatorPassword = z
  .string()
  .min(OPERATOR_PASSWORD_LENGTH.min)
  .max(OPERATOR_PASSWORD_LENGTH.max);
export const totpCode = z.string().regex(/^\d{6}$/);

/** A solved captcha (GET /api/admin/captcha), sent once the server asked for one (`captchaRequired`). */
export const captchaAnswer = {
  captchaId: z.string().max(64).optional(),
  captcha: z.string().max(16).optional(),
};

export const adminLoginRequest = z.object({
  username: z.string().trim().toLowerCase().min(1).max(64),
  password: z.string().min(1).max(OPERATOR_PASSWORD_LENGTH.max),
  /** The TOTP code; left out on the first step. */
  code: totpCode.optional(),
  ...captchaAnswer,
});
export type AdminLoginRequest = z.infer<typeof adminLoginRequest>;

export const accessMap = z.object(
  Object.fromEntries(ADMIN_AREAS.map((area) => [area, z.enum(ACCESS_LEVELS)])) as Record<
    (typeof ADMIN_AREAS)[number],
    z.ZodEnum<{ none: 'none'; read: 'read'; write: 'write' }>
  >,
);

/** The signed-in operator and what they may do. */
export const operatorSelf = z.object({
  id: z.uuid(),
  username: z.string(),
  role: z.enum(OPERATOR_ROLES),
  readOnly: z.boolean(),
  access: accessMap,
  /** The merchant's time zone (IANA): the back office shows dates and picks days in it. */
  timeZone: z.string(),
});
export type OperatorSelf = z.infer<typeof operatorSelf>;

/**
 * The answer of a sign-in with the right password:
 * - `enrol`: two-factor is not set up yet; `secret` (base32) and `otpauthUri` (also drawn as `qrSvg`) go
 *   into an authenticator app, and the same call is sent again with its first code;
 * - `code`: two-factor is set up; the same call is sent again with a code;
 * - `signed-in`: the code was right; the session cookie is set.
 * A wrong password is 401 WRONG_CREDENTIALS, a wrong code 400 WRONG_VERIFICATION_CODE. Once the username
 * has had its free checks, a refusal carries `captchaRequired: true` in its value, and a check without a
 * solved captcha is 400 CAPTCHA_REQUIRED, one sooner than the delay 429 TOO_MANY_REQUESTS with
 * `retryAfterSeconds`.
 */
export const adminLoginResult = z.discriminatedUnion('step', [
  z.object({
    step: z.literal('enrol'),
    secret: z.string(),
    otpauthUri: z.string(),
    qrSvg: z.string(),
  }),
  z.object({ step: z.literal('code') }),
  z.object({ step: z.literal('signed-in'), operator: operatorSelf }),
]);
export type AdminLoginResult = z.infer<typeof adminLoginResult>;

export const adminLogoutResult = z.object({ signedOut: z.literal(true) });
