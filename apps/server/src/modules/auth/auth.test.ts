import { API, LOGIN_KEY_HEADER, sessionInfo, successEnvelope } from '@kl/contracts';
import { eq, sql } from 'drizzle-orm';
import type * as Argon2 from '@node-rs/argon2';
import { verify as argon2Verify } from '@node-rs/argon2';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { member, memberSession } from '../../db/schema/index.ts';
import { DAY_MS } from '../../platform/clock.ts';
import {
  call,
  type Caller,
  encryptAsBrowser,
  freshIp,
  freshMobile,
  freshUsername,
  getLoginKey,
  latestSms,
  outbox,
  postEncrypted,
  registerByMobile,
  registerByUsername,
  sessionCookieOf,
  sendSmsCode,
  solvedCaptcha,
  verifyEmailOf,
} from '../../test/accounts.ts';
import { buildTestApp, captureLogs, json } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { useTestApp } from '../../test/suite.ts';

const PASSWORD = 'secret123';

// Every argon2 comparison goes through this spy, so a test can count the password checks.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const actual = await importOriginal<typeof Argon2>();
  return { ...actual, verify: vi.fn(actual.verify) };
});

describeEachDatabase('login, sessions and passwords', (kind) => {
  const logs = captureLogs();
  const suite = useTestApp(kind, { config: { devOutbox: true, logLevel: 'info' }, logger: logs.logger });
  const { database, time, setMerchant } = suite;

  /** Registers by username and answers the name and the session cookie. */
  const registered = (ip = freshIp()) => registerByUsername(suite.app, { ip, password: PASSWORD });

  const login = (payload: Record<string, unknown>, caller: Caller) =>
    postEncrypted(suite.app, API.login.path, payload, caller);
  const memberInfo = (caller: Caller) => call(suite.app, API.memberInfo, caller);

  describe('login by username (encrypted payload)', () => {
    it('answers the public key once generated and kept in the database', async () => {
      const first = await getLoginKey(suite.app);
      expect(first).toMatchObject({ algorithm: 'RSA-OAEP-256' });
      expect(Buffer.from(first.spki, 'base64').length).toBeGreaterThan(290);
      expect((await getLoginKey(suite.app)).keyId).toBe(first.keyId);
      const other = await buildTestApp(database.current);
      expect((await getLoginKey(other)).keyId).toBe(first.keyId);
      await other.close();
    });

    it('logs in, records the device, and a second session is not the first login', async () => {
      const { username } = await registered();
      const ip = freshIp();
      const response = await login(
        { type: 'username', username, password: PASSWORD },
        { ip, device: 'OTHERS' },
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-module-id']).toBe('PERSPNL3');
      const info = successEnvelope(sessionInfo).parse(json(response)).value;
      expect(info).toMatchObject({ userName: username, type: 0, firstTimeLogin: false });
      const token = sessionCookieOf(response) ?? '';
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(json(await memberInfo({ ip, cookie: token })).value).toMatchObject({ account: username });
      const [session] = await database.current.db
        .select()
        .from(memberSession)
        .where(eq(memberSession.ip, ip));
      expect(session).toMatchObject({ device: 'OTHERS' });
      expect(session?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(session?.tokenHash).not.toBe(token);
    });

    it('logs in with the username in another case', async () => {
      const { username } = await registered();
      const response = await login(
        { type: 'username', username: username.toUpperCase(), password: PASSWORD },
        { ip: freshIp() },
      );
      expect(response.statusCode).toBe(200);
    });

    it('wrong password → WRONG_CREDENTIALS with captchaRequired, then the captcha is required', async () => {
      const { username } = await registered();
      const ip = freshIp();
      const wrong = await login({ type: 'username', username, password: 'wrong999' }, { ip });
      expect(wrong.statusCode).toBe(401);
      expect(json(wrong)).toMatchObject({ code: 'WRONG_CREDENTIALS', value: { captchaRequired: true } });
      expect(sessionCookieOf(wrong)).toBeUndefined();

      // An unknown account answers exactly the same.
      const unknown = await login(
        { type: 'username', username: 'nobody12345', password: PASSWORD },
        { ip: freshIp() },
      );
      expect(json(unknown)).toMatchObject({ code: 'WRONG_CREDENTIALS', value: { captchaRequired: true } });

      // The right password without the captcha is refused, from this IP and for this account elsewhere.
      for (const caller of [{ ip }, { ip: freshIp() }]) {
        const noCaptcha = await login({ type: 'username', username, password: PASSWORD }, caller);
        expect(noCaptcha.statusCode).toBe(400);
        expect(json(noCaptcha)).toMatchObject({
          code: 'WRONG_VERIFICATION_CODE',
          value: { field: 'captcha', captchaRequired: true },
        });
      }
      const captcha = await solvedCaptcha(suite.app, ip);
      const ok = await login({ type: 'username', username, password: PASSWORD, ...captcha }, { ip });
      expect(ok.statusCode).toBe(200);

      // 15 minutes later the captcha is no longer needed.
      time.advanceMinutes(16);
      expect((await login({ type: 'username', username, password: PASSWORD }, { ip })).statusCode).toBe(200);
    });

    it('LOGINREQCAPTCHA3 on: every login needs the captcha', async () => {
      const { username } = await registered();
      await setMerchant({ LOGINREQCAPTCHA3: true });
      try {
        const ip = freshIp();
        const refused = await login({ type: 'username', username, password: PASSWORD }, { ip });
        expect(json(refused)).toMatchObject({
          code: 'WRONG_VERIFICATION_CODE',
          value: { captchaRequired: true },
        });
        const captcha = await solvedCaptcha(suite.app, ip);
        expect(
          (await login({ type: 'username', username, password: PASSWORD, ...captcha }, { ip })).statusCode,
        ).toBe(200);
      } finally {
        await setMerchant({ LOGINREQCAPTCHA3: false });
      }
    });

    it.each([
      ['missing password', { type: 'username', username: 'someone1' }, 'INVALID_INPUT'],
      [
        'password of the wrong type',
        { type: 'username', username: 'someone1', password: 123456 },
        'INVALID_INPUT',
      ],
      [
        'username too long',
        { type: 'username', username: 'x'.repeat(65), password: PASSWORD },
        'INVALID_INPUT',
      ],
      ['unknown login type', { type: 'email', username: 'someone1', password: PASSWORD }, 'INVALID_INPUT'],
      ['bad username format', { type: 'username', username: 'ab', password: PASSWORD }, 'ACCOUNT_FORMAT'],
      [
        'password with a space',
        { type: 'username', username: 'someone1', password: 'abc 12345' },
        'PASSWORD_FORMAT',
      ],
    ])('%s → 400 %s', async (_name, payload, code) => {
      const response = await login(payload, { ip: freshIp() });
      expect(response.statusCode).toBe(400);
      expect(json(response).code).toBe(code);
    });

    it('an unknown keyId answers INVALID_INPUT LOGIN_KEY_UNKNOWN; bad encryption INVALID_INPUT', async () => {
      const key = await getLoginKey(suite.app);
      const { header, body } = await encryptAsBrowser(key, {
        type: 'username',
        username: 'someone1',
        password: PASSWORD,
      });
      const send = (headerValue: string | undefined, payload: unknown = body) =>
        suite.app.inject({
          method: 'POST',
          url: API.login.path,
          remoteAddress: freshIp(),
          headers: headerValue === undefined ? {} : { [LOGIN_KEY_HEADER]: headerValue },
          payload: payload as object,
        });
      const unknown = await send(`unknownKey1.${header.split('.')[1]}`);
      expect(unknown.statusCode).toBe(400);
      expect(json(unknown)).toMatchObject({ code: 'INVALID_INPUT', value: { reason: 'LOGIN_KEY_UNKNOWN' } });
      expect(json(await send(undefined))).toMatchObject({ value: { reason: 'LOGIN_KEY_MISSING' } });
      expect(json(await send(`${key.keyId}.AAAA`))).toMatchObject({ value: { reason: 'UNDECRYPTABLE' } });
      const tampered = { ...body, ciphertext: Buffer.from('x'.repeat(40)).toString('base64') };
      expect(json(await send(header, tampered))).toMatchObject({ value: { reason: 'UNDECRYPTABLE' } });
      expect(json(await send(header, { iv: '***', ciphertext: '***' }))).toMatchObject({
        value: { reason: 'UNDECRYPTABLE' },
      });
      const missingBody = await send(header, {});
      expect(missingBody.statusCode).toBe(400);
      expect(json(missingBody).code).toBe('INVALID_INPUT');
      const tooLong = await send(header, { iv: 'a'.repeat(33), ciphertext: 'b' });
      expect(tooLong.statusCode).toBe(400);
    });

    it('limits login attempts per IP: the 21st in 5 minutes is 429 TOO_MANY_REQUESTS', async () => {
      const ip = freshIp();
      const payload = { type: 'username', username: 'nobody12345', password: 'wrong999' };
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const response = await login(payload, { ip });
        expect(response.statusCode, `attempt ${attempt + 1}`).not.toBe(429);
      }
      const limited = await login(payload, { ip });
      expect(limited.statusCode).toBe(429);
      expect(json(limited)).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
      expect(
        Number(json<{ value: { retryAfterSeconds: number } }>(limited).value.retryAfterSeconds),
      ).toBeGreaterThan(0);
      // Another IP is not concerned, and the account is never locked.
      const { username } = await registered();
      expect(
        (await login({ type: 'username', username, password: PASSWORD }, { ip: freshIp() })).statusCode,
      ).toBe(200);
      time.advanceMinutes(6);
      expect((await login(payload, { ip })).statusCode).not.toBe(429);
    });

    describe('under a parallel burst', () => {
      const codeOf = (response: LightMyRequestResponse) =>
        response.statusCode === 200 ? 'ok' : String(json(response).code);
      /** Sends every payload at once; answers the codes and how many passwords argon2 compared. */
      async function burst(attempts: { payload: Record<string, unknown>; caller: Caller }[]) {
        // Encrypted beforehand, so that the requests reach the server together.
        const key = await getLoginKey(suite.app);
        const sealed = await Promise.all(
          attempts.map(async ({ payload, caller }) => ({
            caller,
            ...(await encryptAsBrowser(key, payload)),
          })),
        );
        vi.mocked(argon2Verify).mockClear();
        const answers = await Promise.all(
          sealed.map(({ caller, header, body }) =>
            suite.app.inject({
              method: 'POST',
              url: API.login.path,
              remoteAddress: caller.ip,
              headers: { [LOGIN_KEY_HEADER]: header, 'accept-language': 'en' },
              payload: body,
            }),
          ),
        );
        return { answers, codes: answers.map(codeOf), compared: vi.mocked(argon2Verify).mock.calls.length };
      }

      // The bursts are of wrong passwords, a guesser's. A right one that happens to be the burst's
      // captcha-free check logs in and gives its keys back: an attempt of the burst reaching the counter
      // after that is then as it would be one at a time, checked once more, which only the timing decides.
      it('checks one password of a burst of guesses for one account; the others need the captcha', async () => {
        const { username } = await registered();
        const { answers, codes, compared } = await burst(
          Array.from({ length: 10 }, () => ({
            payload: { type: 'username', username, password: 'wrong999' },
            caller: { ip: freshIp() },
          })),
        );
        expect(compared).toBe(1);
        expect(codes.filter((code) => code === 'WRONG_VERIFICATION_CODE')).toHaveLength(9);
        for (const answer of answers.filter((response) => response.statusCode === 400)) {
          expect(json(answer)).toMatchObject({ value: { field: 'captcha', captchaRequired: true } });
        }
        // The one checked is answered for what it was.
        expect(codes.filter((code) => code === 'WRONG_CREDENTIALS')).toHaveLength(1);
        // Afterwards the account needs the captcha, right password or not.
        const after = await login({ type: 'username', username, password: PASSWORD }, { ip: freshIp() });
        expect(json(after)).toMatchObject({
          code: 'WRONG_VERIFICATION_CODE',
          value: { captchaRequired: true },
        });
      });

      it('checks one password of a burst of guesses from one address over many accounts', async () => {
        const ip = freshIp();
        const accounts = [await registered(), await registered(), await registered()];
        const { codes, compared } = await burst(
          Array.from({ length: 12 }, (_, index) => ({
            payload: {
              type: 'username',
              username: accounts[index % 3]?.username ?? '',
              password: 'wrong999',
            },
            caller: { ip },
          })),
        );
        expect(compared).toBe(1);
        expect(codes.filter((code) => code === 'WRONG_VERIFICATION_CODE')).toHaveLength(11);
        expect(codes.filter((code) => code === 'WRONG_CREDENTIALS')).toHaveLength(1);
        // That address now needs the captcha for every account.
        const after = await login(
          { type: 'username', username: accounts[2]?.username, password: PASSWORD },
          { ip },
        );
        expect(json(after)).toMatchObject({
          code: 'WRONG_VERIFICATION_CODE',
          value: { captchaRequired: true },
        });
      });

      it('leaves the address its captcha-free check when the account had none to give', async () => {
        const [first, second] = [await registered(), await registered()];
        const [ip1, ip2] = [freshIp(), freshIp()];
        const compared = () => vi.mocked(argon2Verify).mock.calls.length;
        const held: (() => void)[] = [];
        const heldOpen = () =>
          new Promise<boolean>((resolve) => {
            held.push(() => resolve(false));
          });
        vi.mocked(argon2Verify).mockClear();
        vi.mocked(argon2Verify).mockImplementationOnce(heldOpen).mockImplementationOnce(heldOpen);
        const wrong = (username: string | undefined) => ({
          type: 'username',
          username,
          password: 'wrong999',
        });
        // The first account's password is being compared: it holds the account's and the first address's check.
        const one = login(wrong(first?.username), { ip: ip1 });
        await vi.waitFor(() => expect(compared()).toBe(1));
        // So the first account from the second address needs the captcha, and is compared with it.
        const captcha = await solvedCaptcha(suite.app, ip2);
        const two = login({ ...wrong(first?.username), ...captcha }, { ip: ip2 });
        await vi.waitFor(() => expect(compared()).toBe(2));
        // Meanwhile the second account from the second address is compared without one.
        const three = await login(wrong(second?.username), { ip: ip2 });
        expect(json(three)).toMatchObject({ code: 'WRONG_CREDENTIALS' });
        expect(compared()).toBe(3);
        for (const release of held) release();
        for (const answer of await Promise.all([one, two])) {
          expect(json(answer)).toMatchObject({ code: 'WRONG_CREDENTIALS' });
        }
      });

      it('lets 20 of 30 parallel attempts from one address in and answers the others 429', async () => {
        const ip = freshIp();
        const { answers } = await burst(
          Array.from({ length: 30 }, () => ({
            payload: { type: 'username', username: 'nobody12345', password: 'wrong999' },
            caller: { ip },
          })),
        );
        const limited = answers.filter((response) => response.statusCode === 429);
        expect(limited).toHaveLength(10);
        for (const response of limited) {
          expect(json(response)).toMatchObject({
            code: 'TOO_MANY_REQUESTS',
            value: { retryAfterSeconds: expect.any(Number) },
          });
        }
      });

      it('creates at most 10 trial accounts from one address in a parallel burst', async () => {
        const ip = freshIp();
        const answers = await Promise.all(
          Array.from({ length: 15 }, () => call(suite.app, API.trialLogin, { ip })),
        );
        expect(answers.filter((response) => response.statusCode === 200)).toHaveLength(10);
        expect(answers.filter((response) => response.statusCode === 429)).toHaveLength(5);
      });
    });
  });

  describe('login by SMS code', () => {
    it('logs in with the code sent for purpose login; refuses a wrong code', async () => {
      const ip = freshIp();
      const mobile = freshMobile();
      const to = `+84${mobile.replace(/^0+/, '')}`;
      const created = await registerByMobile(suite.app, { ip }, mobile, PASSWORD);
      expect(created.statusCode).toBe(200);

      time.advanceMinutes(2);
      const sent = await sendSmsCode(
        suite.app,
        { ip },
        { mobileNum: mobile, countryDialingCode: '+84', purpose: 'login' },
      );
      expect(sent.statusCode).toBe(200);
      const code = (await latestSms(suite.app, to)) ?? '';
      const wrong = await login(
        {
          type: 'sms',
          mobileNum: mobile,
          countryDialingCode: '+84',
          verificationCode: code === '999999' ? '111111' : '999999',
        },
        { ip },
      );
      expect(wrong.statusCode).toBe(400);
      expect(json(wrong)).toMatchObject({
        code: 'WRONG_VERIFICATION_CODE',
        value: { field: 'verificationCode', captchaRequired: true },
      });
      const loginCaptcha = await solvedCaptcha(suite.app, ip);
      const ok = await login(
        {
          type: 'sms',
          mobileNum: mobile,
          countryDialingCode: '+84',
          verificationCode: code,
          ...loginCaptcha,
        },
        { ip },
      );
      expect(ok.statusCode).toBe(200);
      expect(json(ok).value).toMatchObject({ userName: `vn${mobile.replace(/^0+/, '')}` });
    });

    it('is refused when MOBILEVERCODELOGIN3 is off', async () => {
      await setMerchant({ MOBILEVERCODELOGIN3: false });
      try {
        const response = await login(
          { type: 'sms', mobileNum: freshMobile(), countryDialingCode: '+84', verificationCode: '123456' },
          { ip: freshIp() },
        );
        expect(response.statusCode).toBe(403);
        expect(json(response).code).toBe('FEATURE_NOT_ENABLED');
      } finally {
        await setMerchant({ MOBILEVERCODELOGIN3: true });
      }
    });

    it('Firebase quick login is not available (FEATURE_NOT_ENABLED)', async () => {
      const response = await login(
        { type: 'firebase', firebaseChannel: 'google', firebaseIdToken: 'x' },
        { ip: freshIp() },
      );
      expect(response.statusCode).toBe(403);
      expect(json(response).code).toBe('FEATURE_NOT_ENABLED');
    });
  });

  describe('trial login', () => {
    it('creates a type 4 member try + 8 digits without a password and logs it in', async () => {
      const ip = freshIp();
      const response = await call(suite.app, API.trialLogin, { ip });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-module-id']).toBe('FREEPLAY3');
      const info = successEnvelope(sessionInfo).parse(json(response)).value;
      expect(info.userName).toMatch(/^try\d{8}$/);
      expect(info).toMatchObject({ type: 4, firstTimeLogin: true });
      const [row] = await database.current.db.select().from(member).where(eq(member.username, info.userName));
      expect(row).toMatchObject({ type: 4, passwordHash: null });
      const cookie = sessionCookieOf(response);
      expect(json(await memberInfo({ ip, cookie })).value).toMatchObject({ type: 4, account: info.userName });
      // A trial member may not change a password (product.md §6 free_reject).
      const change = await call(
        suite.app,
        API.changePassword,
        { ip, cookie },
        {
          payload: { newPassword: 'newpass123', confirmNewPassword: 'newpass123' },
        },
      );
      expect(change.statusCode).toBe(403);
      expect(json(change)).toMatchObject({ code: 'FEATURE_NOT_ENABLED', value: { reason: 'free_reject' } });
      // It cannot log in by password.
      const byPassword = await login(
        { type: 'username', username: info.userName, password: 'anything1' },
        { ip: freshIp() },
      );
      expect(json(byPassword).code).toBe('WRONG_CREDENTIALS');
    });

    it('limits trial accounts per IP (10 an hour)', async () => {
      const ip = freshIp();
      for (let index = 0; index < 10; index += 1)
        expect((await call(suite.app, API.trialLogin, { ip })).statusCode).toBe(200);
      const limited = await call(suite.app, API.trialLogin, { ip });
      expect(limited.statusCode).toBe(429);
      expect(json(limited).code).toBe('TOO_MANY_REQUESTS');
    });
  });

  describe('sessions', () => {
    it('without a cookie: NOT_LOGGED_IN; with an unknown token: SESSION_EXPIRED and the cookie cleared', async () => {
      const none = await memberInfo({ ip: freshIp() });
      expect(none.statusCode).toBe(401);
      expect(json(none).code).toBe('NOT_LOGGED_IN');
      const unknown = await memberInfo({ ip: freshIp(), cookie: 'x'.repeat(43) });
      expect(unknown.statusCode).toBe(401);
      expect(json(unknown).code).toBe('SESSION_EXPIRED');
      expect(sessionCookieOf(unknown)).toBe('');
      expect(String(unknown.headers['set-cookie'])).toContain('Max-Age=0');
    });

    it('logout revokes: the same cookie is then refused with SESSION_EXPIRED', async () => {
      const { cookie } = await registered();
      const ip = freshIp();
      expect((await memberInfo({ ip, cookie })).statusCode).toBe(200);
      const out = await call(suite.app, API.logout, { ip, cookie });
      expect(out.statusCode).toBe(200);
      expect(json(out)).toEqual({ success: true, value: null });
      expect(sessionCookieOf(out)).toBe('');
      const after = await memberInfo({ ip, cookie });
      expect(after.statusCode).toBe(401);
      expect(json(after).code).toBe('SESSION_EXPIRED');
      expect(json(await call(suite.app, API.renewSession, { ip, cookie })).code).toBe('SESSION_EXPIRED');
      // Logging out again, or without a cookie, still succeeds and clears the cookie.
      expect((await call(suite.app, API.logout, { ip, cookie })).statusCode).toBe(200);
      expect((await call(suite.app, API.logout, { ip })).statusCode).toBe(200);
    });

    it('expires 7 days after the last renewal, never beyond 30 days after login', async () => {
      const { cookie } = await registered();
      const ip = freshIp();
      time.advance(6 * DAY_MS);
      const renewed = await call(suite.app, API.renewSession, { ip, cookie });
      expect(renewed.statusCode).toBe(200);
      const renewedUntil = new Date(json<{ value: { expiresAt: string } }>(renewed).value.expiresAt);
      expect(renewedUntil.getTime()).toBe(time.clock().getTime() + 7 * DAY_MS);
      expect(sessionCookieOf(renewed)).toBe(cookie);
      expect((await memberInfo({ ip, cookie })).statusCode).toBe(200);
      let capped = renewed;
      // Days 12, 18 and 24.
      for (let day = 0; day < 3; day += 1) {
        time.advance(6 * DAY_MS);
        capped = await call(suite.app, API.renewSession, { ip, cookie });
        expect(capped.statusCode).toBe(200);
      }
      // Renewed on day 24: capped at login + 30 days.
      const cappedUntil = new Date(json<{ value: { expiresAt: string } }>(capped).value.expiresAt);
      expect(cappedUntil.getTime()).toBeLessThan(time.clock().getTime() + 7 * DAY_MS);
      time.advance(cappedUntil.getTime() - time.clock().getTime() + 1000);
      const expired = await memberInfo({ ip, cookie });
      expect(expired.statusCode).toBe(401);
      expect(json(expired).code).toBe('SESSION_EXPIRED');
    });

    it('tells the member in the inbox of a sign-in from a device none of their sessions had, once', async () => {
      const firefox = (version: number) =>
        `Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:${version}.0) Gecko/20100101 Firefox/${version}.0`;
      const IPHONE =
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
        'Version/17.4 Mobile/15E148 Safari/604.1';
      const ip = freshIp();
      const { username, cookie } = await registerByUsername(suite.app, {
        ip,
        password: PASSWORD,
        userAgent: firefox(126),
      });
      const notices = async (lang: 'vi' | 'en') => {
        const page = await call(
          suite.app,
          API.inboxList,
          { ip, cookie },
          { query: { lang, pageSize: '50' } },
        );
        return json<{ value: { list: { title: string; content: string }[] } }>(page).value.list.filter(
          (message) => ['Sign-in from a new device', 'Đăng nhập từ thiết bị mới'].includes(message.title),
        );
      };
      const signIn = (userAgent: string, from = freshIp()) =>
        login({ type: 'username', username, password: PASSWORD }, { ip: from, userAgent });
      // The registration's device, then the same browser updated: nothing to tell.
      expect((await signIn(firefox(126))).statusCode).toBe(200);
      expect((await signIn(firefox(127))).statusCode).toBe(200);
      expect(await notices('en')).toEqual([]);

      const from = freshIp();
      // The time as a member in Vietnam reads it.
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat('en-GB', {
          timeZone: 'Asia/Ho_Chi_Minh',
          hourCycle: 'h23',
          hour: '2-digit',
          minute: '2-digit',
          day: '2-digit',
          month: '2-digit',
          year: 'numeric',
        })
          .formatToParts(time.clock())
          .map((part) => [part.type, part.value]),
      );
      const at = `${parts.hour}:${parts.minute} ${parts.day}/${parts.month}/${parts.year}`;
      expect((await signIn(IPHONE, from)).statusCode).toBe(200);
      const [notice] = await notices('en');
      expect(notice?.content).toBe(
        `Your account was just signed in with Safari on iPhone, from the address ${from}, at ${at} (GMT+7). ` +
          'If this was not you, change your password now and sign the other sessions out under Security.',
      );
      expect((await notices('vi'))[0]?.content).toContain(
        `Safari trên iPhone, từ địa chỉ ${from}, lúc ${at}`,
      );
      // Known from then on.
      expect((await signIn(IPHONE)).statusCode).toBe(200);
      expect(await notices('en')).toHaveLength(1);
    });

    it('lists the member’s signed-in sessions and signs one out, or every other one', async () => {
      const IPHONE =
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
        'Version/17.4 Mobile/15E148 Safari/604.1';
      const ANDROID =
        'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) ' +
        'Chrome/124.0.0.0 Mobile Safari/537.36';
      const { username, cookie: first } = await registered();
      const signIn = async (userAgent: string) => {
        const caller = { ip: freshIp(), userAgent };
        const response = await login({ type: 'username', username, password: PASSWORD }, caller);
        return { ...caller, cookie: sessionCookieOf(response) ?? '' };
      };
      time.advance(60_000);
      const phone = await signIn(IPHONE);
      time.advance(60_000);
      const tablet = await signIn(ANDROID);
      const sessions = (caller: Caller) =>
        call(suite.app, API.memberSessions, caller).then(
          (response) => json<{ value: { list: { id: string; current: boolean }[] } }>(response).value.list,
        );

      const list = await sessions(phone);
      expect(list).toEqual([
        expect.objectContaining({ browser: 'Chrome', system: 'Android', ip: tablet.ip, current: false }),
        expect.objectContaining({ browser: 'Safari', system: 'iPhone', ip: phone.ip, current: true }),
        // Registered without a User-Agent: not recognised.
        expect.objectContaining({ browser: null, system: null, device: 'H5', current: false }),
      ]);
      expect(Date.parse((list[0] as unknown as { signedInAt: string }).signedInAt)).toBe(
        time.clock().getTime(),
      );

      // The phone signs the tablet out: the tablet's next call is SESSION_EXPIRED.
      const tabletId = list[0]?.id ?? '';
      const ended = await call(suite.app, API.endMemberSession, phone, { query: { sessionId: tabletId } });
      expect(json(ended)).toEqual({ success: true, value: { ended: 1 } });
      expect(json(await memberInfo(tablet)).code).toBe('SESSION_EXPIRED');
      // Ended already, or another member's: not found, and nothing else ends.
      const again = await call(suite.app, API.endMemberSession, phone, { query: { sessionId: tabletId } });
      expect(again.statusCode).toBe(404);
      const stranger = await registered();
      const foreign = await call(suite.app, API.endMemberSession, stranger, {
        query: { sessionId: list[1]?.id ?? '' },
      });
      expect(json(foreign).code).toBe('NOT_FOUND');
      expect((await memberInfo(phone)).statusCode).toBe(200);

      // Everywhere else: the first session ends, the phone's stays.
      const others = await call(suite.app, API.endOtherSessions, phone);
      expect(json(others)).toEqual({ success: true, value: { ended: 1 } });
      expect(json(await memberInfo({ ip: freshIp(), cookie: first })).code).toBe('SESSION_EXPIRED');
      expect((await sessions(phone)).map((session) => session.current)).toEqual([true]);
    });

    it('keeps the member’s login history: sign-ins and refused attempts naming them, 90 days, paged', async () => {
      const ANDROID =
        'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) ' +
        'Chrome/124.0.0.0 Mobile Safari/537.36';
      const { username } = await registered();
      const wrongAt = freshIp();
      const wrong = await login({ type: 'username', username, password: 'wrong999' }, { ip: wrongAt });
      expect(json(wrong).code).toBe('WRONG_CREDENTIALS');
      // Another member's refusal is not in this one's history.
      await login(
        { type: 'username', username: (await registered()).username, password: 'nope9999' },
        {
          ip: freshIp(),
        },
      );
      time.advance(16 * 60_000);
      // A public address in Vietnam (the geo-IP data names its country); the others are private ones.
      const vietnam = `113.161.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
      const phone = { ip: vietnam, userAgent: ANDROID };
      const signedIn = await login(
        { type: 'username', username: username.toUpperCase(), password: PASSWORD },
        phone,
      );
      const caller = { ...phone, cookie: sessionCookieOf(signedIn) ?? '' };
      const history = async (query: Record<string, string>, who: Caller = caller) =>
        json<{ value: { list: Record<string, unknown>[]; total: number } }>(
          await call(suite.app, API.loginHistory, who, { query }),
        ).value;

      expect(await history({})).toEqual({
        list: [
          {
            at: time.clock().toISOString(),
            ip: phone.ip,
            country: 'VN',
            browser: 'Chrome',
            system: 'Android',
            method: 'password',
            succeeded: true,
            reason: null,
          },
          expect.objectContaining({
            ip: wrongAt,
            country: null,
            method: 'password',
            succeeded: false,
            reason: 'WRONG_CREDENTIALS',
          }),
          // Registering signed the member in first.
          expect.objectContaining({ method: 'register', succeeded: true, reason: null }),
        ],
        total: 3,
        pageNo: 1,
        pageSize: 20,
      });
      expect(await history({ pageNo: '2', pageSize: '1' })).toMatchObject({
        list: [{ ip: wrongAt }],
        total: 3,
        pageNo: 2,
      });

      // Past 90 days an entry leaves the history.
      time.advance(89 * DAY_MS);
      const later = await login({ type: 'username', username, password: PASSWORD }, { ip: freshIp() });
      const now = { ip: freshIp(), cookie: sessionCookieOf(later) ?? '' };
      expect((await history({}, now)).total).toBe(4);
      // A minute short of 90 days after the phone's sign-in: the registration and the refusal 16 minutes
      // before it are gone.
      time.advance(DAY_MS - 60_000);
      expect((await history({}, now)).list.map((entry) => entry.succeeded)).toEqual([true, true]);
    });

    it('ends a session after the merchant’s idle minutes without a call; each call keeps it going', async () => {
      await setMerchant({ sessionIdleMinutes: 30 });
      try {
        const { cookie } = await registered();
        const ip = freshIp();
        const expiry = async () => {
          const response = await call(suite.app, API.renewSession, { ip, cookie });
          return new Date(json<{ value: { expiresAt: string } }>(response).value.expiresAt).getTime();
        };
        expect(await expiry()).toBe(time.clock().getTime() + 30 * 60_000);
        // Used now and then: a call a tenth of the idle time after the last renewal renews it, cookie too.
        for (let step = 0; step < 4; step += 1) {
          time.advance(20 * 60_000);
          const info = await memberInfo({ ip, cookie });
          expect(info.statusCode).toBe(200);
          expect(sessionCookieOf(info)).toBe(cookie);
          expect(String(info.headers['set-cookie'])).toContain('Expires=');
        }
        // A call soon after a renewal writes nothing.
        time.advance(60_000);
        expect((await memberInfo({ ip, cookie })).headers['set-cookie']).toBeUndefined();
        // Left alone for the idle time: signed out.
        time.advance(30 * 60_000);
        expect(json(await memberInfo({ ip, cookie })).code).toBe('SESSION_EXPIRED');
        // A session started before a change keeps the idle time it started with.
        const { cookie: before } = await registered();
        await setMerchant({ sessionIdleMinutes: 10_080 });
        time.advance(31 * 60_000);
        expect(json(await memberInfo({ ip, cookie: before })).code).toBe('SESSION_EXPIRED');
      } finally {
        await setMerchant({ sessionIdleMinutes: 10_080 });
      }
    });

    it('a session not renewed for 7 days has expired', async () => {
      const { cookie } = await registered();
      time.advance(7 * DAY_MS + 1000);
      const response = await memberInfo({ ip: freshIp(), cookie });
      expect(json(response).code).toBe('SESSION_EXPIRED');
    });
  });

  describe('passwords', () => {
    it('change password: old required and right, new differs and matches; other sessions revoked', async () => {
      const { username, cookie } = await registered();
      const ip = freshIp();
      const other = sessionCookieOf(
        await login({ type: 'username', username, password: PASSWORD }, { ip: freshIp() }),
      );
      const change = (payload: Record<string, unknown>) =>
        call(suite.app, API.changePassword, { ip, cookie }, { payload });
      const expectRefused = async (
        payload: Record<string, unknown>,
        status: number,
        code: string,
        value: object,
      ) => {
        const response = await change(payload);
        expect(response.statusCode).toBe(status);
        expect(json(response)).toMatchObject({ code, value });
      };
      await expectRefused(
        { newPassword: 'newpass123', confirmNewPassword: 'newpass123' },
        400,
        'PASSWORD_FORMAT',
        { field: 'oldPassword' },
      );
      await expectRefused(
        { oldPassword: 'wrong999', newPassword: 'newpass123', confirmNewPassword: 'newpass123' },
        401,
        'WRONG_CREDENTIALS',
        { field: 'oldPassword' },
      );
      await expectRefused(
        { oldPassword: PASSWORD, newPassword: PASSWORD, confirmNewPassword: PASSWORD },
        400,
        'INVALID_INPUT',
        { field: 'newPassword', reason: 'SAME_AS_OLD' },
      );
      await expectRefused(
        { oldPassword: PASSWORD, newPassword: 'newpass123', confirmNewPassword: 'newpass124' },
        400,
        'CONFIRMATION_NOT_MATCHED',
        { field: 'confirmNewPassword' },
      );
      await expectRefused(
        { oldPassword: PASSWORD, newPassword: 'short', confirmNewPassword: 'short' },
        400,
        'PASSWORD_FORMAT',
        { field: 'newPassword' },
      );
      const badType = await change({
        oldPassword: PASSWORD,
        newPassword: 12345678,
        confirmNewPassword: 12345678,
      });
      expect(json(badType).code).toBe('INVALID_INPUT');

      const ok = await change({
        oldPassword: PASSWORD,
        newPassword: 'newpass123',
        confirmNewPassword: 'newpass123',
      });
      expect(ok.statusCode).toBe(200);
      expect((await memberInfo({ ip, cookie })).statusCode).toBe(200);
      expect(json(await memberInfo({ ip, cookie: other })).code).toBe('SESSION_EXPIRED');
      expect(
        json(await login({ type: 'username', username, password: PASSWORD }, { ip: freshIp() })).code,
      ).toBe('WRONG_CREDENTIALS');
      // The failed login with the old password asks for the captcha on this account now.
      const captcha = await solvedCaptcha(suite.app, ip);
      const relogin = await login(
        { type: 'username', username, password: 'newpass123', ...captcha },
        { ip: freshIp() },
      );
      expect(relogin.statusCode).toBe(200);
    });

    it('change password needs a session', async () => {
      const response = await call(
        suite.app,
        API.changePassword,
        { ip: freshIp() },
        {
          payload: { oldPassword: PASSWORD, newPassword: 'newpass123', confirmNewPassword: 'newpass123' },
        },
      );
      expect(response.statusCode).toBe(401);
      expect(json(response).code).toBe('NOT_LOGGED_IN');
    });

    it('reset by e-mail link: single use, 30 minutes, ends every session', async () => {
      const ip = freshIp();
      const username = freshUsername();
      const email = `${username}@example.com`;
      const captcha = await solvedCaptcha(suite.app, ip);
      const created = await call(
        suite.app,
        API.register,
        { ip },
        {
          payload: {
            registerMethod: 'H5',
            username,
            password: PASSWORD,
            confirmPassword: PASSWORD,
            email,
            ...captcha,
          },
        },
      );
      const cookie = sessionCookieOf(created);
      // A reset link goes only to an address its member verified.
      await verifyEmailOf(suite.app, { ip, cookie: cookie ?? '' });

      const ask = async (address: string) =>
        call(
          suite.app,
          API.requestPasswordEmail,
          { ip },
          { payload: { email: address, ...(await solvedCaptcha(suite.app, ip)) } },
        );
      const unknown = await ask('nobody@example.com');
      expect(unknown.statusCode).toBe(200);
      expect((await outbox(suite.app, 'email')).some((entry) => entry.to === 'nobody@example.com')).toBe(
        false,
      );
      const wrongCaptcha = await call(
        suite.app,
        API.requestPasswordEmail,
        { ip },
        {
          payload: { email, captchaId: 'nothing', captcha: '1234' },
        },
      );
      expect(json(wrongCaptcha)).toMatchObject({
        code: 'WRONG_VERIFICATION_CODE',
        value: { field: 'captcha' },
      });
      expect(json(await ask('bad@')).code).toBe('EMAIL_FORMAT');

      expect((await ask(email.toUpperCase())).statusCode).toBe(200);
      const mail = (await outbox(suite.app, 'email')).find((entry) => entry.to === email);
      expect(mail?.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(mail?.text).toContain(`/m/forget?type=email&token=${mail?.code}`);
      const token = mail?.code ?? '';

      const reset = (payload: Record<string, unknown>) =>
        call(suite.app, API.resetPassword, { ip }, { payload });
      expect(
        json(await reset({ token, newPassword: 'fresh1234', confirmNewPassword: 'fresh123' })).code,
      ).toBe('CONFIRMATION_NOT_MATCHED');
      expect(
        json(
          await reset({ token: 'x'.repeat(43), newPassword: 'fresh1234', confirmNewPassword: 'fresh1234' }),
        ),
      ).toMatchObject({
        code: 'INVALID_INPUT',
        value: { field: 'token', reason: 'RESET_TOKEN_INVALID' },
      });
      expect(
        (await reset({ token, newPassword: 'fresh1234', confirmNewPassword: 'fresh1234' })).statusCode,
      ).toBe(200);
      expect(
        json(await reset({ token, newPassword: 'fresh5678', confirmNewPassword: 'fresh5678' })).code,
      ).toBe('INVALID_INPUT');
      expect(json(await memberInfo({ ip, cookie })).code).toBe('SESSION_EXPIRED');
      expect(
        (await login({ type: 'username', username, password: 'fresh1234' }, { ip: freshIp() })).statusCode,
      ).toBe(200);

      // A link older than 30 minutes no longer works.
      time.advanceMinutes(2);
      await ask(email);
      const second = (await outbox(suite.app, 'email')).find((entry) => entry.to === email)?.code ?? '';
      expect(second).not.toBe(token);
      time.advanceMinutes(31);
      expect(
        json(await reset({ token: second, newPassword: 'fresh5678', confirmNewPassword: 'fresh5678' })).code,
      ).toBe('INVALID_INPUT');
    });

    it('set password by phone: SMS code of purpose resetPassword, encrypted, ends every session', async () => {
      const ip = freshIp();
      const mobile = freshMobile();
      const to = `+84${mobile.replace(/^0+/, '')}`;
      const created = await registerByMobile(suite.app, { ip }, mobile, PASSWORD);
      const cookie = sessionCookieOf(created);
      const username = json<{ value: { userName: string } }>(created).value.userName;

      // An unknown number: answered as if sent, nothing in the outbox.
      const stranger = freshMobile();
      const strangerSent = await sendSmsCode(
        suite.app,
        { ip },
        { mobileNum: stranger, countryDialingCode: '+84', purpose: 'resetPassword' },
      );
      expect(strangerSent.statusCode).toBe(200);
      expect(await latestSms(suite.app, `+84${stranger.replace(/^0+/, '')}`)).toBeUndefined();

      time.advanceMinutes(2);
      expect(
        (
          await sendSmsCode(
            suite.app,
            { ip },
            { mobileNum: mobile, countryDialingCode: '+84', purpose: 'resetPassword' },
          )
        ).statusCode,
      ).toBe(200);
      const code = (await latestSms(suite.app, to)) ?? '';
      const byPhone = (payload: Record<string, unknown>) =>
        postEncrypted(
          suite.app,
          API.setPasswordByPhone.path,
          { mobileNum: mobile, countryDialingCode: '+84', ...payload },
          { ip },
        );
      expect(
        json(
          await byPhone({
            verificationCode: code,
            newPassword: 'phone1234',
            confirmNewPassword: 'phone9999',
          }),
        ).code,
      ).toBe('CONFIRMATION_NOT_MATCHED');
      const wrongCode = await byPhone({
        verificationCode: code === '123123' ? '321321' : '123123',
        newPassword: 'phone1234',
        confirmNewPassword: 'phone1234',
      });
      expect(json(wrongCode)).toMatchObject({
        code: 'WRONG_VERIFICATION_CODE',
        value: { field: 'verificationCode' },
      });
      const ok = await byPhone({
        verificationCode: code,
        newPassword: 'phone1234',
        confirmNewPassword: 'phone1234',
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['x-module-id']).toBe('CHNGPASSVERIF3');
      expect(
        json(
          await byPhone({
            verificationCode: code,
            newPassword: 'phone5678',
            confirmNewPassword: 'phone5678',
          }),
        ).code,
      ).toBe('WRONG_VERIFICATION_CODE');
      expect(json(await memberInfo({ ip, cookie })).code).toBe('SESSION_EXPIRED');
      expect(
        (await login({ type: 'username', username, password: 'phone1234' }, { ip: freshIp() })).statusCode,
      ).toBe(200);
    });
  });

  it('keeps no secret in clear in the database and none in the logs', async () => {
    logs.lines.length = 0;
    const ip = freshIp();
    const username = freshUsername();
    const password = 'logsecret77';
    const captcha = await solvedCaptcha(suite.app, ip);
    const created = await call(
      suite.app,
      API.register,
      { ip },
      {
        payload: { registerMethod: 'H5', username, password, confirmPassword: password, ...captcha },
      },
    );
    const firstToken = sessionCookieOf(created) ?? '';
    const failed = await login({ type: 'username', username, password: 'wrongsecret88' }, { ip });
    expect(failed.statusCode).toBe(401);
    const second = await solvedCaptcha(suite.app, ip);
    const key = await getLoginKey(suite.app);
    const { header, body } = await encryptAsBrowser(key, { type: 'username', username, password, ...second });
    const loggedIn = await suite.app.inject({
      method: 'POST',
      url: API.login.path,
      remoteAddress: ip,
      headers: { [LOGIN_KEY_HEADER]: header, cookie: `kl_session=${firstToken}` },
      payload: body,
    });
    expect(loggedIn.statusCode).toBe(200);
    const token = sessionCookieOf(loggedIn) ?? '';
    await call(
      suite.app,
      API.changePassword,
      { ip, cookie: token },
      {
        payload: { oldPassword: password, newPassword: 'changed4242', confirmNewPassword: 'changed4242' },
      },
    );
    const mobile = freshMobile();
    await sendSmsCode(
      suite.app,
      { ip },
      { mobileNum: mobile, countryDialingCode: '+84', purpose: 'register' },
    );
    const smsCode = (await latestSms(suite.app, `+84${mobile.replace(/^0+/, '')}`)) ?? '';

    const secrets = [
      password,
      'wrongsecret88',
      'changed4242',
      firstToken,
      token,
      captcha.captcha.length >= 3 ? `"${captcha.captcha}"` : undefined,
      second.captcha.length >= 3 ? `"${second.captcha}"` : undefined,
      `"${smsCode}"`,
      body.ciphertext,
      header.split('.')[1],
    ].filter((secret): secret is string => typeof secret === 'string' && secret.length > 2);

    const logText = JSON.stringify(logs.lines);
    expect(logs.lines.some((line) => line.msg === 'member logged in')).toBe(true);
    expect(logs.lines.some((line) => JSON.stringify(line).includes('x-login-key'))).toBe(true);
    for (const secret of secrets) expect(logText, `log holds ${secret}`).not.toContain(secret);

    const tables = [
      'member',
      'member_session',
      'captcha',
      'sms_code',
      'password_reset_token',
      'login_attempt',
    ];
    for (const table of tables) {
      const result = await database.current.db.execute(
        sql.raw(`select coalesce(json_agg(t)::text, '') as dump from ${table} t`),
      );
      const dump = JSON.stringify(result);
      for (const secret of [password, 'changed4242', firstToken, token, `"${smsCode}"`]) {
        expect(dump, `${table} holds ${secret}`).not.toContain(secret);
      }
    }
  });
});
