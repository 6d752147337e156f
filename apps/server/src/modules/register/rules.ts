import type { FirebaseWebConfig, RegistrationRules } from '@kl/contracts/accounts';
import { type FieldRule, VERIFIER_FIELDS, type VerifierField } from '@kl/contracts/verifier';
import type { Merchant } from '../merchant/index.ts';

/** The verifier fields of the registration form (the login fields have their own rules). */
export const REGISTRATION_FIELDS = VERIFIER_FIELDS.filter((field) => !field.startsWith('login'));
export type RegistrationField = Exclude<VerifierField, `login${string}`>;

/** The rule of the confirmation field, which follows the password. */
export const CONFIRM_PASSWORD = 'confirmPassword';

const DISABLED: FieldRule = { enabled: false, required: false };
const REQUIRED: FieldRule = { enabled: true, required: true };
const OPTIONAL: FieldRule = { enabled: true, required: false };

export type StoredRules = Partial<Record<string, FieldRule>>;

export function storedRules(
  rows: readonly { field: string; enabled: boolean; required: boolean }[],
): StoredRules {
  return Object.fromEntries(
    rows.map((row) => [row.field, { enabled: row.enabled, required: row.enabled && row.required }]),
  );
}

/**
 * The rule of each field for one registration method. The stored rule set decides the optional fields;
 * the method decides the identity fields: by username, username and password are required and a mobile
 * number may be given; by mobile, the number is required, the SMS code when REGMOBVERF3 is on and the
 * password when MOBILENUMPASSREG3 is on; the username is derived.
 */
export function rulesForMethod(
  stored: StoredRules,
  merchant: Merchant,
  method: 'username' | 'mobile',
): Record<RegistrationField, FieldRule> {
  const rules = Object.fromEntries(
    REGISTRATION_FIELDS.map((field) => [field, stored[field] ?? DISABLED]),
  ) as Record<RegistrationField, FieldRule>;
  if (method === 'username') {
    return {
      ...rules,
      username: REQUIRED,
      password: REQUIRED,
      mobileNum: OPTIONAL,
      verificationCode: OPTIONAL,
    };
  }
  const { REGMOBVERF3, MOBILENUMPASSREG3 } = merchant.toggles;
  return {
    ...rules,
    username: DISABLED,
    mobileNum: REQUIRED,
    verificationCode: REGMOBVERF3 ? REQUIRED : DISABLED,
    password: MOBILENUMPASSREG3 ? REQUIRED : DISABLED,
  };
}

/**
 * GET /api/register/rules: the form's fields and the merchant's registration and login switches. The
 * social buttons need the merchant's switch and the whole Firebase web configuration (FIREBASE_PROJECT_ID,
 * FIREBASE_WEB_API_KEY, FIREBASE_AUTH_DOMAIN), which the browser signs in with; so does the SMS login's code
 * when the project signs in by phone (FIREBASE_PHONE_AUTH).
 */
export function registrationRulesOf(
  stored: StoredRules,
  merchant: Merchant,
  firebase: FirebaseWebConfig | null,
  /** FIREBASE_PHONE_AUTH: the Firebase project signs in by phone, so the SMS login's code is Firebase's. */
  firebasePhoneAuth = false,
): RegistrationRules {
  const { toggles, info } = merchant;
  const fields: Record<string, FieldRule> = Object.fromEntries(
    REGISTRATION_FIELDS.map((field) => [field, stored[field] ?? DISABLED]),
  );
  fields[CONFIRM_PASSWORD] = stored[CONFIRM_PASSWORD] ?? fields.password ?? REQUIRED;
  fields.mobileNum = toggles.MOBILENUMREG3 ? REQUIRED : (stored.mobileNum ?? DISABLED);
  fields.verificationCode = toggles.REGMOBVERF3 ? REQUIRED : DISABLED;
  return {
    fields,
    methods: { username: toggles.USERNAMEREG3, mobile: toggles.MOBILENUMREG3 },
    smsVerification: toggles.REGMOBVERF3,
    mobilePassword: toggles.MOBILENUMPASSREG3,
    smsLogin: toggles.MOBILEVERCODELOGIN3,
    loginCaptcha: toggles.LOGINREQCAPTCHA3,
    social: {
      google: firebase !== null && toggles.GOOGLELOGIN3,
      facebook: firebase !== null && toggles.FACEBOOKLOGIN3,
      sms: firebase !== null && firebasePhoneAuth && toggles.MOBILEVERCODELOGIN3,
    },
    firebase,
    ageLimit: info.register.ageLimit,
    termsCheckedByDefault: info.register.termsCheckedByDefault,
    defaultCountryDialingCode: info.register.defaultCountryDialingCode,
    countryDialingCodes: info.register.countryDialingCodes,
  };
}

/** The merchant's seeded rule set (product.md §5 fields); see db/seed. */
export const DEFAULT_FIELD_RULES: Record<string, FieldRule> = {
  username: REQUIRED,
  password: REQUIRED,
  [CONFIRM_PASSWORD]: REQUIRED,
  payeeName: OPTIONAL,
  email: OPTIONAL,
  birthday: OPTIONAL,
  affiliateCode: OPTIONAL,
  nickname: OPTIONAL,
  mobileNum: OPTIONAL,
  verificationCode: OPTIONAL,
  paymentPassword: DISABLED,
  recommenderId: DISABLED,
  idNumber: DISABLED,
  qqNum: DISABLED,
  facebook: DISABLED,
  wechat: DISABLED,
  line: DISABLED,
  whatsapp: DISABLED,
  zalo: DISABLED,
};
