import { z } from 'zod';
import type { ErrorCode } from './errors.ts';

/**
 * The shared field verifier of product.md §5, keyed by field name. The exact patterns are ours;
 * they are chosen here once (docs/decisions/004-field-patterns.md) and used by the registration and
 * login forms and by the server. A merchant's rule set switches each field on or off and makes it
 * required or optional; an optional field left empty passes.
 */

/**
 * The registration fields a merchant may switch on beside the username, password and mobile number, in the
 * order of product.md §2: the order the form shows them and the server checks them.
 */
export const OPTIONAL_REGISTRATION_FIELDS = [
  'payeeName',
  'paymentPassword',
  'idNumber',
  'qqNum',
  'facebook',
  'wechat',
  'line',
  'whatsapp',
  'zalo',
  'email',
  'nickname',
  'recommenderId',
  'birthday',
  'affiliateCode',
] as const;

export const VERIFIER_FIELDS = [
  'mobileNum',
  'verificationCode',
  'username',
  'password',
  ...OPTIONAL_REGISTRATION_FIELDS,
  'loginUsername',
  'loginPassword',
  'loginMobileNum',
] as const;
export type VerifierField = (typeof VERIFIER_FIELDS)[number];

export interface FieldRule {
  /** Shown on the form and accepted by the server. */
  enabled: boolean;
  /** Must not be empty. */
  required: boolean;
}
export type FieldRuleSet = Partial<Record<VerifierField, FieldRule>>;

interface FieldSpec {
  /** Upper bound on input length (also the input's maxlength). */
  maxLength: number;
  /** Pattern (or check) the trimmed value must satisfy. */
  test: (value: string, now: Date) => boolean;
  /** Catalogue code of the failure. */
  code: ErrorCode;
}

const matches = (pattern: RegExp) => (value: string) => pattern.test(value);

/** ISO date YYYY-MM-DD between 1900-01-01 and the end of the current year (product.md §5). */
function isBirthday(value: string, now: Date): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year >= BIRTHDAY_MIN_YEAR && year <= now.getUTCFullYear();
}

export const BIRTHDAY_MIN_YEAR = 1900;
export const EMAIL_MAX_LENGTH = 254;

// A practical e-mail shape: local part, one @, a dotted domain; no spaces.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const FIELD_SPECS: Record<VerifierField, FieldSpec> = {
  // National number, digits only; the dialing code travels separately.
  mobileNum: { maxLength: 15, test: matches(/^\d{8,15}$/), code: 'MOBILE_FORMAT' },
  verificationCode: { maxLength: 10, test: matches(/^\d{4,10}$/), code: 'WRONG_VERIFICATION_CODE' },
  username: { maxLength: 15, test: matches(/^[A-Za-z0-9]{5,15}$/), code: 'ACCOUNT_FORMAT' },
  // 6–20 characters, at least one letter and one digit, no white space.
  password: {
    maxLength: 20,
    test: matches(/^(?=.*[A-Za-z])(?=.*\d)\S{6,20}$/),
    code: 'PASSWORD_FORMAT',
  },
  // As on the identity document: capital letters without diacritics, single spaces between words.
  payeeName: { maxLength: 50, test: matches(/^[A-Z]+( [A-Z]+)*$/), code: 'NAME_FORMAT' },
  paymentPassword: { maxLength: 6, test: matches(/^\d{6}$/), code: 'PASSWORD_FORMAT' },
  // Vietnamese identity card (9 digits) or citizen identity card (12 digits), or a passport number.
  idNumber: { maxLength: 12, test: matches(/^(\d{9}|\d{12}|[A-Z]\d{7,8})$/), code: 'INVALID_INPUT' },
  qqNum: { maxLength: 12, test: matches(/^[1-9]\d{4,11}$/), code: 'INVALID_INPUT' },
  facebook: { maxLength: 50, test: matches(/^[A-Za-z0-9.]{5,50}$/), code: 'INVALID_INPUT' },
  wechat: { maxLength: 20, test: matches(/^[A-Za-z][A-Za-z0-9_-]{5,19}$/), code: 'INVALID_INPUT' },
  line: { maxLength: 20, test: matches(/^[A-Za-z0-9._-]{4,20}$/), code: 'INVALID_INPUT' },
  whatsapp: { maxLength: 16, test: matches(/^\+?\d{8,15}$/), code: 'MOBILE_FORMAT' },
  zalo: { maxLength: 11, test: matches(/^0?\d{9,10}$/), code: 'MOBILE_FORMAT' },
  email: {
    maxLength: EMAIL_MAX_LENGTH,
    test: (value) => value.length <= EMAIL_MAX_LENGTH && EMAIL.test(value),
    code: 'EMAIL_FORMAT',
  },
  // Letters of any script, digits and single spaces; 2–20 characters.
  nickname: {
    maxLength: 20,
    test: matches(/^(?=.{2,20}$)[\p{L}\p{N}]+( [\p{L}\p{N}]+)*$/u),
    code: 'NAME_FORMAT',
  },
  recommenderId: { maxLength: 20, test: matches(/^[A-Za-z0-9]{4,20}$/), code: 'REFERRER_LINK_ERROR' },
  birthday: { maxLength: 10, test: isBirthday, code: 'INVALID_INPUT' },
  affiliateCode: { maxLength: 20, test: matches(/^[A-Za-z0-9]{4,20}$/), code: 'INVALID_INVITATION_CODE' },
  loginUsername: { maxLength: 15, test: matches(/^[A-Za-z0-9]{5,15}$/), code: 'ACCOUNT_FORMAT' },
  loginPassword: { maxLength: 20, test: matches(/^\S{6,20}$/), code: 'PASSWORD_FORMAT' },
  loginMobileNum: { maxLength: 20, test: matches(/^\d{8,20}$/), code: 'MOBILE_FORMAT' },
};

/** Fields that are trimmed before checking (product.md §5: inputs trimmed on login and change password). */
const UNTRIMMED: ReadonlySet<VerifierField> = new Set(['password', 'loginPassword', 'paymentPassword']);

export type VerifyResult =
  | { ok: true; value: string | undefined }
  | { ok: false; code: ErrorCode; reason: 'required' | 'format' | 'disabled' };

/**
 * Checks one field. `rule` defaults to enabled and required. An optional empty field passes with
 * `value: undefined`; a disabled field must be empty.
 */
export function verifyField(
  field: VerifierField,
  raw: string | undefined | null,
  rule: FieldRule = { enabled: true, required: true },
  now: Date = new Date(),
): VerifyResult {
  const spec = FIELD_SPECS[field];
  const value = raw == null ? '' : UNTRIMMED.has(field) ? raw : raw.trim();
  if (!rule.enabled) {
    return value === ''
      ? { ok: true, value: undefined }
      : { ok: false, code: 'INVALID_INPUT', reason: 'disabled' };
  }
  if (value === '') {
    return rule.required
      ? { ok: false, code: spec.code, reason: 'required' }
      : { ok: true, value: undefined };
  }
  if (value.length > spec.maxLength || !spec.test(value, now)) {
    return { ok: false, code: spec.code, reason: 'format' };
  }
  return { ok: true, value };
}

/** A zod schema for one field under a rule, for react-hook-form and for the server's edge validation. */
export function fieldSchema(field: VerifierField, rule: FieldRule = { enabled: true, required: true }) {
  return z
    .string()
    .optional()
    .superRefine((raw, ctx) => {
      const result = verifyField(field, raw, rule);
      if (!result.ok)
        ctx.addIssue({ code: 'custom', message: result.code, params: { reason: result.reason } });
    })
    .transform((raw) => {
      const result = verifyField(field, raw, rule);
      return result.ok ? result.value : undefined;
    });
}

/**
 * A name as the banks write it (product.md §2): capitals without accents (Đ is D), single spaces, none at
 * either end. "Nguyễn Văn An", as on an identity card, is NGUYEN VAN AN. The payee name is registered in
 * this form, and a bank account's name is compared in it (withdrawal.ts, accountNameKey).
 */
export function toPayeeName(typed: string): string {
  return typed
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[đĐ]/g, 'D')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim();
}
