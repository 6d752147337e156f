import { webcrypto } from 'node:crypto';
import { API, LOGIN_KEY_HEADER, type LoginKey, SESSION_COOKIE } from '@kl/contracts';
import { DEVICE_ID_HEADER } from '@kl/contracts/accounts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type Clock, MINUTE_MS } from '../platform/clock.ts';
import { json } from './app.ts';

/** Helpers of the accounts tests: a movable clock, the browser's login encryption, the dev outbox. */

/** A clock the test moves by hand. */
export function testClock(start = new Date('2030-03-01T08:00:00.000Z')) {
  let now = start.getTime();
  const clock: Clock = () => new Date(now);
  return {
    clock,
    advance(ms: number) {
      now += ms;
    },
    advanceMinutes(minutes: number) {
      now += minutes * MINUTE_MS;
    },
  };
}

const subtle = webcrypto.subtle;
const toBase64 = (bytes: ArrayBuffer | Uint8Array) =>
  Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString('base64');

/**
 * Encrypts a payload as the web app does with Web Crypto: a fresh AES-GCM 256 key and 12-byte iv, the
 * JSON encrypted (tag appended), the raw key wrapped with RSA-OAEP SHA-256 under the server's SPKI.
 */
export async function encryptAsBrowser(
  key: LoginKey,
  payload: unknown,
): Promise<{ header: string; body: { iv: string; ciphertext: string } }> {
  const rsa = await subtle.importKey(
    'spki',
    Buffer.from(key.spki, 'base64'),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['wrapKey'],
  );
  const aes = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = webcrypto.getRandomValues(new Uint8Array(12));
  const ciphertext = await subtle.encrypt(
    { name: 'AES-GCM', iv },
    aes,
    new TextEncoder().encode(JSON.stringify(payload)),
  );
  const wrapped = await subtle.wrapKey('raw', aes, rsa, { name: 'RSA-OAEP' });
  return {
    header: `${key.keyId}.${toBase64(wrapped)}`,
    body: { iv: toBase64(iv), ciphertext: toBase64(ciphertext) },
  };
}

export async function getLoginKey(app: FastifyInstance): Promise<LoginKey> {
  const response = await app.inject({ url: API.loginKey.path });
  return json<{ value: LoginKey }>(response).value;
}

export interface Caller {
  ip: string;
  cookie?: string;
  device?: 'H5' | 'OTHERS';
  /** The browser's random device id (X-Device-Id). */
  deviceId?: string;
  userAgent?: string;
}

const headersOf = (caller: Caller, extra: Record<string, string> = {}) => ({
  ...(caller.cookie && { cookie: `${SESSION_COOKIE}=${caller.cookie}` }),
  ...(caller.userAgent && { 'user-agent': caller.userAgent }),
  ...(caller.device && { 'x-device': caller.device }),
  ...(caller.deviceId && { [DEVICE_ID_HEADER]: caller.deviceId }),
  'accept-language': 'en',
  ...extra,
});

/** POST an encrypted payload (login, set password by phone) the way the browser sends it. */
export async function postEncrypted(
  app: FastifyInstance,
  path: string,
  payload: unknown,
  caller: Caller,
): Promise<LightMyRequestResponse> {
  const { header, body } = await encryptAsBrowser(await getLoginKey(app), payload);
  return app.inject({
    method: 'POST',
    url: path,
    remoteAddress: caller.ip,
    headers: headersOf(caller, { [LOGIN_KEY_HEADER]: header }),
    payload: body,
  });
}

export function call(
  app: FastifyInstance,
  entry: { method: string; path: string },
  caller: Caller,
  options: { payload?: unknown; query?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: entry.method as 'GET',
    url: entry.path,
    remoteAddress: caller.ip,
    headers: headersOf(caller),
    ...(options.query && { query: options.query }),
    ...(options.payload !== undefined && { payload: options.payload as object }),
  });
}

/** The session token of an answer's Set-Cookie, '' when it clears the cookie, undefined when absent. */
export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  const header = response.headers['set-cookie'];
  const cookies = header === undefined ? [] : Array.isArray(header) ? header : [header];
  const mine = cookies.find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
  if (mine === undefined) return undefined;
  return decodeURIComponent(mine.slice(SESSION_COOKIE.length + 1).split(';')[0] ?? '');
}

interface OutboxItem {
  kind: string;
  to: string;
  code: string;
  text: string;
}

export async function outbox(app: FastifyInstance, kind: 'sms' | 'email' | 'captcha'): Promise<OutboxItem[]> {
  const response = await app.inject({ url: `${API.outbox.path}?kind=${kind}` });
  return json<{ value: OutboxItem[] }>(response).value;
}

/** The answer of the captcha `captchaId`, read from the dev outbox. */
export async function captchaAnswer(
  app: FastifyInstance,
  captchaId: string,
): Promise<{ captchaId: string; captcha: string }> {
  const entry = (await outbox(app, 'captcha')).find((item) => item.to === captchaId);
  if (!entry) throw new Error(`captcha ${captchaId} is not in the outbox`);
  return { captchaId, captcha: entry.code };
}

/** A new captcha and its answer, read from the dev outbox. */
export async function solvedCaptcha(app: FastifyInstance, ip = '127.0.0.1') {
  const response = await app.inject({ url: API.captcha.path, remoteAddress: ip });
  return captchaAnswer(app, json<{ value: { captchaId: string } }>(response).value.captchaId);
}

/** The latest SMS code sent to `to` (e.g. +84912345678). */
export async function latestSms(app: FastifyInstance, to: string): Promise<string | undefined> {
  return (await outbox(app, 'sms')).find((item) => item.to === to)?.code;
}

let counter = 0;
/** A fresh caller IP per test so that per-IP rules of one test never touch another. */
export function freshIp(): string {
  counter += 1;
  return `10.${Math.floor(counter / 250) % 250}.${counter % 250}.${Math.floor(Math.random() * 200) + 1}`;
}

/** A fresh username (letters and digits, 5–15). */
export function freshUsername(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}${Math.floor(Math.random() * 1e5)}`.slice(0, 15);
}

/** A fresh Vietnamese mobile number, national form with its leading 0. */
export function freshMobile(): string {
  return `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/** POST sendSms as the web app does it: with a captcha solved from the dev outbox. */
export async function sendSmsCode(
  app: FastifyInstance,
  caller: Caller,
  payload: { mobileNum: string; countryDialingCode: string; purpose: string },
): Promise<LightMyRequestResponse> {
  const captcha = await solvedCaptcha(app, caller.ip);
  return call(app, API.sendSms, caller, { payload: { ...payload, ...captcha } });
}

/** Registers a member by username as the web app does (a solved captcha); answers it as a logged-in caller. */
export async function registerByUsername(
  app: FastifyInstance,
  options: { ip?: string; username?: string; password?: string; deviceId?: string; userAgent?: string } = {},
): Promise<Caller & { cookie: string; username: string }> {
  const ip = options.ip ?? freshIp();
  const username = options.username ?? freshUsername();
  const password = options.password ?? 'secret123';
  const response = await call(
    app,
    API.register,
    {
      ip,
      ...(options.deviceId && { deviceId: options.deviceId }),
      ...(options.userAgent && { userAgent: options.userAgent }),
    },
    {
      payload: {
        registerMethod: 'H5',
        username,
        password,
        confirmPassword: password,
        ...(await solvedCaptcha(app, ip)),
      },
    },
  );
  expect(response.statusCode, response.body).toBe(200);
  return { ip, username, cookie: sessionCookieOf(response) ?? '' };
}

/** Registers a member by mobile number as the web app does: the SMS code of purpose register, a captcha. */
export async function registerByMobile(
  app: FastifyInstance,
  caller: Caller,
  mobile: string,
  password = 'secret123',
): Promise<LightMyRequestResponse> {
  const to = `+84${mobile.replace(/^0+/, '')}`;
  await sendSmsCode(app, caller, { mobileNum: mobile, countryDialingCode: '+84', purpose: 'register' });
  const captcha = await solvedCaptcha(app, caller.ip);
  return call(app, API.registerMobile, caller, {
    payload: {
      registerMethod: 'H5',
      mobileNum: mobile,
      countryDialingCode: '+84',
      verificationCode: await latestSms(app, to),
      password,
      confirmPassword: password,
      ...captcha,
    },
  });
}

/**
 * Verifies the logged-in member's e-mail as the member does: the link asked for again (the profile's
 * "send the link"), read from the dev outbox, and opened. Answers the link's token.
 */
export async function verifyEmailOf(
  app: FastifyInstance,
  caller: Caller & { cookie: string },
): Promise<string> {
  const asked = await call(app, API.resendEmailVerification, caller);
  if (asked.statusCode !== 200) throw new Error(`no verification link: ${asked.body}`);
  const { sentTo } = json<{ value: { sentTo: string } }>(asked).value;
  const token = (await outbox(app, 'email')).find((entry) => entry.to === sentTo)?.code ?? '';
  const verified = await call(app, API.verifyEmail, { ip: caller.ip }, { payload: { token } });
  if (verified.statusCode !== 200) throw new Error(`the link did not verify: ${verified.body}`);
  return token;
}
