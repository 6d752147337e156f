import {
  accountsCalls,
  LOGIN_KEY_HEADER,
  type CaptchaChallenge,
  type LoginKey,
  type RegistrationRules,
} from '@kl/contracts/accounts';
import { fromBase64, toBase64 } from '../shared/lib/base64.ts';
import { callsTo, on, onByDefault, type FakeRequest } from './fake-api.ts';

/**
 * Accounts data for component tests (contracts accounts.ts): the registration rules, captchas whose
 * picture shows their answer, and the login key pair, with which a test reads the payload the browser
 * encrypted. The calls that log in, register or send an SMS answer what each test sets.
 */

/** GET /api/register/rules: both sign-up methods with an SMS code, no captcha at login, no social login. */
export function rulesOf(overrides: Partial<RegistrationRules> = {}): RegistrationRules {
  return {
    fields: {
      username: { enabled: true, required: true },
      password: { enabled: true, required: true },
      mobileNum: { enabled: false, required: false },
      payeeName: { enabled: true, required: false },
      email: { enabled: true, required: false },
      birthday: { enabled: true, required: false },
      affiliateCode: { enabled: true, required: false },
      nickname: { enabled: true, required: false },
    },
    methods: { username: true, mobile: true },
    ...{ smsVerification: true, mobilePassword: true, smsLogin: false, loginCaptcha: false },
    social: { google: false, facebook: false, sms: false },
    firebase: null,
    ageLimit: 18,
    termsCheckedByDefault: false,
    defaultCountryDialingCode: '+84',
    countryDialingCodes: ['+84', '+66'],
    ...overrides,
  };
}

/** The captcha numbered `n` (c1, c2…): its picture shows its answer, 1000 + n. */
export const captchaOf = (n: number): CaptchaChallenge => ({
  captchaId: `c${n}`,
  image: `data:image/svg+xml;base64,${btoa(`<svg xmlns="http://www.w3.org/2000/svg"><text>${1000 + n}</text></svg>`)}`,
  expiresAt: new Date(Date.now() + 300_000).toISOString(),
});

/** GET /api/captcha answers a new captcha at each request of the test: c1, c2… */
export const answerCaptchas = () =>
  onByDefault(accountsCalls.captcha, () => captchaOf(callsTo(accountsCalls.captcha).length));

/** POST /api/verification/sms: sent, another code in 60 s (an answer made at each call). */
export const smsSent = () => ({ expirationTime: new Date(Date.now() + 60_000).toISOString() });

/** The answer a captcha picture shows. */
export function captchaAnswerOfImage(image: HTMLElement): string {
  const answer = /<text>(\d+)<\/text>/.exec(atob(image.getAttribute('src')?.split(',')[1] ?? ''))?.[1];
  if (!answer) throw new Error('not a captcha picture of captchaOf');
  return answer;
}

// The login key pair, made on first use (most test files never log in).
let pair: Promise<CryptoKeyPair> | undefined;
const keys = () =>
  (pair ??= crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  ) as Promise<CryptoKeyPair>);

/** GET /api/auth/login-key: the public half of the key pair, named `keyId`. */
export const loginKeyOf = async (keyId = 'k-1'): Promise<LoginKey> => ({
  keyId,
  algorithm: 'RSA-OAEP-256',
  spki: toBase64(await crypto.subtle.exportKey('spki', (await keys()).publicKey)),
});

/** The payload of an encrypted call (login, password by phone), as the server reads it. */
export async function decrypted(request: FakeRequest<typeof accountsCalls.login>): Promise<unknown> {
  const wrapped = request.headers[LOGIN_KEY_HEADER]?.split('.')[1] ?? '';
  const raw = await crypto.subtle.decrypt(
    { name: 'RSA-OAEP' },
    (await keys()).privateKey,
    fromBase64(wrapped),
  );
  const aes = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['decrypt']);
  const { iv, ciphertext } = request.body;
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64(iv) },
    aes,
    fromBase64(ciphertext),
  );
  return JSON.parse(new TextDecoder().decode(plain));
}

/** The payloads the login calls of this test carried, oldest first. */
export const loginPayloads = () => Promise.all(callsTo(accountsCalls.login).map(decrypted));

/**
 * The reads of the login, register and forgot-password sheets: the rules given, the login key, a new
 * captcha at each request (c1, c2…) and every username free. Set before the app renders.
 */
export function answerAccounts(rules: Partial<RegistrationRules> = {}) {
  on(accountsCalls.registrationRules, rulesOf(rules));
  onByDefault(accountsCalls.loginKey, () => loginKeyOf());
  onByDefault(accountsCalls.usernameCheck, { available: true });
  answerCaptchas();
}
