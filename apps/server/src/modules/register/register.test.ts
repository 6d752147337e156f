import { API, registrationRules, sessionInfo, successEnvelope } from '@kl/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { member, merchant, registrationFieldRule } from '../../db/schema/index.ts';
import {
  call,
  freshIp,
  freshMobile,
  freshUsername,
  latestSms,
  sessionCookieOf,
  sendSmsCode,
  solvedCaptcha,
} from '../../test/accounts.ts';
import { json } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { useTestApp } from '../../test/suite.ts';

const PASSWORD = 'secret123';

describeEachDatabase('registration', (kind) => {
  const suite = useTestApp(kind, { config: { devOutbox: true } });
  const { database, time } = suite;

  const registerByUsername = async (body: Record<string, unknown>, ip = freshIp()) => {
    const captcha = await solvedCaptcha(suite.app, ip);
    return call(suite.app, API.register, { ip }, { payload: { registerMethod: 'H5', ...captcha, ...body } });
  };
  const validUser = () => ({ username: freshUsername(), password: PASSWORD, confirmPassword: PASSWORD });

  it('answers the merchant rules: seeded fields, methods and toggles', async () => {
    const response = await call(suite.app, API.registrationRules, { ip: freshIp() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-module-id']).toBe('REG3');
    const rules = successEnvelope(registrationRules).parse(json(response)).value;
    expect(rules.fields.username).toEqual({ enabled: true, required: true });
    expect(rules.fields.password).toEqual({ enabled: true, required: true });
    expect(rules.fields.confirmPassword).toEqual({ enabled: true, required: true });
    for (const field of ['payeeName', 'email', 'birthday', 'affiliateCode', 'nickname']) {
      expect(rules.fields[field], field).toEqual({ enabled: true, required: false });
    }
    for (const field of ['paymentPassword', 'idNumber', 'qqNum', 'wechat', 'zalo']) {
      expect(rules.fields[field], field).toEqual({ enabled: false, required: false });
    }
    expect(rules.fields.mobileNum).toEqual({ enabled: true, required: true });
    expect(rules).toMatchObject({
      methods: { username: true, mobile: true },
      smsVerification: true,
      mobilePassword: true,
      smsLogin: true,
      loginCaptcha: false,
      social: { google: false, facebook: false, sms: false },
      ageLimit: 18,
      defaultCountryDialingCode: '+84',
      countryDialingCodes: ['+84'],
    });
  });

  describe('by username', () => {
    it('registers type 0, sets the session cookie and logs the member in', async () => {
      const user = validUser();
      const response = await registerByUsername({
        ...user,
        email: 'new@example.com',
        // As on the identity card: registered as the banks write it.
        payeeName: 'Nguyễn  Văn A',
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-module-id']).toBe('REGISTER_REE3');
      const info = successEnvelope(sessionInfo).parse(json(response)).value;
      expect(info).toMatchObject({
        userName: user.username,
        merchantCode: 'kimlong',
        type: 0,
        firstTimeLogin: true,
      });
      const setCookie = String(response.headers['set-cookie']);
      expect(setCookie).toMatch(
        /^kl_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=604800/,
      );
      expect(setCookie).not.toContain('Secure');
      const me = await call(suite.app, API.memberInfo, { ip: freshIp(), cookie: sessionCookieOf(response) });
      expect(json(me).value).toMatchObject({ account: user.username, type: 0, email: 'new@example.com' });
      const [row] = await database.current.db.select().from(member).where(eq(member.username, user.username));
      expect(row).toMatchObject({ registerMethod: 'H5', payeeName: 'NGUYEN VAN A', type: 0 });
    });

    it('stores only an argon2id hash of the password and of the payment password', async () => {
      await database.current.db
        .update(registrationFieldRule)
        .set({ enabled: true })
        .where(eq(registrationFieldRule.field, 'paymentPassword'));
      const user = validUser();
      const response = await registerByUsername({ ...user, paymentPassword: '246810' });
      expect(response.statusCode).toBe(200);
      const [row] = await database.current.db.select().from(member).where(eq(member.username, user.username));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row?.paymentPasswordHash).toMatch(/^\$argon2id\$/);
      const whole = JSON.stringify(row);
      expect(whole).not.toContain(PASSWORD);
      expect(whole).not.toContain('246810');
      await database.current.db
        .update(registrationFieldRule)
        .set({ enabled: false })
        .where(eq(registrationFieldRule.field, 'paymentPassword'));
    });

    it('records the affiliate code KL2026 (any case) and refuses an unknown one', async () => {
      const user = validUser();
      const ok = await registerByUsername({ ...user, affiliateCode: 'kl2026' });
      expect(ok.statusCode).toBe(200);
      const [row] = await database.current.db.select().from(member).where(eq(member.username, user.username));
      expect(row?.affiliateCode).toBe('KL2026');
      const bad = await registerByUsername({ ...validUser(), affiliateCode: 'NOPE1234' });
      expect(bad.statusCode).toBe(400);
      expect(json(bad)).toMatchObject({ code: 'INVALID_INVITATION_CODE', value: { field: 'affiliateCode' } });
    });

    it('refuses a taken username without regard to case (USERNAME_EXISTS, field username)', async () => {
      const user = validUser();
      expect((await registerByUsername(user)).statusCode).toBe(200);
      const again = await registerByUsername({ ...validUser(), username: user.username.toUpperCase() });
      expect(again.statusCode).toBe(409);
      expect(json(again)).toMatchObject({ code: 'USERNAME_EXISTS', value: { field: 'username' } });
    });

    it.each([
      ['missing username', { username: undefined }, 'ACCOUNT_FORMAT', 'username'],
      ['short username', { username: 'abc' }, 'ACCOUNT_FORMAT', 'username'],
      ['username with symbols', { username: 'ab_cd!x' }, 'ACCOUNT_FORMAT', 'username'],
      [
        'password without a digit',
        { password: 'abcdefgh', confirmPassword: 'abcdefgh' },
        'PASSWORD_FORMAT',
        'password',
      ],
      [
        'password too long',
        { password: 'a1'.repeat(11), confirmPassword: 'a1'.repeat(11) },
        'PASSWORD_FORMAT',
        'password',
      ],
      [
        'confirmation differs',
        { confirmPassword: 'other123' },
        'CONFIRMATION_NOT_MATCHED',
        'confirmPassword',
      ],
      ['bad e-mail', { email: 'not-an-email' }, 'EMAIL_FORMAT', 'email'],
      ['payee name with digits', { payeeName: 'NGUYEN 2' }, 'NAME_FORMAT', 'payeeName'],
      ['birthday before 1900', { birthday: '1899-12-31' }, 'INVALID_INPUT', 'birthday'],
      ['disabled field given', { qqNum: '123456' }, 'INVALID_INPUT', 'qqNum'],
      ['bad mobile number', { mobileNum: '12ab' }, 'MOBILE_FORMAT', 'mobileNum'],
    ])('%s → %s', async (_name, change, code, field) => {
      const response = await registerByUsername({ ...validUser(), ...change });
      expect(response.statusCode).toBe(400);
      expect(json(response)).toMatchObject({ success: false, code, value: { field } });
    });

    it.each([
      ['wrong type', { username: 12345 }],
      ['too long for the schema', { username: 'x'.repeat(65) }],
      ['unknown registerMethod', { registerMethod: 'DESKTOP' }],
      ['no password at all', { password: undefined }],
    ])('%s → 400 INVALID_INPUT', async (_name, change) => {
      const ip = freshIp();
      const captcha = await solvedCaptcha(suite.app, ip);
      const response = await call(
        suite.app,
        API.register,
        { ip },
        {
          payload: { registerMethod: 'H5', ...captcha, ...validUser(), ...change },
        },
      );
      expect(response.statusCode).toBe(400);
      expect(json(response).code).toBe('INVALID_INPUT');
    });

    it('refuses a missing, wrong, reused or expired captcha (WRONG_VERIFICATION_CODE, field captcha)', async () => {
      const ip = freshIp();
      const send = (captcha: Record<string, unknown>) =>
        call(
          suite.app,
          API.register,
          { ip },
          { payload: { registerMethod: 'H5', ...validUser(), ...captcha } },
        );
      const expectCaptchaRefused = (response: { statusCode: number; body: string }) => {
        expect(response.statusCode).toBe(400);
        expect(json(response)).toMatchObject({
          code: 'WRONG_VERIFICATION_CODE',
          value: { field: 'captcha' },
        });
      };
      expectCaptchaRefused(await send({}));
      const wrong = await solvedCaptcha(suite.app, ip);
      expectCaptchaRefused(await send({ ...wrong, captcha: String((Number(wrong.captcha) + 1) % 1000) }));
      // Consumed by the wrong answer: the right one no longer works.
      expectCaptchaRefused(await send(wrong));
      const used = await solvedCaptcha(suite.app, ip);
      expect((await send(used)).statusCode).toBe(200);
      expectCaptchaRefused(await send(used));
      const expired = await solvedCaptcha(suite.app, ip);
      time.advanceMinutes(6);
      expectCaptchaRefused(await send(expired));
      expectCaptchaRefused(await send({ captchaId: 'x'.repeat(64), captcha: '1234' }));
    });

    it('is refused when the merchant turns the method off', async () => {
      await database.current.db
        .update(merchant)
        .set({ USERNAMEREG3: false })
        .where(eq(merchant.code, 'kimlong'));
      const response = await registerByUsername(validUser());
      await database.current.db
        .update(merchant)
        .set({ USERNAMEREG3: true })
        .where(eq(merchant.code, 'kimlong'));
      expect(response.statusCode).toBe(403);
      expect(json(response).code).toBe('FEATURE_NOT_ENABLED');
    });
  });

  describe('by mobile number', () => {
    const sendCode = (mobileNum: string, ip: string, purpose = 'register') =>
      sendSmsCode(suite.app, { ip }, { mobileNum, countryDialingCode: '+84', purpose });
    const registerMobile = async (body: Record<string, unknown>, ip: string) => {
      const captcha = await solvedCaptcha(suite.app, ip);
      return call(
        suite.app,
        API.registerMobile,
        { ip },
        {
          payload: { registerMethod: 'PWA', countryDialingCode: '+84', ...captcha, ...body },
        },
      );
    };

    it('registers with the SMS code from the outbox; the username is vn + the number', async () => {
      const ip = freshIp();
      const mobile = freshMobile();
      const normalised = mobile.replace(/^0+/, '');
      expect((await sendCode(mobile, ip)).statusCode).toBe(200);
      const code = await latestSms(suite.app, `+84${normalised}`);
      expect(code).toMatch(/^\d{6}$/);
      const response = await registerMobile(
        { mobileNum: mobile, verificationCode: code, password: PASSWORD, confirmPassword: PASSWORD },
        ip,
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-module-id']).toBe('MOBILENUMREG3');
      expect(json(response).value).toMatchObject({
        userName: `vn${normalised}`,
        type: 0,
        firstTimeLogin: true,
      });
      const [row] = await database.current.db.select().from(member).where(eq(member.mobileNum, normalised));
      expect(row).toMatchObject({ countryDialingCode: '+84', registerMethod: 'PWA' });

      // The number is now taken: for a new code and for a second registration.
      const again = await sendCode(mobile, freshIp());
      expect(again.statusCode).toBe(409);
      expect(json(again)).toMatchObject({ code: 'USERNAME_EXISTS', value: { field: 'mobileNum' } });
    });

    it('refuses a wrong, expired or reused SMS code', async () => {
      const ip = freshIp();
      const mobile = freshMobile();
      const to = `+84${mobile.replace(/^0+/, '')}`;
      const body = (verificationCode: string | undefined) => ({
        mobileNum: mobile,
        verificationCode,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      });
      const expectCodeRefused = (response: { statusCode: number; body: string }) => {
        expect(response.statusCode).toBe(400);
        expect(json(response)).toMatchObject({
          code: 'WRONG_VERIFICATION_CODE',
          value: { field: 'verificationCode' },
        });
      };
      await sendCode(mobile, ip);
      const code = (await latestSms(suite.app, to)) ?? '';
      expectCodeRefused(await registerMobile(body(code === '000000' ? '111111' : '000000'), ip));
      expectCodeRefused(await registerMobile(body(undefined), ip));
      time.advanceMinutes(6);
      expectCodeRefused(await registerMobile(body(code), ip));
      await sendCode(mobile, ip);
      const fresh = (await latestSms(suite.app, to)) ?? '';
      expect(fresh).not.toBe('');
      // The new code replaced the old one.
      if (fresh !== code) expectCodeRefused(await registerMobile(body(code), ip));
      expect((await registerMobile(body(fresh), ip)).statusCode).toBe(200);
    });

    it.each([
      ['missing number', { mobileNum: undefined }, 'MOBILE_FORMAT', 'mobileNum'],
      ['letters in the number', { mobileNum: '09abc12345' }, 'MOBILE_FORMAT', 'mobileNum'],
      ['unknown dialing code', { countryDialingCode: '+1' }, 'MOBILE_FORMAT', 'countryDialingCode'],
      [
        'confirmation differs',
        { confirmPassword: 'nope1234' },
        'CONFIRMATION_NOT_MATCHED',
        'confirmPassword',
      ],
    ])('%s → %s', async (_name, change, code, field) => {
      const response = await registerMobile(
        {
          mobileNum: freshMobile(),
          verificationCode: '123456',
          password: PASSWORD,
          confirmPassword: PASSWORD,
          ...change,
        },
        freshIp(),
      );
      expect(response.statusCode).toBe(400);
      expect(json(response)).toMatchObject({ code, value: { field } });
    });
  });

  describe('checks', () => {
    it('username check: free, taken, bad format', async () => {
      const ip = freshIp();
      const free = await call(suite.app, API.usernameCheck, { ip }, { query: { username: freshUsername() } });
      expect(free.statusCode).toBe(200);
      expect(json(free).value).toEqual({ available: true });
      const user = validUser();
      await registerByUsername(user);
      const taken = await call(suite.app, API.usernameCheck, { ip }, { query: { username: user.username } });
      expect(taken.statusCode).toBe(409);
      expect(json(taken)).toMatchObject({ code: 'USERNAME_EXISTS', value: { field: 'username' } });
      const bad = await call(suite.app, API.usernameCheck, { ip }, { query: { username: 'a b' } });
      expect(json(bad)).toMatchObject({ code: 'ACCOUNT_FORMAT', value: { field: 'username' } });
      const missing = await call(suite.app, API.usernameCheck, { ip });
      expect(missing.statusCode).toBe(400);
      expect(json(missing).code).toBe('INVALID_INPUT');
    });

    it('affiliate check: KL2026 valid, others INVALID_INVITATION_CODE', async () => {
      const ip = freshIp();
      const ok = await call(suite.app, API.affiliateCheck, { ip }, { query: { affiliateCode: 'KL2026' } });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['x-module-id']).toBe('AFFMAN3');
      expect(json(ok).value).toEqual({ valid: true });
      for (const affiliateCode of ['ZZ9999', '!!', 'x'.repeat(30)]) {
        const bad = await call(suite.app, API.affiliateCheck, { ip }, { query: { affiliateCode } });
        expect(bad.statusCode, affiliateCode).toBe(400);
        expect(json(bad).code).toBe('INVALID_INVITATION_CODE');
      }
    });
  });

  it('never holds a password in clear in any member row', async () => {
    const rows = await database.current.db.execute(sql`select row_to_json(m)::text as row from member m`);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(PASSWORD);
  });
});
