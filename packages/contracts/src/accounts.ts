import type { ApiTable } from './api-call.ts';
import { z } from 'zod';
import {
  affiliateCheckQuery,
  affiliateCheckResult,
  noValue,
  usernameCheckQuery,
  usernameCheckResult,
} from './account-checks.ts';
import { memberSessionCalls, sessionInfo } from './member-session.ts';
import { pageParams } from './paging.ts';

export {
  memberInfo,
  memberSessionCalls,
  sessionInfo,
  type MemberInfo,
  type SessionInfo,
} from './member-session.ts';

/**
 * Accounts (product.md §3 Session, Login payload, Registration payload, Change password, SMS send, Member
 * info; §7 login, register, verification, captcha and password calls). Field formats are checked by
 * the shared verifier (verifier.ts) under the merchant's rule set; these schemas give the shapes.
 */

export * from './member-types.ts';

export const REGISTER_METHODS = ['APP', 'H5', 'PWA', 'WEBCLIP'] as const;
export const LOGIN_TYPES = ['username', 'sms', 'firebase'] as const;
export const FIREBASE_CHANNELS = ['google', 'facebook', 'sms'] as const;

/** Device header (product.md §7): the installed web app sends OTHERS. */
export const DEVICE_HEADER = 'x-device';
/**
 * The browser's own random id (kept in local storage), sent when registering: referral rewards are not paid
 * between two members registered from one device. Not an identity: a cleared storage gets a new one.
 */
export const DEVICE_ID_HEADER = 'x-device-id';
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
export const DEVICES = ['H5', 'OTHERS'] as const;
/**
 * How a member signed in: a password, an SMS code, a quick login (Google, Facebook, phone), or by
 * registering or taking a trial account (each starts a session).
 */
export const LOGIN_METHODS = ['password', 'sms', 'social', 'register', 'trial'] as const;
export type LoginMethod = (typeof LOGIN_METHODS)[number];
/** Header carrying the login payload's AES key wrapped with the server's RSA-OAEP key: `<keyId>.<base64>`. */
export const LOGIN_KEY_HEADER = 'x-login-key';
/** Name of the HttpOnly session cookie. */
export const SESSION_COOKIE = 'kl_session';

/** The server's public key for the login payload (RSA-OAEP, SHA-256, SPKI base64). */
export const loginKey = z.object({
  keyId: z.string(),
  algorithm: z.literal('RSA-OAEP-256'),
  spki: z.string(),
});
export type LoginKey = z.infer<typeof loginKey>;

/** An AES-GCM encrypted body: the JSON of the payload, encrypted with a fresh 256-bit key. */
export const encryptedBody = z.object({
  iv: z.string().max(32),
  ciphertext: z.string().max(16_384),
});
export type EncryptedBody = z.infer<typeof encryptedBody>;

const short = (max: number) => z.string().max(max);

/** Login payload (product.md §3), inside the encrypted body. */
export const loginPayload = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('username'),
    username: short(64),
    password: short(64),
    captcha: short(16).optional(),
    captchaId: short(64).optional(),
  }),
  z.object({
    type: z.literal('sms'),
    mobileNum: short(32),
    countryDialingCode: short(8),
    verificationCode: short(16),
    captcha: short(16).optional(),
    captchaId: short(64).optional(),
  }),
  z.object({
    type: z.literal('firebase'),
    firebaseChannel: z.enum(FIREBASE_CHANNELS),
    firebaseIdToken: short(8_192),
    firebaseMobileNo: short(32).optional(),
    countryDialingCode: short(8).optional(),
  }),
]);
export type LoginPayload = z.infer<typeof loginPayload>;

/**
 * One of the member's signed-in sessions (GET /api/member/sessions): the browser and system named from its
 * User-Agent (null when not recognised), the address it signed in from, when, and when it was last renewed.
 */
export const memberSessionEntry = z.object({
  id: z.uuid(),
  browser: z.string().nullable(),
  system: z.string().nullable(),
  device: z.enum(DEVICES),
  ip: z.string(),
  /** The address's country (ISO 3166 alpha-2) by the site's geo-IP data; null when unknown (a private address). */
  country: z.string().nullable(),
  signedInAt: z.string(),
  lastActiveAt: z.string(),
  /** The session of this request. */
  current: z.boolean(),
});
export type MemberSessionEntry = z.infer<typeof memberSessionEntry>;
export const memberSessionList = z.object({ list: z.array(memberSessionEntry) });
export type MemberSessionList = z.infer<typeof memberSessionList>;
/** DELETE one of the member's other sessions (its id); another member's or an ended one is 404 NOT_FOUND. */
export const endSessionQuery = z.object({ sessionId: z.uuid() });
/** How many sessions a sign-out ended. */
export const endedSessions = z.object({ ended: z.number().int().nonnegative() });
export type EndedSessions = z.infer<typeof endedSessions>;

/**
 * How long a member's session lasts without a call, in minutes: the merchant's choice in the site settings
 * (docs/product.md, "Account security"), from 5 minutes to 7 days; a session keeps the one in force when it
 * started.
 */
export const SESSION_IDLE_MINUTES = { min: 5, max: 7 * 24 * 60, default: 7 * 24 * 60 } as const;

/** How far back the member's login history goes, and its page. */
export const LOGIN_HISTORY_DAYS = 90;
export const LOGIN_HISTORY_PAGE_SIZE = { default: 20, max: 50 } as const;
export const loginHistoryQuery = z.object({ ...pageParams(LOGIN_HISTORY_PAGE_SIZE) });
/**
 * One sign-in of the member's login history: when, from where, with which browser and system, how, and
 * whether it succeeded (with the refusal's catalogue code when not). A failure counts when it named the
 * member's username or mobile number.
 */
export const loginHistoryEntry = z.object({
  at: z.string(),
  ip: z.string(),
  /** The address's country (ISO 3166 alpha-2), as memberSessionEntry's. */
  country: z.string().nullable(),
  browser: z.string().nullable(),
  system: z.string().nullable(),
  /** Null for entries kept before the method was recorded. */
  method: z.enum(LOGIN_METHODS).nullable(),
  succeeded: z.boolean(),
  reason: z.string().nullable(),
});
export type LoginHistoryEntry = z.infer<typeof loginHistoryEntry>;
export const loginHistoryPage = z.object({
  list: z.array(loginHistoryEntry),
  total: z.number().int().min(0),
  pageNo: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type LoginHistoryPage = z.infer<typeof loginHistoryPage>;

/** Failed login: `value.captchaRequired` tells the form to show the captcha (product.md §2 Login). */
export const loginFailureValue = z.object({ captchaRequired: z.boolean() });

export const registrationPayload = z.object({
  countryDialingCode: short(8).optional(),
  registerUrl: short(2_048).optional(),
  registerMethod: z.enum(REGISTER_METHODS),
  username: short(64).optional(),
  password: short(64),
  confirmPassword: short(64),
  affiliateCode: short(64).optional(),
  paymentPassword: short(64).optional(),
  recommenderId: short(64).optional(),
  nickname: short(64).optional(),
  payeeName: short(128).optional(),
  email: short(320).optional(),
  mobileNum: short(32).optional(),
  idNumber: short(32).optional(),
  qqNum: short(32).optional(),
  facebook: short(64).optional(),
  wechat: short(64).optional(),
  line: short(64).optional(),
  whatsapp: short(32).optional(),
  zalo: short(32).optional(),
  birthday: short(10).optional(),
  captcha: short(16).optional(),
  captchaId: short(64).optional(),
  type: z.literal(0).default(0),
  domain: short(255).optional(),
  verificationCode: short(16).optional(),
  firebaseChannel: z.literal('sms').optional(),
  firebaseIdToken: short(8_192).optional(),
});
export type RegistrationPayload = z.infer<typeof registrationPayload>;

export const captchaChallenge = z.object({
  captchaId: z.string(),
  /** data: URL of the image (SVG, base64). */
  image: z.string(),
  expiresAt: z.string(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallenge>;

export const SMS_PURPOSES = ['register', 'login', 'resetPassword'] as const;
/**
 * Every purpose an SMS code is sent for: those a visitor asks for (SMS_PURPOSES), and a logged-in member's
 * change of mobile number (a code to the old number and one to the new; docs/decisions/059-member-contacts.md).
 */
export const SMS_CODE_PURPOSES = [...SMS_PURPOSES, 'changeMobile'] as const;
/**
 * SMS send. The captcha (GET captcha's captchaId and its answer) is required by the server: without it, or
 * wrong, the answer is WRONG_VERIFICATION_CODE { field: 'captcha' } and nothing is sent. Optional here only
 * so that a missing one gets that answer rather than INVALID_INPUT.
 */
export const smsSendRequest = z.object({
  mobileNum: short(32),
  countryDialingCode: short(8),
  purpose: z.enum(SMS_PURPOSES),
  captcha: short(16).optional(),
  captchaId: short(64).optional(),
});
/** product.md §3: the answer's expirationTime (ISO) drives the resend countdown. */
export const smsSendResult = z.object({ expirationTime: z.string() });

export const changePasswordRequest = z.object({
  oldPassword: short(64).optional(),
  newPassword: short(64),
  confirmNewPassword: short(64),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

/**
 * Two-factor authentication of a member (TOTP, RFC 6238: 6 digits, 30-second steps, SHA-1, as every
 * authenticator app reads it). When on, a login asks for a code after the password or the SMS code, and a
 * withdrawal asks for one too; one of the ten recovery codes given when it was turned on stands for a code
 * at login and when turning it off, each once.
 */
export const TWO_FACTOR_RECOVERY_CODES = 10;
/** A TOTP code (6 digits) or a recovery code (10 letters and digits, a hyphen after the fifth optional). */
export const twoFactorCode = short(32);
export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int().min(0),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;
/** An enrolment under way: the secret as the QR code (an SVG data URL), as its otpauth:// URI and as text. */
export const twoFactorEnrolment = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  qrImage: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolment>;
export const twoFactorCodeRequest = z.object({ code: twoFactorCode });
/** Turned on: the recovery codes, shown this once (only their digests are kept). */
export const twoFactorRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
/** A login's refusal TWO_FACTOR_REQUIRED carries the challenge the second step answers. */
export const twoFactorChallengeValue = z.object({ challenge: z.string(), captchaRequired: z.boolean() });
export const twoFactorLoginRequest = z.object({ challenge: short(128), code: twoFactorCode });

/**
 * The member's profile (docs/decisions/058-member-profile.md): the nickname shown instead of the username,
 * and the birthday, which the member sets once (the VIP birthday bonus is paid on it: a date that could
 * be moved would be a bonus a month). The avatar is the head-icon calls'.
 */
export const memberProfile = z.object({
  nickname: z.string().nullable(),
  /** `1990-05-17`; null until set. */
  birthday: z.string().nullable(),
  email: z.string().nullable(),
  /** The member opened the link e-mailed to `email` (docs/decisions/059-member-contacts.md). */
  emailVerified: z.boolean(),
  /** `+84` and the national number; null for a member who registered without one. */
  mobile: z.object({ countryDialingCode: z.string(), mobileNum: z.string() }).nullable(),
});
export type MemberProfile = z.infer<typeof memberProfile>;

/**
 * A new e-mail address (docs/decisions/059-member-contacts.md): kept unverified, and a link to verify it is
 * e-mailed to it. The same address as now, unverified, sends the link again (at most once a minute).
 */
export const emailChange = z.object({ email: short(320) });
export type EmailChange = z.infer<typeof emailChange>;
/** Where the link went. */
export const emailSent = z.object({ sentTo: z.string() });
/** The token of the e-mailed link `/m/verify-email?token=…`: the link's owner need not be logged in. */
export const emailVerifyRequest = z.object({ token: short(128) });
export const emailVerified = z.object({ email: z.string() });

/**
 * A code for the change of mobile number: to the member's current number (`current`), or to the new one
 * (`new`, with the number). Answered like an SMS send: the moment a new code may be asked.
 */
export const mobileCodeRequest = z.discriminatedUnion('target', [
  z.object({ target: z.literal('current') }),
  z.object({ target: z.literal('new'), countryDialingCode: short(8), mobileNum: short(32) }),
]);
export type MobileCodeRequest = z.infer<typeof mobileCodeRequest>;
/**
 * The change of mobile number: the code sent to the current number (a member who has none gives none)
 * and the code sent to the new one. Ends the member's other sessions.
 */
export const mobileChange = z.object({
  currentCode: short(10).optional(),
  countryDialingCode: short(8),
  mobileNum: short(32),
  newCode: short(10),
});
export type MobileChange = z.infer<typeof mobileChange>;
/**
 * A change of the profile: what is given is changed. An empty nickname removes it. A birthday is a real date
 * of 1900 or later, not after today, of a member of 18 or more (KYC_UNDER_AGE); once set, another is
 * refused (BIRTHDAY_ALREADY_SET) and the same one changes nothing.
 */
export const profileChange = z.object({
  nickname: short(64).optional(),
  birthday: short(10).optional(),
});
export type ProfileChange = z.infer<typeof profileChange>;

/**
 * The public web configuration of the merchant's Firebase project, which the browser needs for
 * Google / Facebook quick login (FIREBASE_WEB_API_KEY, FIREBASE_AUTH_DOMAIN, FIREBASE_PROJECT_ID).
 * Not a secret: Firebase web API keys identify the project.
 */
export const firebaseWebConfig = z.object({
  apiKey: z.string(),
  authDomain: z.string(),
  projectId: z.string(),
});
export type FirebaseWebConfig = z.infer<typeof firebaseWebConfig>;

/** GET /api/register/rules: what the registration and login screens show (product.md §2, §5, §6). */
export const registrationRules = z.object({
  /** Rule of every verifier field (enabled, required). */
  fields: z.record(z.string(), z.object({ enabled: z.boolean(), required: z.boolean() })),
  methods: z.object({ username: z.boolean(), mobile: z.boolean() }),
  /** REGMOBVERF3: mobile registration needs an SMS code. */
  smsVerification: z.boolean(),
  /** MOBILENUMPASSREG3: mobile registration asks for a password. */
  mobilePassword: z.boolean(),
  /** MOBILEVERCODELOGIN3: log in by SMS code. */
  smsLogin: z.boolean(),
  /** LOGINREQCAPTCHA3: every login needs the captcha. */
  loginCaptcha: z.boolean(),
  /**
   * Each quick login, all with `firebase` configured: the Google and Facebook buttons (their switches
   * GOOGLELOGIN3, FACEBOOKLOGIN3), and `sms`: the SMS login's code sent and checked by Firebase's phone
   * sign-in (MOBILEVERCODELOGIN3, with the deployment's FIREBASE_PHONE_AUTH on) instead of the site's own.
   */
  social: z.object({ google: z.boolean(), facebook: z.boolean(), sms: z.boolean() }),
  /** The Firebase web configuration; null when the deployment has not set it whole. */
  firebase: firebaseWebConfig.nullable(),
  ageLimit: z.number().int(),
  termsCheckedByDefault: z.boolean(),
  defaultCountryDialingCode: z.string(),
  countryDialingCodes: z.array(z.string()),
});
export type RegistrationRules = z.infer<typeof registrationRules>;

/** POST /api/auth/password/by-phone, inside the encrypted body. */
export const setPasswordByPhonePayload = z.object({
  mobileNum: short(32),
  countryDialingCode: short(8),
  verificationCode: short(16),
  newPassword: short(64),
  confirmNewPassword: short(64),
});

/** POST /api/auth/password/email: a reset link is sent to the member's e-mail. */
export const passwordEmailRequest = z.object({
  email: short(320),
  captcha: short(16),
  captchaId: short(64),
});

/** POST /api/auth/password/reset with the token of the e-mailed link. */
export const passwordResetRequest = z.object({
  token: short(256),
  newPassword: short(64),
  confirmNewPassword: short(64),
});

/** The accounts calls of the API table (api-paths.ts composes every domain's calls). */
export const accountsCalls = {
  loginKey: { method: 'GET', path: '/api/auth/login-key', moduleId: 'PERSPNL3', response: loginKey },
  /** The body is the encrypted login payload (loginPayload). */
  login: {
    method: 'POST',
    path: '/api/auth/login',
    moduleId: 'PERSPNL3',
    body: encryptedBody,
    response: sessionInfo,
  },
  trialLogin: { method: 'POST', path: '/api/auth/trial', moduleId: 'FREEPLAY3', response: sessionInfo },
  logout: memberSessionCalls.logout,
  renewSession: memberSessionCalls.renewSession,
  registrationRules: {
    method: 'GET',
    path: '/api/register/rules',
    moduleId: 'REG3',
    response: registrationRules,
  },
  register: {
    method: 'PUT',
    path: '/api/register',
    moduleId: 'REGISTER_REE3',
    body: registrationPayload,
    response: sessionInfo,
  },
  registerMobile: {
    method: 'PUT',
    path: '/api/register/mobile',
    moduleId: 'MOBILENUMREG3',
    body: registrationPayload,
    response: sessionInfo,
  },
  usernameCheck: {
    method: 'GET',
    path: '/api/register/username-check',
    moduleId: 'REG3',
    query: usernameCheckQuery,
    response: usernameCheckResult,
  },
  affiliateCheck: {
    method: 'GET',
    path: '/api/register/affiliate-check',
    moduleId: 'AFFMAN3',
    query: affiliateCheckQuery,
    response: affiliateCheckResult,
  },
  sendSms: {
    method: 'POST',
    path: '/api/verification/sms',
    moduleId: 'REGMOBVERF3',
    body: smsSendRequest,
    response: smsSendResult,
  },
  captcha: { method: 'GET', path: '/api/captcha', moduleId: 'CAPTCHA3', response: captchaChallenge },
  changePassword: {
    method: 'POST',
    path: '/api/member/password',
    moduleId: 'PERSPNL3',
    body: changePasswordRequest,
    response: noValue,
  },
  /** The body is the encrypted setPasswordByPhonePayload. */
  setPasswordByPhone: {
    method: 'POST',
    path: '/api/auth/password/by-phone',
    moduleId: 'CHNGPASSVERIF3',
    body: encryptedBody,
    response: noValue,
  },
  requestPasswordEmail: {
    method: 'POST',
    path: '/api/auth/password/email',
    moduleId: 'PERSPNL3',
    body: passwordEmailRequest,
    response: noValue,
  },
  resetPassword: {
    method: 'POST',
    path: '/api/auth/password/reset',
    moduleId: 'PERSPNL3',
    body: passwordResetRequest,
    response: noValue,
  },
  memberInfo: memberSessionCalls.memberInfo,
  memberProfile: {
    method: 'GET',
    path: '/api/member/profile',
    moduleId: 'PERSPNL3',
    response: memberProfile,
  },
  changeProfile: {
    method: 'PUT',
    path: '/api/member/profile',
    moduleId: 'PERSPNL3',
    body: profileChange,
    response: memberProfile,
  },
  changeEmail: {
    method: 'PUT',
    path: '/api/member/email',
    moduleId: 'PERSPNL3',
    body: emailChange,
    response: memberProfile,
  },
  resendEmailVerification: {
    method: 'POST',
    path: '/api/member/email/verification',
    moduleId: 'PERSPNL3',
    response: emailSent,
  },
  verifyEmail: {
    method: 'POST',
    path: '/api/email/verify',
    moduleId: 'PERSPNL3',
    body: emailVerifyRequest,
    response: emailVerified,
  },
  sendMobileCode: {
    method: 'POST',
    path: '/api/member/mobile/codes',
    moduleId: 'PERSPNL3',
    body: mobileCodeRequest,
    response: smsSendResult,
  },
  changeMobile: {
    method: 'PUT',
    path: '/api/member/mobile',
    moduleId: 'PERSPNL3',
    body: mobileChange,
    response: memberProfile,
  },
  memberSessions: {
    method: 'GET',
    path: '/api/member/sessions',
    moduleId: 'PERSPNL3',
    response: memberSessionList,
  },
  endMemberSession: {
    method: 'DELETE',
    path: '/api/member/sessions',
    moduleId: 'PERSPNL3',
    query: endSessionQuery,
    response: endedSessions,
  },
  loginHistory: {
    method: 'GET',
    path: '/api/member/logins',
    moduleId: 'PERSPNL3',
    query: loginHistoryQuery,
    response: loginHistoryPage,
  },
  endOtherSessions: {
    method: 'POST',
    path: '/api/member/sessions/end-others',
    moduleId: 'PERSPNL3',
    response: endedSessions,
  },
  twoFactorStatus: {
    method: 'GET',
    path: '/api/member/two-factor',
    moduleId: 'PERSPNL3',
    response: twoFactorStatus,
  },
  startTwoFactor: {
    method: 'POST',
    path: '/api/member/two-factor/setup',
    moduleId: 'PERSPNL3',
    response: twoFactorEnrolment,
  },
  enableTwoFactor: {
    method: 'POST',
    path: '/api/member/two-factor/enable',
    moduleId: 'PERSPNL3',
    body: twoFactorCodeRequest,
    response: twoFactorRecoveryCodes,
  },
  disableTwoFactor: {
    method: 'POST',
    path: '/api/member/two-factor/disable',
    moduleId: 'PERSPNL3',
    body: twoFactorCodeRequest,
    response: noValue,
  },
  loginTwoFactor: {
    method: 'POST',
    path: '/api/auth/login/two-factor',
    moduleId: 'PERSPNL3',
    body: twoFactorLoginRequest,
    response: sessionInfo,
  },
} as const satisfies ApiTable;
