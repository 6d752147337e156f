import { API, captchaChallenge, successEnvelope } from '@kl/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, freshIp, freshMobile, latestSms, outbox, testClock } from '../../test/accounts.ts';
import { buildTestApp, json } from '../../test/app.ts';
import { describeEachDatabase, useTestDatabase } from '../../test/databases.ts';
import { newPuzzle } from './captcha-service.ts';

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

describeEachDatabase('captcha and SMS codes', (kind) => {
  const database = useTestDatabase(kind);
  const time = testClock();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database.current, { config: { devOutbox: true }, clock: time.clock });
  });
  afterAll(() => app.close());

  it('GET captcha answers an SVG image, records the answer in the outbox and only its digest in the table', async () => {
    const response = await call(app, API.captcha, { ip: freshIp() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-module-id']).toBe('CAPTCHA3');
    expect(response.headers['cache-control']).toBe('no-store');
    const challenge = successEnvelope(captchaChallenge).parse(json(response)).value;
    expect(challenge.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(challenge.image.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');
    expect(new Date(challenge.expiresAt).getTime()).toBe(time.clock().getTime() + 5 * 60_000);
    const entry = (await outbox(app, 'captcha')).find((item) => item.to === challenge.captchaId);
    expect(entry?.code).toMatch(/^\d{1,6}$/);
    const rows = await database.current.db.execute(sql`select answer_hash from captcha`);
    expect(JSON.stringify(rows)).toMatch(/[0-9a-f]{64}/);
    expect(JSON.stringify(rows)).not.toContain(`"${entry?.code}"`);
  });

  describe('send SMS', () => {
    const send = (payload: Record<string, unknown>, ip = freshIp()) =>
      call(app, API.sendSms, { ip }, { payload });

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
      const code = await latestSms(app, '+84912345678');
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
        expect(await latestSms(app, `+84${mobileNum.replace(/^0+/, '')}`)).toBeUndefined();
        // The resend rule looks the same as for a real number.
        expect((await send({ mobileNum, countryDialingCode: '+84', purpose })).statusCode).toBe(429);
      }
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
