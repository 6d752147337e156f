import { adminCalls } from '@kl/contracts/admin/calls';
import {
  OPERATOR_ADDRESS_LIMIT,
  OPERATOR_IDLE_MINUTES,
  OPERATOR_LOGIN_DELAY_SECONDS,
  OPERATOR_LOGIN_FREE_ATTEMPTS,
} from '@kl/contracts/admin/auth';
import { and, eq, sql } from 'drizzle-orm';
import { operatorAudit } from '../../db/schema/index.ts';
import { expect, it } from 'vitest';
import { freshIp } from '../../test/accounts.ts';
import { json } from '../../test/app.ts';
import {
  adminRequest,
  createOperator,
  OPERATOR_TEST_PASSWORD,
  operatorCookieOf,
  signInOperator,
  solvedAdminCaptcha,
} from '../../test/back-office.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { useTestApp } from '../../test/suite.ts';
import { totpCode, totpStep } from '../../platform/totp.ts';

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

  const codesOf = (answers: { body: string }[]) =>
    answers.map((answer) => json<{ code: string }>(answer as never).code).sort();
  const times = <T>(count: number, make: (index: number) => T) =>
    Array.from({ length: count }, (_, i) => make(i));

  it('a burst of wrong passwords never locks the owner out: past the free checks a captcha and a capped delay', async () => {
    const created = await createOperator(db(), suite.time.clock, { role: 'owner' });
    const owner = await signInOperator(suite.app, suite.time, created.username);
    const burst = 20;
    const refusedCount = burst - OPERATOR_LOGIN_FREE_ATTEMPTS;
    // Parallel wrong passwords, each from its own address: only the free checks are made.
    const parallel = await Promise.all(
      times(burst, (index) => login({ username: created.username, password: `wrong-password-${index}` })),
    );
    expect(codesOf(parallel)).toEqual([
      ...times(refusedCount, () => 'CAPTCHA_REQUIRED'),
      ...times(OPERATOR_LOGIN_FREE_ATTEMPTS, () => 'WRONG_CREDENTIALS'),
    ]);
    // The same guesses one after the other get as many checks, no more.
    const other = await createOperator(db(), suite.time.clock, { role: 'owner' });
    const sequential = [];
    for (let index = 0; index < burst; index += 1) {
      sequential.push(await login({ username: other.username, password: `wrong-password-${index}` }));
    }
    expect(codesOf(sequential)).toEqual(codesOf(parallel));
    const refused = parallel.find((answer) => json<{ code: string }>(answer).code === 'CAPTCHA_REQUIRED');
    expect(refused?.statusCode).toBe(400);
    expect(json(refused as never)).toMatchObject({ value: { captchaRequired: true } });

    // Guesses with solved captchas, all at once: one check per delay.
    suite.time.advance(OPERATOR_LOGIN_DELAY_SECONDS.max * 1000);
    const solved = await Promise.all(
      times(6, async (index) => {
        const ip = freshIp();
        const captcha = await solvedAdminCaptcha(suite.app, ip);
        return login({ username: created.username, password: `wrong-again-${index}`, ...captcha }, ip);
      }),
    );
    expect(codesOf(solved)).toEqual([...times(5, () => 'TOO_MANY_REQUESTS'), 'WRONG_CREDENTIALS']);

    // The owner: the right password alone is asked for a captcha; with one, they wait at most the cap.
    expect(json(await login({ username: created.username, password: OPERATOR_TEST_PASSWORD }))).toMatchObject(
      {
        code: 'CAPTCHA_REQUIRED',
      },
    );
    const withCaptcha = async (body: object) => {
      const ip = freshIp();
      return login(
        {
          username: created.username,
          password: OPERATOR_TEST_PASSWORD,
          ...body,
          ...(await solvedAdminCaptcha(suite.app, ip)),
        },
        ip,
      );
    };
    const early = await withCaptcha({});
    expect(early.statusCode).toBe(429);
    const wait = json<{ value: { retryAfterSeconds: number } }>(early).value.retryAfterSeconds;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(OPERATOR_LOGIN_DELAY_SECONDS.max);
    suite.time.advance(wait * 1000);
    expect(json(await withCaptcha({}))).toMatchObject({ value: { step: 'code' } });
    suite.time.advance(OPERATOR_LOGIN_DELAY_SECONDS.max * 1000);
    const signedIn = await withCaptcha({ code: totpCode(owner.secret, totpStep(suite.time.clock())) });
    expect(json(signedIn)).toMatchObject({ value: { step: 'signed-in' } });
    suite.time.advance(30_000);
    // Signed in, the username's count starts again: no captcha for the next sign-in.
    expect(json(await login({ username: created.username, password: OPERATOR_TEST_PASSWORD }))).toMatchObject(
      {
        value: { step: 'code' },
      },
    );

    // Each refused attempt is in the audit log with its reason.
    const session = { ip: freshIp(), cookie: operatorCookieOf(signedIn) ?? '' };
    const trail = json<{ value: { list: { action: string; after: { reason?: string } | null }[] } }>(
      await adminRequest(suite.app, adminCalls.adminAudit, session, {
        query: { target: created.id, pageSize: '100' },
      }),
    ).value.list;
    const reasons = (action: string) =>
      trail.filter((entry) => entry.action === action).map((entry) => entry.after?.reason);
    expect(reasons('operator.login_failed')).toEqual(
      times(OPERATOR_LOGIN_FREE_ATTEMPTS + 1, () => 'wrong_password'),
    );
    expect(reasons('operator.login_refused').sort()).toEqual(
      [...times(refusedCount + 1, () => 'captcha_missing'), ...times(6, () => 'too_soon')].sort(),
    );
  });

  it('locks an address after its limit of checks, for the right password too, and audits it', async () => {
    const created = await createOperator(db(), suite.time.clock, { role: 'support' });
    const ip = freshIp();
    for (let index = 0; index < OPERATOR_ADDRESS_LIMIT; index += 1) {
      await login({ username: `nobody-${index}`, password: 'wrong-password-12' }, ip);
    }
    const locked = await login({ username: created.username, password: OPERATOR_TEST_PASSWORD }, ip);
    expect(locked.statusCode).toBe(429);
    expect(json(locked)).toMatchObject({ code: 'TOO_MANY_REQUESTS', value: { retryAfterSeconds: 900 } });
    // Another address is not concerned.
    expect(json(await login({ username: created.username, password: OPERATOR_TEST_PASSWORD }))).toMatchObject(
      {
        value: { step: 'enrol' },
      },
    );
    const refusals = await db()
      .select({ after: operatorAudit.after })
      .from(operatorAudit)
      .where(and(eq(operatorAudit.targetId, created.id), eq(operatorAudit.action, 'operator.login_refused')));
    expect(refusals.map((row) => row.after)).toEqual([{ reason: 'address_locked' }]);
  });

  it('refuses a wrong captcha, which takes no turn', async () => {
    const created = await createOperator(db(), suite.time.clock, { role: 'content' });
    const wrong = await login({
      username: created.username,
      password: OPERATOR_TEST_PASSWORD,
      captchaId: 'no-such-captcha',
      captcha: '1234',
    });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toMatchObject({
      code: 'WRONG_VERIFICATION_CODE',
      value: { field: 'captcha', captchaRequired: true },
    });
    expect(json(await login({ username: created.username, password: OPERATOR_TEST_PASSWORD }))).toMatchObject(
      {
        value: { step: 'enrol' },
      },
    );
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
      payload: { username: `c${owner.username}`, role: 'content' },
    });
    expect(made.statusCode).toBe(200);
    const { token } = json<{ value: { invitation: { token: string } } }>(made).value.invitation;
    const page = json<{ value: { list: { action: string; operatorUsername: string; after: unknown }[] } }>(
      await adminRequest(suite.app, adminCalls.adminAudit, owner, { query: { operator: owner.username } }),
    ).value;
    expect(page.list.map((entry) => entry.action)).toEqual([
      'operator.create',
      'operator.login',
      'operator.enrol_two_factor',
    ]);
    expect(JSON.stringify(page.list[0]?.after)).not.toMatch(/password/i);
    expect(JSON.stringify(page.list)).not.toContain(token);
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => 'changed',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(await refusal(db().execute(sql`update operator_audit set action = 'x'`))).toMatch(/append-only/);
    expect(await refusal(db().execute(sql`delete from operator_audit`))).toMatch(/append-only/);
  });
});
