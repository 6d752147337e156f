import { randomBytes, randomUUID } from 'node:crypto';
import { API } from '@kl/contracts';
import { GATEWAY_SIGNATURE_HEADER, GATEWAY_TIMESTAMP_HEADER } from '@kl/contracts/deposit';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signCallback } from '../../modules/deposit/index.ts';
import { createTestMember, sessionOf } from '../../modules/wallet/testing.ts';
import {
  type Caller,
  call,
  freshIp,
  freshMobile,
  freshUsername,
  latestSms,
  outbox,
  postEncrypted,
  sessionCookieOf,
  solvedCaptcha,
  verifyEmailOf,
} from '../accounts.ts';
import { buildTestApp, captureLogs, json } from '../app.ts';
import { describeEachDatabase, useTestDatabase } from '../databases.ts';

/**
 * No secret reaches the log. The flows that handle one — registration, login, password reset by e-mail
 * (its link opened in the browser, then the API called from that page), SMS codes, the payment password,
 * the payment gateway's signed callback, and a database error in the middle of a registration — run on an
 * app logging everything (level trace) into memory; then the captured lines are searched for every
 * secret used or made on the way: passwords, their argon2 hashes, session, reset and other token hashes,
 * SMS and captcha codes, the callback signature and its key.
 */

const CALLBACK_SECRET = `cb-secret-${randomBytes(16).toString('hex')}`;
/** Fields of a log line that are random by nature (a short code could appear in them by chance). */
const RANDOM_FIELDS = new Set(['time', 'reqId', 'responseTime', 'pid', 'hostname', 'content-length']);

/** Every key and string (numbers as text) of the log lines, the random fields left out. */
function loggedTexts(lines: readonly Record<string, unknown>[]): string[] {
  const texts: string[] = [];
  const stack: unknown[] = [...lines];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') texts.push(value);
    else if (typeof value === 'number') texts.push(String(value));
    else if (Array.isArray(value)) stack.push(...(value as unknown[]));
    else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        if (RANDOM_FIELDS.has(key)) continue;
        texts.push(key);
        stack.push(child);
      }
    }
  }
  return texts;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Request and event ids: random, so a four-digit group of one can equal a short code by chance. */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * The line and column of a stack frame ("chunk-Y6PULSM7.js:1:4360"): a bundled file's column numbers run
 * to five digits, so one of them can equal a short code by chance.
 */
const FRAME_POSITION = /\.[cm]?[jt]s:\d+:\d+/g;

/**
 * Where a secret appears in the texts: anywhere for long ones; for short codes as a whole word,
 * outside the ids and stack frames' positions (a code is never logged as a group of a UUID or a column
 * of a frame, and "4360" in "…-4360-…" or "….js:1:4360" is not one).
 */
function appearances(texts: readonly string[], secret: string): string[] {
  if (secret.length >= 8) return texts.filter((text) => text.includes(secret));
  const pattern = new RegExp(`(?<![A-Za-z0-9])${escape(secret)}(?![A-Za-z0-9])`);
  return texts.filter((text) => pattern.test(text.replace(UUID, '').replace(FRAME_POSITION, '')));
}

describeEachDatabase('secrets never reach the log', { embedded: true }, (kind) => {
  const database = useTestDatabase(kind);
  const log = captureLogs('trace');
  const secrets = new Map<string, string>();
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(database.current, {
      logger: log.logger,
      config: { devOutbox: true, paymentCallbackSecret: CALLBACK_SECRET },
    });
  });
  afterAll(() => app.close());

  const keep = (what: string, value: string | undefined) => {
    expect(value, what).toBeTruthy();
    secrets.set(`${what} #${secrets.size}`, value ?? '');
    return value ?? '';
  };
  /** A captcha of four digits (the shorter sums would be no test), its answer kept as a secret. */
  async function captcha(ip: string) {
    for (;;) {
      const solved = await solvedCaptcha(app, ip);
      if (/^\d{4}$/.test(solved.captcha)) {
        keep('captcha answer', solved.captcha);
        return solved;
      }
    }
  }
  /** A member made in the database, logged in; the session token kept as a secret. */
  async function loggedInMember(): Promise<Caller> {
    const row = await createTestMember(database.current.db);
    return { ip: freshIp(), cookie: keep('session token', await sessionOf(database.current.db, row)) };
  }
  const password = () => keep('password', `Pw${randomBytes(6).toString('hex')}7`);
  const expectOk = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  it('registers, logs in and resets the password by e-mail, the link opened in the browser', async () => {
    const ip = freshIp();
    const username = freshUsername('logs');
    const email = `${username}@example.com`;
    const first = password();
    const registered = expectOk(
      await call(
        app,
        API.register,
        { ip },
        {
          payload: {
            registerMethod: 'H5',
            username,
            password: first,
            confirmPassword: first,
            email,
            ...(await captcha(ip)),
          },
        },
      ),
    );
    const session = keep('session token', sessionCookieOf(registered));
    // The address verified by its e-mailed link (a reset link goes to no other): the link's token is a secret.
    keep('e-mail verification token', await verifyEmailOf(app, { ip, cookie: session }));

    const loggedIn = expectOk(
      await postEncrypted(app, API.login.path, { type: 'username', username, password: first }, { ip }),
    );
    keep('session token', sessionCookieOf(loggedIn));
    // A wrong password is logged as a refusal, never as itself.
    const wrong = keep('password', `Wrong${randomBytes(5).toString('hex')}1`);
    const refused = await postEncrypted(
      app,
      API.login.path,
      { type: 'username', username, password: wrong },
      { ip },
    );
    expect([400, 401]).toContain(refused.statusCode);

    expectOk(
      await call(app, API.requestPasswordEmail, { ip }, { payload: { email, ...(await captcha(ip)) } }),
    );
    const mail = (await outbox(app, 'email')).find((entry) => entry.to === email);
    const token = keep('reset token', mail?.code);
    const link = `/m/forget?type=email&token=${token}`;
    // The browser opens the link (the page; 503 here, the web app is not built in tests) …
    const page = await app.inject({ url: link, remoteAddress: ip });
    expect([200, 503]).toContain(page.statusCode);
    // … and calls the API from that page: its address is the Referer.
    const second = password();
    expectOk(
      await app.inject({
        method: 'POST',
        url: API.resetPassword.path,
        remoteAddress: ip,
        headers: { referer: `http://localhost:8080${link}`, 'accept-language': 'en' },
        payload: { token, newPassword: second, confirmNewPassword: second },
      }),
    );
    // A token in any query parameter of any call, in any case, is redacted as well.
    await app.inject({ url: `${API.status.path}?Token=${token}&resetToken=${token}&x=1`, remoteAddress: ip });
    // After the wrong password, the login asks for a captcha.
    expectOk(
      await postEncrypted(
        app,
        API.login.path,
        { type: 'username', username, password: second, ...(await captcha(ip)) },
        { ip },
      ),
    );
  });

  it('sends SMS codes and uses them to register and to log in', async () => {
    const ip = freshIp();
    const mobile = freshMobile();
    const to = `+84${mobile.replace(/^0+/, '')}`;
    const send = async (purpose: 'register' | 'login') =>
      expectOk(
        await call(
          app,
          API.sendSms,
          { ip },
          { payload: { mobileNum: mobile, countryDialingCode: '+84', purpose, ...(await captcha(ip)) } },
        ),
      );
    await send('register');
    const registerCode = keep('sms code', await latestSms(app, to));
    const pw = password();
    expectOk(
      await call(
        app,
        API.registerMobile,
        { ip },
        {
          payload: {
            registerMethod: 'H5',
            mobileNum: mobile,
            countryDialingCode: '+84',
            verificationCode: registerCode,
            password: pw,
            confirmPassword: pw,
            ...(await captcha(ip)),
          },
        },
      ),
    );
    await send('login');
    const loginCode = keep('sms code', await latestSms(app, to));
    const loggedIn = expectOk(
      await postEncrypted(
        app,
        API.login.path,
        { type: 'sms', mobileNum: mobile, countryDialingCode: '+84', verificationCode: loginCode },
        { ip },
      ),
    );
    keep('session token', sessionCookieOf(loggedIn));
  });

  it('sets and verifies a payment password', async () => {
    const caller = await loggedInMember();
    const paymentPassword = keep(
      'payment password',
      String(100_000 + (randomBytes(3).readUIntBE(0, 3) % 900_000)),
    );
    expectOk(
      await call(app, API.setPaymentPassword, caller, {
        payload: { password: paymentPassword, confirmPassword: paymentPassword },
      }),
    );
    expectOk(await call(app, API.verifyPaymentPassword, caller, { payload: { password: paymentPassword } }));
    const wrong = keep('payment password', paymentPassword === '999999' ? '888888' : '999999');
    const refused = await call(app, API.verifyPaymentPassword, caller, { payload: { password: wrong } });
    expect(refused.statusCode).toBe(400);
  });

  it('takes a deposit through the gateway’s signed callback', async () => {
    const caller = await loggedInMember();
    const created = expectOk(
      await call(app, API.createDepositOrder, caller, {
        payload: { channelCode: 'bank-transfer', amount: 200_000 },
      }),
    );
    const order = json<{
      value: { orderId: string; amount: number; currency: string; referenceCode: string };
    }>(created).value;
    const rawBody = JSON.stringify({
      eventId: `evt-${randomUUID()}`,
      orderId: order.orderId,
      status: 'paid',
      amount: order.amount,
      currency: order.currency,
      gatewayTransactionId: `GW-${order.referenceCode}`,
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = keep('callback signature', signCallback(CALLBACK_SECRET, timestamp, rawBody));
    keep('callback key', CALLBACK_SECRET);
    expectOk(
      await app.inject({
        method: 'POST',
        url: API.depositCallback.path,
        headers: {
          'content-type': 'application/json',
          [GATEWAY_TIMESTAMP_HEADER]: timestamp,
          [GATEWAY_SIGNATURE_HEADER]: signature,
        },
        payload: rawBody,
        remoteAddress: '203.0.113.7',
      }),
    );
    // A tampered one is refused and logged as refused, without either signature.
    const forged = keep('forged signature', signCallback(`${CALLBACK_SECRET}x`, timestamp, rawBody));
    const refused = await app.inject({
      method: 'POST',
      url: `${API.depositCallback.path}?sign=${forged}`,
      headers: {
        'content-type': 'application/json',
        [GATEWAY_TIMESTAMP_HEADER]: timestamp,
        [GATEWAY_SIGNATURE_HEADER]: forged,
      },
      payload: rawBody,
      remoteAddress: '203.0.113.7',
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
  });

  it('logs a database error in the middle of a registration without its parameters', async () => {
    // Every new member row now fails PostgreSQL's check, after the password was hashed.
    await database.current.db.execute(
      sql`alter table member add constraint secret_logs_forced_failure check (false) not valid`,
    );
    try {
      const ip = freshIp();
      const pw = password();
      const response = await call(
        app,
        API.register,
        { ip },
        {
          payload: {
            registerMethod: 'H5',
            username: freshUsername('dberr'),
            password: pw,
            confirmPassword: pw,
            email: `${freshUsername('mail')}@example.com`,
            ...(await captcha(ip)),
          },
        },
      );
      expect(response.statusCode).toBe(500);
      expect(json(response).code).toBe('SYSTEM_ERROR');
    } finally {
      await database.current.db.execute(sql`alter table member drop constraint secret_logs_forced_failure`);
    }
    const failure = log.lines.find((line) => line.msg === 'unexpected error');
    const err = failure?.err as Record<string, unknown> | undefined;
    // What is useful stays: the statement (placeholders only), the SQLSTATE and the constraint.
    expect(JSON.stringify(err)).toContain('secret_logs_forced_failure');
    expect(JSON.stringify(err)).toContain('23514');
    expect(JSON.stringify(err)).not.toMatch(/"(params|detail|where)"/);
  });

  it('has none of the secrets in the log, nor any stored hash', async () => {
    // Every hash the flows stored: passwords, payment passwords, session, reset and code hashes.
    const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
    const hashes = await database.current.db.execute(sql`
      select c.table_name, c.column_name from information_schema.columns c
      where c.table_schema = current_schema()
        and c.column_name in ('password_hash', 'payment_password_hash', 'token_hash', 'code_hash', 'answer_hash')
    `);
    for (const { table_name: table, column_name: column } of rowsOf(hashes)) {
      const values = await database.current.db.execute(
        sql`select ${sql.identifier(String(column))} as value from ${sql.identifier(String(table))}`,
      );
      for (const { value } of rowsOf(values)) {
        if (typeof value === 'string' && value.length >= 16)
          keep(`${String(table)}.${String(column)}`, value);
      }
    }
    expect(secrets.size).toBeGreaterThan(20);
    const texts = loggedTexts(log.lines);
    expect(texts.length).toBeGreaterThan(100);
    const found = [...secrets].flatMap(([what, secret]) =>
      appearances(texts, secret).map((text) => `${what} in: ${text.slice(0, 300)}`),
    );
    expect(found).toEqual([]);
    for (const text of texts) expect(text).not.toContain('$argon2');
    // The redaction is visible where the secrets were.
    expect(texts.some((text) => text.includes('token=[Redacted]'))).toBe(true);
  });
});
