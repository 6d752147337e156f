import { DEVICES, LOGIN_METHODS, REGISTER_METHODS, SMS_CODE_PURPOSES } from '@kl/contracts/accounts';
import { AGENT_LINK_KINDS } from '@kl/contracts/agents';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { merchant } from './merchant.ts';
import { at, inList } from './columns.ts';

/**
 * Accounts (product.md §3, §6): members, their sessions, and what proves who a person is (captchas, SMS codes,
 * password reset tokens). No secret is stored in clear: passwords are argon2id hashes, tokens, codes and
 * captcha answers are SHA-256 digests.
 */

/** A member of one merchant: types 0, 1, 2 real, 4 trial, 40–42 agents. */
export const member = pgTable(
  'member',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchant.code),
    /** As registered; unique per merchant without regard to case. */
    username: text('username').notNull(),
    type: smallint('type').notNull(),
    /** argon2id; null for trial members and members who log in by SMS only. */
    passwordHash: text('password_hash'),
    paymentPasswordHash: text('payment_password_hash'),
    /** `+84`; with mobile_num, unique per merchant. */
    countryDialingCode: text('country_dialing_code'),
    /** National number, digits only, leading zeros dropped. */
    mobileNum: text('mobile_num'),
    email: text('email'),
    /** When the member opened the link e-mailed to `email`; null until then, and again when the e-mail changes. */
    emailVerifiedAt: at('email_verified_at'),
    nickname: text('nickname'),
    payeeName: text('payee_name'),
    birthday: date('birthday', { mode: 'string' }),
    idNumber: text('id_number'),
    qqNum: text('qq_num'),
    facebook: text('facebook'),
    wechat: text('wechat'),
    line: text('line'),
    whatsapp: text('whatsapp'),
    zalo: text('zalo'),
    recommenderId: text('recommender_id'),
    /** The affiliate code the member registered with (its agent). */
    affiliateCode: text('affiliate_code'),
    registerMethod: text('register_method', { enum: REGISTER_METHODS }),
    registerUrl: text('register_url'),
    domain: text('domain'),
    registerIp: text('register_ip'),
    /** The browser's device id at registration (X-Device-Id): referral rewards are not paid between two members of one device. */
    registerDevice: text('register_device'),
    /** Set by an operator: the member can no longer log in. */
    disabledAt: at('disabled_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('member_merchant_username_key').on(table.merchantCode, sql`lower(${table.username})`),
    uniqueIndex('member_merchant_mobile_key')
      .on(table.merchantCode, table.countryDialingCode, table.mobileNum)
      .where(sql`${table.mobileNum} is not null`),
    index('member_merchant_email_idx').on(table.merchantCode, sql`lower(${table.email})`),
    index('member_register_ip_created_idx').on(table.registerIp, table.createdAt),
    index('member_register_device_idx').on(table.registerDevice),
    check('member_type_check', sql`${table.type} in (0, 1, 2, 4, 40, 41, 42)`),
    check(
      'member_register_method_check',
      sql`${table.registerMethod} is null or ${inList(table.registerMethod, REGISTER_METHODS)}`,
    ),
  ],
);

/** The key, member and digest of a member's secret token (a session, a reset link): the token is never kept. */
const memberToken = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  memberId: uuid('member_id')
    .notNull()
    .references(() => member.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
});

/** When a single-use code (a captcha, an SMS code) expires and was used, and who asked for it when. */
const singleUse = () => ({
  expiresAt: at('expires_at').notNull(),
  consumedAt: at('consumed_at'),
  ip: text('ip').notNull(),
  createdAt: at('created_at').notNull(),
});

/** A logged-in browser. The cookie holds the token; only its SHA-256 is kept here. */
export const memberSession = pgTable(
  'member_session',
  {
    ...memberToken(),
    /** The member's first session ever (product.md §3 firstTimeLogin). */
    firstTimeLogin: boolean('first_time_login').notNull(),
    createdAt: at('created_at').notNull(),
    renewedAt: at('renewed_at').notNull(),
    /** Ends here unless renewed; never later than created_at + 30 days. */
    expiresAt: at('expires_at').notNull(),
    /** Minutes it lasts without a call: the merchant's idle timeout when it started. */
    idleMinutes: integer('idle_minutes').notNull().default(10_080),
    revokedAt: at('revoked_at'),
    device: text('device', { enum: DEVICES }).notNull(),
    ip: text('ip').notNull(),
    /** The browser's User-Agent at sign-in (its first 300 characters): the member's list of sessions names it. */
    userAgent: text('user_agent'),
  },
  (table) => [
    index('member_session_member_idx').on(table.memberId),
    // Members signing in from one address (the withdrawal queue's risk flags, docs/back-office.md).
    index('member_session_ip_idx').on(table.ip),
    check('member_session_device_check', inList(table.device, DEVICES)),
  ],
);

/**
 * A member's two-factor authentication (TOTP, docs/decisions/056-member-two-factor.md): the secret sealed
 * with the secret keys (bound to the member), on once `enabledAt` is set; a row without it is an enrolment
 * under way. `lastStep` is the 30-second step of the last code used: a code is used once.
 */
export const memberTwoFactor = pgTable('member_two_factor', {
  memberId: uuid('member_id')
    .primaryKey()
    .references(() => member.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: at('enabled_at'),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: at('created_at').notNull(),
});

/** The ten recovery codes given when two-factor is turned on: each a digest bound to its member, used once. */
export const memberRecoveryCode = pgTable(
  'member_recovery_code',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [uniqueIndex('member_recovery_code_member_hash_idx').on(table.memberId, table.codeHash)],
);

/**
 * A login whose password (or SMS code) was right, waiting for the member's second factor: the token the
 * login screen holds, kept as its SHA-256; single use, expiring after 5 minutes.
 */
export const memberLoginChallenge = pgTable(
  'member_login_challenge',
  {
    ...memberToken(),
    method: text('method', { enum: LOGIN_METHODS }).notNull(),
    ...singleUse(),
  },
  (table) => [
    index('member_login_challenge_member_idx').on(table.memberId),
    check('member_login_challenge_method_check', inList(table.method, LOGIN_METHODS)),
  ],
);

/** An image captcha: single use, expiring; the answer kept as a digest. */
export const captcha = pgTable(
  'captcha',
  {
    id: text('id').primaryKey(),
    answerHash: text('answer_hash').notNull(),
    ...singleUse(),
  },
  (table) => [index('captcha_expires_idx').on(table.expiresAt)],
);

/** An SMS code. `delivered` is false for numbers that have no account (nothing was sent). */
export const smsCode = pgTable(
  'sms_code',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchant.code),
    purpose: text('purpose', { enum: SMS_CODE_PURPOSES }).notNull(),
    /** `<countryDialingCode><normalised number>`, e.g. +84912345678. */
    mobile: text('mobile').notNull(),
    codeHash: text('code_hash').notNull(),
    delivered: boolean('delivered').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** A new code may be asked from this moment (the answer's expirationTime). */
    resendAt: at('resend_at').notNull(),
    ...singleUse(),
  },
  (table) => [
    index('sms_code_mobile_created_idx').on(table.merchantCode, table.mobile, table.createdAt),
    index('sms_code_ip_created_idx').on(table.ip, table.createdAt),
    check('sms_code_purpose_check', inList(table.purpose, SMS_CODE_PURPOSES)),
  ],
);

/** Every login attempt: drives the captcha after a failure and the per-IP limit. */
export const loginAttempt = pgTable(
  'login_attempt',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantCode: text('merchant_code').notNull(),
    /** Lower-cased username or the mobile number tried; null when the payload named neither. */
    account: text('account'),
    ip: text('ip').notNull(),
    succeeded: boolean('succeeded').notNull(),
    createdAt: at('created_at').notNull(),
    /** The member signed in (a success); a failure names only what was typed (`account`). */
    memberId: uuid('member_id'),
    /** How: password, sms or social (a quick login with Google, Facebook or a phone). */
    method: text('method', { enum: LOGIN_METHODS }),
    /** A failure's catalogue code (WRONG_CREDENTIALS, WRONG_VERIFICATION_CODE, ACCOUNT_UNAVAILABLE…). */
    reason: text('reason'),
    /** The browser's User-Agent (its first 300 characters). */
    userAgent: text('user_agent'),
  },
  (table) => [
    index('login_attempt_ip_idx').on(table.ip, table.createdAt),
    index('login_attempt_account_idx').on(table.merchantCode, table.account, table.createdAt),
    // A member's login history (docs/product.md, "Account security").
    index('login_attempt_member_idx').on(table.memberId, table.createdAt),
    check('login_attempt_method_check', inList(table.method, LOGIN_METHODS)),
  ],
);

/** The token of an e-mailed password reset link: single use, 30 minutes, kept as a digest. */
export const passwordResetToken = pgTable(
  'password_reset_token',
  {
    ...memberToken(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('password_reset_token_member_idx').on(table.memberId, table.createdAt)],
);

/**
 * The token of an e-mailed verification link (docs/decisions/059-member-contacts.md): single use, 24 hours,
 * kept as a digest, and good only while the member's e-mail is still the one it was sent to.
 */
export const emailVerificationToken = pgTable(
  'email_verification_token',
  {
    ...memberToken(),
    email: text('email').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('email_verification_token_member_idx').on(table.memberId, table.createdAt)],
);

/** RSA-OAEP key pairs of the login payload, shared by every process through the database. */
export const loginKey = pgTable('login_key', {
  id: text('id').primaryKey(),
  /** base64 DER SubjectPublicKeyInfo. */
  publicKeySpki: text('public_key_spki').notNull(),
  /** PEM PKCS#8. */
  privateKeyPem: text('private_key_pem').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/**
 * An invitation code (product.md §5 affiliate code). With an agent, it is that agent's link
 * (docs/agents.md, "Agent links"): registering with it, typed or through `/m/register?agent=CODE`,
 * attaches the member to the agent (`kind` member) or makes it a sub-agent (`kind` agent). Visits and
 * registrations are counted by conditional increments.
 */
export const affiliateCode = pgTable(
  'affiliate_code',
  {
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchant.code),
    code: text('code').notNull(),
    agentMemberId: uuid('agent_member_id').references(() => member.id),
    kind: text('kind', { enum: AGENT_LINK_KINDS }).notNull().default('member'),
    campaign: text('campaign'),
    active: boolean('active').notNull().default(true),
    clicks: integer('clicks').notNull().default(0),
    registrations: integer('registrations').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.merchantCode, table.code] }),
    uniqueIndex('affiliate_code_merchant_upper_key').on(table.merchantCode, sql`upper(${table.code})`),
    index('affiliate_code_agent_idx').on(table.agentMemberId),
    check('affiliate_code_kind_check', inList(table.kind, AGENT_LINK_KINDS)),
  ],
);

/** The merchant's rule of each registration field (product.md §5): shown (enabled) and required. */
export const registrationFieldRule = pgTable(
  'registration_field_rule',
  {
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchant.code),
    field: text('field').notNull(),
    enabled: boolean('enabled').notNull(),
    required: boolean('required').notNull(),
  },
  (table) => [primaryKey({ columns: [table.merchantCode, table.field] })],
);

export type MemberRow = typeof member.$inferSelect;
export type NewMemberRow = typeof member.$inferInsert;
export type MemberSessionRow = typeof memberSession.$inferSelect;
export type SmsCodeRow = typeof smsCode.$inferSelect;
