import { adminCalls } from '@kl/contracts/admin/calls';
import { OPERATOR_IDLE_MINUTES, OPERATOR_LOGIN_LIMIT } from '@kl/contracts/admin/auth';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { freshIp } from '../../test/accounts.ts';
import { json } from '../../test/app.ts';
import {
  adminRequest,
  createOperator,
  OPERATOR_TEST_PASSWORD,
  operatorCookieOf,
  signInOperator,
} from '../../test/back-office.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { useTestApp } from '../../test/suite.ts';
import { totpCode, totpStep } from './totp.ts';

describeEachDatabase('back-office sign-in', (kind) => {
  const suite = useTestApp(kind);
  const db = () => suite.database.current.db;
  const login = (body: object, ip = freshIp()) =>
    suite.app.inject({
      method: 'POST',
      url: adminCalls.adminLogin.path,
      remoteAddress: ip,
      payload: body,
      headers: { 'accept-language': 'en' },
    });

  it('enrols two-factor at the first sign-in, then asks a code every time', async () => {
    const created = await createOperator(db(), suite.time.clock, { role: 'content' });
    const first = json<{ value: { step: string; secret: string; otpauthUri: string; qrSvg: string } }>(
      await login({ username: created.username, password: OPERATOR_TEST_PASSWORD }),
    ).value;
    expect(first.step).toBe('enrol');
    expect(first.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(first.otpauthUri).toContain(`secret=${first.secret}`);
    expect(first.qrSvg).toMatch(/^<svg/);
    // Asked again before a code: the same secret (the QR code already scanned stays right).
    const again = json<{ value: { secret: string } }>(
      await login({ username: created.username, password: OPERATOR_TEST_PASSWORD }),
    ).value;
    expect(again.secret).toBe(first.secret);

    const operator = await signInOperator(suite.app, suite.time, created.username, first.secret);
    const self = await adminRequest(suite.app, adminCalls.adminSession, operator);
    expect(json(self)).toMatchObject({
      value: {
        username: created.username,
        role: 'content',
        access: { content: 'write', withdrawals: 'none' },
      },
    });

    // Enrolled now: a right password answers `code`, and the code signs in.
    const second = await login({ username: created.username, password: OPERATOR_TEST_PASSWORD });
    expect(json(second)).toMatchObject({ value: { step: 'code' } });
    expect(operatorCookieOf(second)).toBeUndefined();
  });

  it('sets an HttpOnly, Strict cookie sent only to the back-office calls', async () => {
    const created = await createOperator(db(), suite.time.clock, { role: 'owner' });
    const enrol = json<{ value: { secret: string } }>(
      await login({ username: created.username, password: OPERATOR_TEST_PASSWORD }),
    ).value;
    const response = await login({
      username: created.username,
      password: OPERATOR_TEST_PASSWORD,
      code: totpCode(enrol.secret, totpStep(suite.time.clock())),
    });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^kl_op=[^;]+; Path=\/api\/admin; HttpOnly; SameSite=Strict; Max-Age=43200/);
    suite.time.advance(30_000);
  });

  it('refuses a wrong password, a wrong code and a code used before', async () => {
    const created = await createOperator(db(), suite.time.clock, { role: 'finance' });
    expect(json(await login({ username: created.username, password: 'wrong-password-12' }))).toMatchObject({
      code: 'WRONG_CREDENTIALS',
    });
    expect((await login({ username: 'nobody-here', password: 'wrong-password-12' })).statusCode).toBe(401);
    const operator = await signInOperator(suite.app, suite.time, created.username);
    const wrong = await login({
      username: created.username,
      password: OPERATOR_TEST_PASSWORD,
      code: '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toMatchObject({ code: 'WRONG_VERIFICATION_CODE' });
    // The code of the step the kit used (one step back) was used already.
    const used = totpCode(operator.secret, totpStep(suite.time.clock()) - 1);
    const replay = await login({ username: created.username, password: OPERATOR_TEST_PASSWORD, code: used });
    expect(json(replay)).toMatchObject({ code: 'WRONG_VERIFICATION_CODE' });
  });

  it('counts every check first: a burst of parallel wrong passwords gets no more tries than the limit', async () => {
    const created = await createOperator(db(), suite.time.clock, { role: 'support' });
    const answers = await Promise.all(
      Array.from({ length: OPERATOR_LOGIN_LIMIT + 5 }, (_, index) =>
        login({ username: created.username, password: `wrong-password-${index}` }),
      ),
    );
    const codes = answers.map((answer) => json<{ code: string }>(answer).code);
    expect(codes.filter((code) => code === 'WRONG_CREDENTIALS')).toHaveLength(OPERATOR_LOGIN_LIMIT);
    expect(codes.filter((code) => code === 'TOO_MANY_REQUESTS')).toHaveLength(5);
    // Locked: the right password is refused too, with how long to wait.
    const right = await login({ username: created.username, password: OPERATOR_TEST_PASSWORD });
    expect(right.statusCode).toBe(429);
    expect(json(right)).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      value: { retryAfterSeconds: expect.any(Number) },
    });
  });

  it('ends a session after the idle time, and at sign-out', async () => {
    const created = await createOperator(db(), suite.time.clock, { role: 'risk' });
    const operator = await signInOperator(suite.app, suite.time, created.username);
    suite.time.advanceMinutes(OPERATOR_IDLE_MINUTES + 1);
    const idle = await adminRequest(suite.app, adminCalls.adminSession, operator);
    expect(idle.statusCode).toBe(401);
    expect(json(idle)).toMatchObject({ code: 'SESSION_EXPIRED' });

    const next = await signInOperator(suite.app, suite.time, created.username, operator.secret);
    expect((await adminRequest(suite.app, adminCalls.adminLogout, next)).statusCode).toBe(200);
    expect(json(await adminRequest(suite.app, adminCalls.adminSession, next))).toMatchObject({
      code: 'NOT_LOGGED_IN',
    });
  });

  it('a disabled operator cannot sign in and their sessions end', async () => {
    const owner = await signInOperator(
      suite.app,
      suite.time,
      (await createOperator(db(), suite.time.clock, { role: 'owner' })).username,
    );
    const created = await createOperator(db(), suite.time.clock, { role: 'finance' });
    const operator = await signInOperator(suite.app, suite.time, created.username);
    const disabled = await adminRequest(suite.app, adminCalls.adminUpdateOperator, owner, {
      params: { operatorId: created.id },
      payload: { disabled: true },
    });
    expect(json(disabled)).toMatchObject({ value: { disabled: true } });
    expect(json(await adminRequest(suite.app, adminCalls.adminSession, operator))).toMatchObject({
      code: 'NOT_LOGGED_IN',
    });
    const again = await login({ username: created.username, password: OPERATOR_TEST_PASSWORD });
    expect(json(again)).toMatchObject({ code: 'ACCOUNT_UNAVAILABLE' });
  });

  it('records sign-ins and changes in the audit log, which cannot be changed', async () => {
    const owner = await signInOperator(
      suite.app,
      suite.time,
      (await createOperator(db(), suite.time.clock, { role: 'owner' })).username,
    );
    const made = await adminRequest(suite.app, adminCalls.adminCreateOperator, owner, {
      payload: { username: `c${owner.username}`, password: 'another-password-1', role: 'content' },
    });
    expect(made.statusCode).toBe(200);
    const page = json<{ value: { list: { action: string; operatorUsername: string; after: unknown }[] } }>(
      await adminRequest(suite.app, adminCalls.adminAudit, owner, { query: { operator: owner.username } }),
    ).value;
    expect(page.list.map((entry) => entry.action)).toEqual([
      'operator.create',
      'operator.login',
      'operator.enrol_two_factor',
    ]);
    expect(JSON.stringify(page.list[0]?.after)).not.toMatch(/password/i);
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => 'changed',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(await refusal(db().execute(sql`update operator_audit set action = 'x'`))).toMatch(/append-only/);
    expect(await refusal(db().execute(sql`delete from operator_audit`))).toMatch(/append-only/);
  });
});
