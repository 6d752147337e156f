import { API, captchaChallenge, successEnvelope } from '@kl/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDevOutboxSender } from '../../platform/outbox.ts';
import { call, freshIp, freshMobile, latestSms, outbox, solvedCaptcha } from '../../test/accounts.ts';
import { json } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { useTestApp } from '../../test/suite.ts';
import { newPuzzle } from './captcha-service.ts';
import { normaliseMobile } from './mobile.ts';
import { createSmsCodeRepository } from './repository.ts';
import { createSmsService, SMS_MAX_ATTEMPTS } from './sms-service.ts';

describe('captcha puzzle', () => {
  it('is a 4-digit number or a small sum or difference with a non-negative answer', () => {
    for (let index = 0; index < 200; index += 1) {
      const { shown, answer } = newPuzzle();
      expect(answer).toMatch(/^\d{1,6}$/);
      if (/^\d{4}$/.test(shown)) expect(answer).toBe(shown);
      else {
        const match = /^(\d+) ([+-]) (\d+) = \?$/.exec(shown);
        expect(match, shown).not.toBeNull();
        const [a, b] = [Number(match?.[1]), Number(match?.[3])];
        expect(Number(answer)).toBe(match?.[2] === '+' ? a + b : a - b);
      }
    }
  });
});

describeEachDatabase('captcha and SMS codes', { embedded: true }, (kind) => {
  const suite = useTestApp(kind, { config: { devOutbox: true } });
  const { database, time } = suite;

  it('GET captcha answers an SVG image, records the answer in the outbox and only its digest in the table', async () => {
    const response = await call(suite.app, API.captcha, { ip: freshIp() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-module-id']).toBe('CAPTCHA3');
    expect(response.headers['cache-control']).toBe('no-store');
    const challenge = successEnvelope(captchaChallenge).parse(json(response)).value;
    expect(challenge.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(challenge.image.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');
    expect(new Date(challenge.expiresAt).getTime()).toBe(time.clock().getTime() + 5 * 60_000);
    const entry = (await outbox(suite.app, 'captcha')).find((item) => item.to === challenge.captchaId);
    expect(entry?.code).toMatch(/^\d{1,6}$/);
    const rows = await database.current.db.execute(sql`select answer_hash from captcha`);
    expect(JSON.stringify(rows)).toMatch(/[0-9a-f]{64}/);
    expect(JSON.stringify(rows)).not.toContain(`"${entry?.code}"`);
  });

  describe('send SMS', () => {
    /** Sends with a solved captcha, as the web app does. */
    const send = async (payload: Record<string, unknown>, ip = freshIp()) =>
      call(
        suite.app,
        API.sendSms,
        { ip },
        { payload: { ...(await solvedCaptcha(suite.app, ip)), ...payload } },
      );
    const e164 = (national: string) => `+84${national.replace(/^0+/, '')}`;

    it('sends a 6-digit code to the normalised number and answers expirationTime 60 s ahead', async () => {
      const response = await send({
        mobileNum: '0912 345 678',
        countryDialingCode: '+84',
        purpose: 'register',
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-module-id']).toBe('REGMOBVERF3');
      const { expirationTime } = json<{ value: { expirationTime: string } }>(response).value;
      expect(new Date(expirationTime).getTime()).toBe(time.clock().getTime() + 60_000);
      const code = await latestSms(suite.app, '+84912345678');
      expect(code).toMatch(/^\d{6}$/);
      const rows = await database.current.db.execute(sql`select code_hash from sms_code`);
      expect(JSON.stringify(rows)).not.toContain(`"${code}"`);
    });

    it('refuses a new code before expirationTime (429 with expirationTime), allows it after', async () => {
      const mobileNum = freshMobile();
      const body = { mobileNum, countryDialingCode: '+84', purpose: 'register' };
      const first = await send(body);
      const { expirationTime } = json<{ value: { expirationTime: string } }>(first).value;
      time.advance(30_000);
      const early = await send(body);
      expect(early.statusCode).toBe(429);
      expect(json(early)).toMatchObject({ code: 'TOO_MANY_REQUESTS', value: { expirationTime } });
      time.advance(31_000);
      expect((await send(body)).statusCode).toBe(200);
    });

    it('sends at most 5 codes per number per hour', async () => {
      const body = { mobileNum: freshMobile(), countryDialingCode: '+84', purpose: 'register' };
      for (let index = 0; index < 5; index += 1) {
        expect((await send(body)).statusCode).toBe(200);
        time.advance(61_000);
      }
      const sixth = await send(body);
      expect(sixth.statusCode).toBe(429);
      expect(json(sixth).code).toBe('TOO_MANY_REQUESTS');
      time.advance(60 * 60_000);
      expect((await send(body)).statusCode).toBe(200);
    });

    it('login and resetPassword on an unknown number answer as if sent but send nothing', async () => {
      for (const purpose of ['login', 'resetPassword']) {
        const mobileNum = freshMobile();
        const response = await send({ mobileNum, countryDialingCode: '+84', purpose });
        expect(response.statusCode).toBe(200);
        expect(await latestSms(suite.app, `+84${mobileNum.replace(/^0+/, '')}`)).toBeUndefined();
        // The resend rule looks the same as for a real number.
        expect((await send({ mobileNum, countryDialingCode: '+84', purpose })).statusCode).toBe(429);
      }
    });

    it('needs the captcha: missing, made up or wrong is 400 WRONG_VERIFICATION_CODE and nothing is sent', async () => {
      const ip = freshIp();
      const mobileNum = freshMobile();
      const body = { mobileNum, countryDialingCode: '+84', purpose: 'register' };
      const bare = (payload: Record<string, unknown>) => call(suite.app, API.sendSms, { ip }, { payload });
      const right = await solvedCaptcha(suite.app, ip);
      const wrongAnswer = String((Number(right.captcha) + 1) % 1_000_000);
      for (const attempt of [
        body,
        { ...body, captchaId: 'madeUpCaptchaId123', captcha: '1234' },
        { ...body, captchaId: right.captchaId, captcha: wrongAnswer },
        // Used up by the wrong answer: the right one no longer opens it.
        { ...body, ...right },
      ]) {
        const response = await bare(attempt);
        expect(response.statusCode).toBe(400);
        expect(json(response)).toMatchObject({
          code: 'WRONG_VERIFICATION_CODE',
          value: { field: 'captcha' },
        });
      }
      expect(await latestSms(suite.app, e164(mobileNum))).toBeUndefined();
      expect((await send(body, ip)).statusCode).toBe(200);
      expect(await latestSms(suite.app, e164(mobileNum))).toMatch(/^\d{6}$/);
      // Without a captcha nothing else is said about the number (whether it is registered, its limits).
      const registered = await bare(body);
      expect(json(registered)).toMatchObject({
        code: 'WRONG_VERIFICATION_CODE',
        value: { field: 'captcha' },
      });
    });

    it('sends at most 10 codes per number a day, also when the last ones are asked in parallel', async () => {
      const mobileNum = freshMobile();
      const body = (purpose: string) => ({ mobileNum, countryDialingCode: '+84', purpose });
      for (let hour = 0; hour < 2; hour += 1) {
        for (let index = 0; index < (hour === 0 ? 5 : 4); index += 1) {
          expect((await send(body('register'))).statusCode).toBe(200);
          time.advance(61_000);
        }
        time.advanceMinutes(61);
      }
      // Nine sent today; the hourly rule and the 60 s rule would let all three through, the day only one.
      const answers = await Promise.all(
        ['register', 'login', 'resetPassword'].map((purpose) => send(body(purpose))),
      );
      expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 429, 429]);
      const refused = answers.find((response) => response.statusCode === 429);
      expect(json(refused ?? answers[0]!)).toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        value: { reason: 'SMS_NUMBER_LIMIT', retryAfterSeconds: expect.any(Number) },
      });
      time.advanceMinutes(61);
      expect(json(await send(body('register')))).toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        value: { reason: 'SMS_NUMBER_LIMIT' },
      });
      time.advanceMinutes(24 * 60);
      expect((await send(body('register'))).statusCode).toBe(200);
    });

    it('sends at most 20 codes a day from one address, however many numbers a parallel burst names', async () => {
      const ip = freshIp();
      const captchas = [];
      for (let index = 0; index < 25; index += 1) captchas.push(await solvedCaptcha(suite.app, ip));
      const numbers = captchas.map(() => freshMobile());
      const answers = await Promise.all(
        captchas.map((captcha, index) =>
          call(
            suite.app,
            API.sendSms,
            { ip },
            {
              payload: {
                mobileNum: numbers[index],
                countryDialingCode: '+84',
                purpose: 'register',
                ...captcha,
              },
            },
          ),
        ),
      );
      expect(answers.filter((response) => response.statusCode === 200)).toHaveLength(20);
      const refused = answers.filter((response) => response.statusCode === 429);
      expect(refused).toHaveLength(5);
      for (const response of refused) {
        expect(json(response)).toMatchObject({
          code: 'TOO_MANY_REQUESTS',
          value: { reason: 'IP_LIMIT', retryAfterSeconds: 24 * 60 * 60 },
        });
      }
      const sent = await outbox(suite.app, 'sms');
      expect(numbers.filter((number) => sent.some((item) => item.to === e164(number)))).toHaveLength(20);
      // Another address is not concerned.
      expect(
        (await send({ mobileNum: freshMobile(), countryDialingCode: '+84', purpose: 'register' })).statusCode,
      ).toBe(200);
    });

    it('compares at most 5 parallel guesses of a code; then the right code is refused', async () => {
      const mobileNum = freshMobile();
      expect((await send({ mobileNum, countryDialingCode: '+84', purpose: 'register' })).statusCode).toBe(
        200,
      );
      const code = (await latestSms(suite.app, e164(mobileNum))) ?? '';
      const db = database.current.db;
      const sms = createSmsService({
        db,
        smsCodes: createSmsCodeRepository(db),
        outbox: createDevOutboxSender(db),
        clock: time.clock,
      });
      const mobile = normaliseMobile(mobileNum, '+84', {
        defaultCountryDialingCode: '+84',
        countryDialingCodes: ['+84'],
      });
      const wrong = code === '111111' ? '222222' : '111111';
      const guesses = await Promise.allSettled(
        Array.from({ length: 25 }, () => sms.verify('kimlong', mobile, 'register', wrong)),
      );
      expect(guesses.every((guess) => guess.status === 'rejected')).toBe(true);
      const rows = await db.execute(
        sql`select attempts, consumed_at from sms_code where mobile = ${mobile.e164}`,
      );
      // Only the compared guesses were counted; the last of them ended the code.
      expect(JSON.parse(JSON.stringify(rows))).toMatchObject({
        rows: [{ attempts: SMS_MAX_ATTEMPTS, consumed_at: expect.any(String) }],
      });
      await expect(sms.verify('kimlong', mobile, 'register', code)).rejects.toMatchObject({
        code: 'WRONG_VERIFICATION_CODE',
      });
    });

    it.each([
      ['missing number', { countryDialingCode: '+84', purpose: 'register' }, 'INVALID_INPUT'],
      [
        'number of the wrong type',
        { mobileNum: 912345678, countryDialingCode: '+84', purpose: 'register' },
        'INVALID_INPUT',
      ],
      [
        'number too long',
        { mobileNum: '9'.repeat(33), countryDialingCode: '+84', purpose: 'register' },
        'INVALID_INPUT',
      ],
      [
        'unknown purpose',
        { mobileNum: '0912345678', countryDialingCode: '+84', purpose: 'spam' },
        'INVALID_INPUT',
      ],
      [
        'letters in the number',
        { mobileNum: '09123abc78', countryDialingCode: '+84', purpose: 'register' },
        'MOBILE_FORMAT',
      ],
      ['too short', { mobileNum: '0912', countryDialingCode: '+84', purpose: 'register' }, 'MOBILE_FORMAT'],
      [
        'dialing code not offered',
        { mobileNum: '0912345678', countryDialingCode: '+1', purpose: 'register' },
        'MOBILE_FORMAT',
      ],
    ])('%s → 400 %s', async (_name, body, code) => {
      const response = await send(body);
      expect(response.statusCode).toBe(400);
      expect(json(response).code).toBe(code);
    });
  });
});
