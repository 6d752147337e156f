import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API, registrationRules, sessionInfo, successEnvelope } from '@kl/contracts';
import { ERROR_CATALOGUE, isErrorCode } from '@kl/contracts/errors';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { member, memberIdentity } from '../../db/schema/index.ts';
import { MINUTE_MS } from '../../platform/clock.ts';
import {
  call,
  type Caller,
  freshIp,
  freshMobile,
  latestSms,
  postEncrypted,
  sessionCookieOf,
  sendSmsCode,
  solvedCaptcha,
} from '../../test/accounts.ts';
import { buildTestApp, json } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { useTestApp } from '../../test/suite.ts';
import {
  createFirebaseTestKey,
  firebaseClaims,
  firebaseToken,
  signToken,
  TEST_FIREBASE_PROJECT,
  type TokenOptions,
  testKeySource,
} from '../../test/firebase.ts';

const TEST_FIREBASE_WEB_API_KEY = `AIza${'T'.repeat(35)}`;
const TEST_FIREBASE_AUTH_DOMAIN = `${TEST_FIREBASE_PROJECT}.firebaseapp.com`;

describeEachDatabase('quick login with Firebase ID tokens', (kind) => {
  const key = createFirebaseTestKey();
  const strangerKey = createFirebaseTestKey(key.kid);
  const keys = testKeySource([key]);
  const suite = useTestApp(kind, {
    config: {
      devOutbox: true,
      firebaseProjectId: TEST_FIREBASE_PROJECT,
      firebaseWebApiKey: TEST_FIREBASE_WEB_API_KEY,
      firebaseAuthDomain: TEST_FIREBASE_AUTH_DOMAIN,
      firebasePhoneAuth: true,
    },
    firebaseKeySource: keys.source,
  });
  const { database, time, setMerchant } = suite;
  beforeEach(() => setMerchant({ GOOGLELOGIN3: true, FACEBOOKLOGIN3: true, MOBILEVERCODELOGIN3: true }));

  const quickLogin = (payload: Record<string, unknown>, caller: Caller = { ip: freshIp() }) =>
    postEncrypted(suite.app, API.login.path, { type: 'firebase', ...payload }, caller);
  const tokenOf = (options: Partial<TokenOptions> = {}) =>
    firebaseToken(key, { now: time.clock(), ...options });
  const google = (token: string, caller?: Caller) =>
    quickLogin({ firebaseChannel: 'google', firebaseIdToken: token }, caller);

  const memberCount = async () => {
    const [row] = await database.current.db.select({ count: sql<number>`count(*)::int` }).from(member);
    return row?.count ?? 0;
  };
  const identitiesOf = (subject: string) =>
    database.current.db.select().from(memberIdentity).where(eq(memberIdentity.subject, subject));

  it('a first Google login creates a real member without a password; later logins reuse it', async () => {
    const subject = 'google-user-1';
    const ip = freshIp();
    const first = await google(
      tokenOf({ subject, claims: { email: 'ana@example.com', email_verified: true } }),
      { ip },
    );
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-module-id']).toBe('PERSPNL3');
    const info = successEnvelope(sessionInfo).parse(json(first)).value;
    expect(info).toMatchObject({ merchantCode: 'kimlong', type: 0, firstTimeLogin: true });
    expect(info.userName).toMatch(/^gg\d{10}$/);
    const token = sessionCookieOf(first) ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const memberInfo = await call(suite.app, API.memberInfo, { ip, cookie: token });
    expect(json(memberInfo).value).toMatchObject({ account: info.userName, email: 'ana@example.com' });

    const [created] = await database.current.db
      .select()
      .from(member)
      .where(eq(member.username, info.userName));
    expect(created).toMatchObject({ type: 0, passwordHash: null, registerMethod: 'H5', registerIp: ip });
    expect(await identitiesOf(subject)).toEqual([
      expect.objectContaining({ provider: 'google.com', memberId: created?.id, merchantCode: 'kimlong' }),
    ]);

    const count = await memberCount();
    time.advanceMinutes(10);
    const again = await google(tokenOf({ subject }), { ip: freshIp(), device: 'OTHERS' });
    expect(again.statusCode).toBe(200);
    expect(json(again).value).toMatchObject({ userName: info.userName, firstTimeLogin: false });
    expect(sessionCookieOf(again)).not.toBe(token);
    expect(await memberCount()).toBe(count);
    const [identity] = await identitiesOf(subject);
    expect(identity?.lastLoginAt.getTime()).toBe(time.clock().getTime());
  });

  it('records the installed web app as PWA and does not keep an unverified e-mail', async () => {
    const response = await quickLogin(
      {
        firebaseChannel: 'facebook',
        firebaseIdToken: tokenOf({
          provider: 'facebook.com',
          claims: { email: 'bo@example.com', email_verified: false },
        }),
      },
      { ip: freshIp(), device: 'OTHERS' },
    );
    expect(response.statusCode).toBe(200);
    const { userName } = json<{ value: { userName: string } }>(response).value;
    expect(userName).toMatch(/^fb\d{10}$/);
    const [created] = await database.current.db.select().from(member).where(eq(member.username, userName));
    expect(created).toMatchObject({ registerMethod: 'PWA', email: null });
  });

  it('the same Firebase user on another provider is another identity', async () => {
    const subject = 'shared-uid';
    const viaGoogle = await google(tokenOf({ subject }));
    const viaFacebook = await quickLogin({
      firebaseChannel: 'facebook',
      firebaseIdToken: tokenOf({ subject, provider: 'facebook.com' }),
    });
    expect(viaGoogle.statusCode).toBe(200);
    expect(viaFacebook.statusCode).toBe(200);
    expect(json(viaGoogle).value).not.toEqual(json(viaFacebook).value);
    expect(await identitiesOf(subject)).toHaveLength(2);
  });

  it('merchant switch off → 403 FEATURE_NOT_ENABLED, before the token is looked at', async () => {
    await setMerchant({ FACEBOOKLOGIN3: false });
    const calls = keys.calls.length;
    const count = await memberCount();
    const response = await quickLogin({
      firebaseChannel: 'facebook',
      firebaseIdToken: tokenOf({ provider: 'facebook.com' }),
    });
    expect(response.statusCode).toBe(403);
    expect(json(response)).toMatchObject({
      success: false,
      code: 'FEATURE_NOT_ENABLED',
      value: { reason: 'FACEBOOK_LOGIN_OFF' },
    });
    expect(keys.calls.length).toBe(calls);
    expect(await memberCount()).toBe(count);

    await setMerchant({ GOOGLELOGIN3: false });
    expect(json(await google(tokenOf()))).toMatchObject({
      code: 'FEATURE_NOT_ENABLED',
      value: { reason: 'GOOGLE_LOGIN_OFF' },
    });
  });

  it('registration rules offer the social buttons of the switches that are on', async () => {
    await setMerchant({ GOOGLELOGIN3: true, FACEBOOKLOGIN3: false });
    const response = await call(suite.app, API.registrationRules, { ip: freshIp() });
    const rules = successEnvelope(registrationRules).parse(json(response)).value;
    // The project signs in by phone and SMS login is on: its code is Firebase's.
    expect(rules.social).toEqual({ google: true, facebook: false, sms: true });
    expect(rules.firebase).toEqual({
      apiKey: TEST_FIREBASE_WEB_API_KEY,
      authDomain: TEST_FIREBASE_AUTH_DOMAIN,
      projectId: TEST_FIREBASE_PROJECT,
    });
  });

  const seconds = (deltaMs: number) => Math.floor((time.clock().getTime() + deltaMs) / 1000);
  const unsigned = (header: Record<string, unknown>) =>
    [
      Buffer.from(JSON.stringify(header)).toString('base64url'),
      Buffer.from(JSON.stringify(firebaseClaims({ now: time.clock() }))).toString('base64url'),
      '',
    ].join('.');

  it.each<[string, () => string, string]>([
    ['another audience', () => tokenOf({ claims: { aud: 'someone-else' } }), 'AUDIENCE_INVALID'],
    [
      'another issuer',
      () => tokenOf({ claims: { iss: 'https://securetoken.google.com/someone-else' } }),
      'ISSUER_INVALID',
    ],
    ['an expired token', () => tokenOf({ claims: { exp: seconds(-10 * MINUTE_MS) } }), 'TOKEN_EXPIRED'],
    [
      'a token issued in the future',
      () => tokenOf({ claims: { iat: seconds(10 * MINUTE_MS) } }),
      'ISSUED_IN_FUTURE',
    ],
    [
      'an authentication in the future',
      () => tokenOf({ claims: { auth_time: seconds(10 * MINUTE_MS) } }),
      'AUTH_TIME_INVALID',
    ],
    ['an unknown key id', () => tokenOf({ header: { kid: 'unknown-kid' } }), 'KEY_UNKNOWN'],
    [
      'a signature of another key',
      () => signToken(strangerKey, { alg: 'RS256', kid: key.kid }, firebaseClaims({ now: time.clock() })),
      'SIGNATURE_INVALID',
    ],
    ['alg none', () => unsigned({ alg: 'none', kid: key.kid }), 'TOKEN_MALFORMED'],
    ['alg none with a signature', () => tokenOf({ header: { alg: 'none' } }), 'ALGORITHM_INVALID'],
    [
      'a Facebook token on the Google channel',
      () => tokenOf({ provider: 'facebook.com' }),
      'PROVIDER_MISMATCH',
    ],
    ['a subject over 128 characters', () => tokenOf({ claims: { sub: 'x'.repeat(129) } }), 'SUBJECT_INVALID'],
    ['garbage', () => 'not-a-token', 'TOKEN_MALFORMED'],
  ])('refuses %s: 401 WRONG_CREDENTIALS, no member, no cookie', async (_name, token, reason) => {
    const count = await memberCount();
    const response = await google(token());
    expect(response.statusCode).toBe(401);
    expect(json(response)).toMatchObject({ success: false, code: 'WRONG_CREDENTIALS', value: { reason } });
    expect(sessionCookieOf(response)).toBeUndefined();
    expect(await memberCount()).toBe(count);
  });

  it('a payload of the wrong shape is INVALID_INPUT', async () => {
    const response = await quickLogin({ firebaseChannel: 'apple', firebaseIdToken: tokenOf() });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ code: 'INVALID_INPUT', value: { reason: 'PAYLOAD_INVALID' } });
  });

  it('a disabled member is ACCOUNT_UNAVAILABLE', async () => {
    const subject = 'google-user-disabled';
    const first = await google(tokenOf({ subject }));
    const { userName } = json<{ value: { userName: string } }>(first).value;
    await database.current.db
      .update(member)
      .set({ disabledAt: time.clock() })
      .where(eq(member.username, userName));
    const again = await google(tokenOf({ subject }));
    expect(again.statusCode).toBe(403);
    expect(json(again)).toMatchObject({ code: 'ACCOUNT_UNAVAILABLE' });
  });

  it('the key source failing → 503 SYSTEM_UPGRADING, no member', async () => {
    const count = await memberCount();
    keys.setFailing(true);
    try {
      const response = await google(tokenOf());
      expect(response.statusCode).toBe(503);
      const body = json<{ code: string; success: boolean }>(response);
      expect(body).toMatchObject({
        success: false,
        code: 'SYSTEM_UPGRADING',
        value: { reason: 'FIREBASE_KEYS_UNAVAILABLE' },
      });
      expect(isErrorCode(body.code) && ERROR_CATALOGUE[body.code].status).toBe(503);
    } finally {
      keys.setFailing(false);
    }
    expect(await memberCount()).toBe(count);
  });

  describe('phone (Firebase SMS) channel', () => {
    const phoneToken = (phoneNumber: string, subject?: string) =>
      tokenOf({ provider: 'phone', claims: { phone_number: phoneNumber }, ...(subject && { subject }) });

    it('creates a member with the verified number when it matches the number given', async () => {
      const national = freshMobile();
      const e164 = `+84${national.slice(1)}`;
      const response = await quickLogin({
        firebaseChannel: 'sms',
        firebaseIdToken: phoneToken(e164),
        firebaseMobileNo: national,
        countryDialingCode: '+84',
      });
      expect(response.statusCode).toBe(200);
      const { userName } = json<{ value: { userName: string } }>(response).value;
      expect(userName).toMatch(/^ph\d{10}$/);
      const [created] = await database.current.db.select().from(member).where(eq(member.username, userName));
      expect(created).toMatchObject({ countryDialingCode: '+84', mobileNum: national.slice(1) });
    });

    it('refuses a number other than the token’s, and a phone token without a number', async () => {
      const mismatch = await quickLogin({
        firebaseChannel: 'sms',
        firebaseIdToken: phoneToken('+84911111111'),
        firebaseMobileNo: '0922222222',
        countryDialingCode: '+84',
      });
      expect(mismatch.statusCode).toBe(401);
      expect(json(mismatch)).toMatchObject({
        code: 'WRONG_CREDENTIALS',
        value: { reason: 'PHONE_MISMATCH' },
      });
      const missing = await quickLogin({
        firebaseChannel: 'sms',
        firebaseIdToken: tokenOf({ provider: 'phone' }),
      });
      expect(json(missing)).toMatchObject({ code: 'WRONG_CREDENTIALS', value: { reason: 'PHONE_MISSING' } });
    });

    it('logs in the member who registered with that number and links the identity to them', async () => {
      const ip = freshIp();
      const national = freshMobile();
      const e164 = `+84${national.slice(1)}`;
      await sendSmsCode(
        suite.app,
        { ip },
        { mobileNum: national, countryDialingCode: '+84', purpose: 'register' },
      );
      const registered = await call(
        suite.app,
        API.registerMobile,
        { ip },
        {
          payload: {
            registerMethod: 'H5',
            mobileNum: national,
            countryDialingCode: '+84',
            verificationCode: (await latestSms(suite.app, e164)) ?? '',
            password: 'secret123',
            confirmPassword: 'secret123',
            ...(await solvedCaptcha(suite.app, ip)),
          },
        },
      );
      expect(registered.statusCode).toBe(200);
      const { userName } = json<{ value: { userName: string } }>(registered).value;

      const subject = `phone-${national}`;
      const response = await quickLogin({
        firebaseChannel: 'sms',
        firebaseIdToken: phoneToken(e164, subject),
      });
      expect(response.statusCode).toBe(200);
      expect(json(response).value).toMatchObject({ userName, firstTimeLogin: false });
      const [registeredMember] = await database.current.db
        .select()
        .from(member)
        .where(eq(member.username, userName));
      expect(await identitiesOf(subject)).toEqual([
        expect.objectContaining({ provider: 'phone', memberId: registeredMember?.id }),
      ]);
    });

    it('is off with SMS login (MOBILEVERCODELOGIN3)', async () => {
      await setMerchant({ MOBILEVERCODELOGIN3: false });
      const response = await quickLogin({
        firebaseChannel: 'sms',
        firebaseIdToken: phoneToken('+84911111111'),
      });
      expect(response.statusCode).toBe(403);
      expect(json(response)).toMatchObject({
        code: 'FEATURE_NOT_ENABLED',
        value: { reason: 'SMS_LOGIN_OFF' },
      });
    });
  });

  describe('without FIREBASE_PROJECT_ID', () => {
    let plain: FastifyInstance;
    beforeAll(async () => {
      plain = await buildTestApp(database.current, { clock: time.clock, firebaseKeySource: keys.source });
    });
    afterAll(() => plain.close());

    it('answers FEATURE_NOT_ENABLED and offers no social button, whatever the switches say', async () => {
      const response = await postEncrypted(
        plain,
        API.login.path,
        { type: 'firebase', firebaseChannel: 'google', firebaseIdToken: tokenOf() },
        { ip: freshIp() },
      );
      expect(response.statusCode).toBe(403);
      expect(json(response)).toMatchObject({
        code: 'FEATURE_NOT_ENABLED',
        value: { reason: 'FIREBASE_LOGIN_UNAVAILABLE' },
      });
      const rules = await call(plain, API.registrationRules, { ip: freshIp() });
      expect(successEnvelope(registrationRules).parse(json(rules)).value.social).toEqual({
        google: false,
        facebook: false,
        sms: false,
      });
    });
  });

  describe('with the certificates fetched over HTTP (the default key source)', () => {
    let certsServer: Server;
    let status = 200;
    let served = 0;
    let viaHttp: FastifyInstance;
    beforeAll(async () => {
      certsServer = createServer((_request, response) => {
        served += 1;
        response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'max-age=60' });
        response.end(status === 200 ? JSON.stringify({ [key.kid]: key.certificate }) : '{}');
      });
      await new Promise<void>((resolve) => certsServer.listen(0, '127.0.0.1', resolve));
      const { port } = certsServer.address() as AddressInfo;
      viaHttp = await buildTestApp(database.current, {
        clock: time.clock,
        config: {
          firebaseProjectId: TEST_FIREBASE_PROJECT,
          firebaseCertsUrl: `http://127.0.0.1:${port}/x509`,
        },
      });
    });
    afterAll(async () => {
      await viaHttp.close();
      await new Promise((resolve) => certsServer.close(resolve));
    });
    const loginVia = () =>
      postEncrypted(
        viaHttp,
        API.login.path,
        { type: 'firebase', firebaseChannel: 'google', firebaseIdToken: tokenOf() },
        { ip: freshIp() },
      );

    it('logs in with certificates served by the certificate service, and 503 when it fails', async () => {
      status = 500;
      const down = await loginVia();
      expect(down.statusCode).toBe(503);
      expect(json(down)).toMatchObject({ code: 'SYSTEM_UPGRADING' });

      status = 200;
      time.advance(10_000);
      const up = await loginVia();
      expect(up.statusCode).toBe(200);
      expect((await loginVia()).statusCode).toBe(200);
      expect(served).toBe(2);
    });
  });
});
