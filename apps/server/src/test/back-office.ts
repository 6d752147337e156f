import type { OperatorRole } from '@kl/contracts/admin/access';
import { OPERATOR_COOKIE, type AdminLoginResult } from '@kl/contracts/admin/auth';
import type { AuditEntry, CreateOperatorResult } from '@kl/contracts/admin/operators';
import type { ApiEntry } from '@kl/contracts/api-call';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll } from 'vitest';
import type { z } from 'zod';
import {
  createAuditLog,
  createOperatorOnCommandLine,
  createOperatorRepository,
} from '../modules/back-office/index.ts';
import { totpCode, totpStep } from '../platform/totp.ts';
import { adminCalls } from '@kl/contracts/admin/calls';
import type { DatabaseKind, Db } from '../platform/db.ts';
import type { Clock } from '../platform/clock.ts';
import { DEVELOPMENT_SECRET_KEYS } from '../platform/config.ts';
import { createSecretBox } from '../platform/secret-box.ts';
import { captchaAnswer, freshIp, type testClock } from './accounts.ts';
import { answerValue } from './answers.ts';
import { json } from './app.ts';
import { type TestApp, useTestApp } from './suite.ts';

/**
 * Operators in back-office suites (docs/conventions.md, "Tests"): one made as `npm run operator:create`
 * makes it (its password typed by whoever runs the command, nobody holding a link of its credentials) and
 * signed in through the real calls (password, then the TOTP code of the suite's clock, enrolling two-factor
 * the first time), or one an owner invites and who sets their credentials through the invitation calls;
 * and calls made with the session cookie.
 */

export const OPERATOR_TEST_PASSWORD = 'operator-password-1';

export interface OperatorCaller {
  id: string;
  username: string;
  ip: string;
  /** The kl_op session token. */
  cookie: string;
  /** The TOTP secret enrolled at the first sign-in. */
  secret: string;
}

let operatorCount = 0;
export const freshOperatorName = (prefix = 'op') =>
  `${prefix}${process.pid % 1000}${(operatorCount += 1)}${Date.now() % 100000}`;

/** An operator made in the database as `npm run operator:create` makes it, not yet signed in. */
export async function createOperator(
  db: Db,
  clock: Clock,
  options: { role: OperatorRole; readOnly?: boolean; username?: string; merchantCode?: string },
) {
  const merchantCode = options.merchantCode ?? 'kimlong';
  return createOperatorOnCommandLine(
    {
      db,
      clock,
      merchantCode,
      operators: createOperatorRepository(db, createSecretBox(DEVELOPMENT_SECRET_KEYS)),
      audit: createAuditLog({ db, clock, merchantCode }),
    },
    { operatorId: null, username: 'test-setup', ip: '127.0.0.1' },
    {
      username: options.username ?? freshOperatorName(options.role),
      password: OPERATOR_TEST_PASSWORD,
      role: options.role,
      readOnly: options.readOnly ?? false,
    },
  );
}

export function operatorCookieOf(response: LightMyRequestResponse): string | undefined {
  const header = response.headers['set-cookie'];
  const cookies = header === undefined ? [] : Array.isArray(header) ? header : [header];
  const mine = cookies.find((cookie) => cookie.startsWith(`${OPERATOR_COOKIE}=`));
  if (mine === undefined) return undefined;
  return decodeURIComponent(mine.slice(OPERATOR_COOKIE.length + 1).split(';')[0] ?? '');
}

/**
 * Signs an operator in as the back office does: password (enrolment answer with the secret), then the
 * code of the clock's current step. The clock moves on by one step afterwards, so that the next sign-in
 * of the same operator has a fresh code.
 */
export async function signInOperator(
  app: FastifyInstance,
  time: ReturnType<typeof testClock>,
  username: string,
  secret?: string,
): Promise<OperatorCaller> {
  const ip = freshIp();
  const post = (body: object) =>
    app.inject({ method: 'POST', url: adminCalls.adminLogin.path, remoteAddress: ip, payload: body });
  let known = secret;
  if (known === undefined) {
    const first = json<{ value: AdminLoginResult }>(
      await post({ username, password: OPERATOR_TEST_PASSWORD }),
    );
    if (first.value.step !== 'enrol') throw new Error(`expected enrolment, got ${first.value.step}`);
    known = first.value.secret;
  }
  const code = totpCode(known, totpStep(time.clock()));
  const response = await post({ username, password: OPERATOR_TEST_PASSWORD, code });
  const cookie = operatorCookieOf(response);
  if (response.statusCode !== 200 || !cookie) throw new Error(`sign-in failed: ${response.body}`);
  const answer = json<{ value: AdminLoginResult }>(response).value;
  if (answer.step !== 'signed-in') throw new Error('not signed in');
  time.advance(30_000);
  return { id: answer.operator.id, username, ip, cookie, secret: known };
}

/** A new sign-in captcha (GET /api/admin/captcha) and its answer, read from the development outbox. */
export async function solvedAdminCaptcha(
  app: FastifyInstance,
  ip: string,
): Promise<{ captchaId: string; captcha: string }> {
  const response = await app.inject({ url: adminCalls.adminCaptcha.path, remoteAddress: ip });
  return captchaAnswer(app, answerValue(adminCalls.adminCaptcha, response).captchaId);
}

/** The password an invited operator chooses through their link in the suites. */
export const INVITEE_TEST_PASSWORD = 'invitee-chosen-password-1';

/**
 * Uses an invitation link as its page does: the password (the enrolment answer with the new secret, or
 * `code` when the two-factor was kept), then the password and the code of the clock's step, which signs in.
 * `secret` is the two-factor kept by a reset of the password only. The clock moves on one step afterwards.
 */
export async function acceptInvitation(
  app: FastifyInstance,
  time: ReturnType<typeof testClock>,
  token: string,
  options: { password?: string; secret?: string } = {},
): Promise<OperatorCaller> {
  const ip = freshIp();
  const password = options.password ?? INVITEE_TEST_PASSWORD;
  const post = (body: object) =>
    app.inject({
      method: 'POST',
      url: adminCalls.adminAcceptInvitation.path,
      remoteAddress: ip,
      payload: { token, password, ...body },
    });
  const first = await post({});
  const answer = json<{ value: AdminLoginResult }>(first).value;
  if (first.statusCode !== 200) throw new Error(`invitation refused: ${first.body}`);
  const secret = answer.step === 'enrol' ? answer.secret : options.secret;
  if (secret === undefined) throw new Error(`expected enrolment, got ${answer.step}`);
  const response = await post({ code: totpCode(secret, totpStep(time.clock())) });
  const cookie = operatorCookieOf(response);
  if (response.statusCode !== 200 || !cookie) throw new Error(`invitation not accepted: ${response.body}`);
  const signedIn = json<{ value: AdminLoginResult }>(response).value;
  if (signedIn.step !== 'signed-in') throw new Error('not signed in');
  time.advance(30_000);
  return { id: signedIn.operator.id, username: signedIn.operator.username, ip, cookie, secret };
}

/**
 * An operator the owner makes in the back office (the real call), with the invitation token it was shown;
 * not yet signed in.
 */
export async function inviteOperator(
  app: FastifyInstance,
  owner: Pick<OperatorCaller, 'ip' | 'cookie'>,
  role: OperatorRole,
  options: { readOnly?: boolean; username?: string } = {},
): Promise<CreateOperatorResult> {
  const response = await adminRequest(app, adminCalls.adminCreateOperator, owner, {
    payload: {
      username: options.username ?? freshOperatorName(role),
      role,
      readOnly: options.readOnly ?? false,
    },
  });
  return answerValue(adminCalls.adminCreateOperator, response);
}

/** The path of an entry with its `:name` segments filled in. */
export function pathOf(entry: Pick<ApiEntry, 'path'>, params: Record<string, string | number> = {}): string {
  return entry.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** A back-office call with the operator's session cookie (or none). */
export function adminRequest(
  app: FastifyInstance,
  entry: Pick<ApiEntry, 'method' | 'path'>,
  operator: Pick<OperatorCaller, 'ip' | 'cookie'> | undefined,
  options: {
    params?: Record<string, string | number>;
    query?: Record<string, string>;
    payload?: unknown;
  } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: entry.method,
    url: pathOf(entry, options.params),
    remoteAddress: operator?.ip ?? freshIp(),
    headers: {
      'accept-language': 'en',
      ...(operator && { cookie: `${OPERATOR_COOKIE}=${operator.cookie}` }),
    },
    ...(options.query && { query: options.query }),
    ...(options.payload !== undefined && { payload: options.payload as object }),
  });
}

/** An operator of the role made in the suite's database and signed in. */
export async function newOperator(
  suite: Pick<TestApp, 'app' | 'time' | 'database'>,
  role: OperatorRole,
  options: { readOnly?: boolean } = {},
): Promise<OperatorCaller> {
  const created = await createOperator(suite.database.current.db, suite.time.clock, { role, ...options });
  return signInOperator(suite.app, suite.time, created.username);
}

type AdminRequestOptions = NonNullable<Parameters<typeof adminRequest>[3]>;

export interface BackOfficeSuite<Name extends string> {
  /** The suite's database, clock and app (`useTestApp`). */
  readonly suite: TestApp;
  /**
   * The suite's operators by the names it gave them, signed in before its tests (inside a test or hook);
   * a test may put another in a name's place (signed in again after its session idled out).
   */
  readonly operators: Record<Name, OperatorCaller>;
  /** A back-office call of the suite's app with the operator's session cookie (or none). */
  request(
    entry: Pick<ApiEntry, 'method' | 'path'>,
    operator: Pick<OperatorCaller, 'ip' | 'cookie'> | undefined,
    options?: AdminRequestOptions,
  ): Promise<LightMyRequestResponse>;
  /** The value of a back-office call that answers 200, parsed and typed by its entry's response schema. */
  value<S extends z.ZodType>(
    entry: Pick<ApiEntry, 'method' | 'path'> & { readonly response: S },
    operator: Pick<OperatorCaller, 'ip' | 'cookie'>,
    options?: AdminRequestOptions,
  ): Promise<z.infer<S>>;
  /** The audit log entries of one target (`targetType` and `targetId`), as the operator reads them. */
  auditTrail(operator: OperatorCaller, targetType: string, targetId: string | number): Promise<AuditEntry[]>;
}

/**
 * A back-office suite: the test app (`useTestApp` with `options`) and one signed-in operator per entry of
 * `roles` (name: role), made in the order given, after the app is built and before the tests.
 */
export function useBackOfficeSuite<Name extends string>(
  kind: DatabaseKind,
  roles: Readonly<Record<Name, OperatorRole>>,
  options?: Parameters<typeof useTestApp>[1],
): BackOfficeSuite<Name> {
  const suite = useTestApp(kind, options);
  const operators = {} as Record<Name, OperatorCaller>;
  beforeAll(async () => {
    for (const [name, role] of Object.entries(roles) as [Name, OperatorRole][]) {
      operators[name] = await newOperator(suite, role);
    }
  });
  const request: BackOfficeSuite<Name>['request'] = (entry, operator, requestOptions) =>
    adminRequest(suite.app, entry, operator, requestOptions);
  const value: BackOfficeSuite<Name>['value'] = async (entry, operator, requestOptions) =>
    answerValue(entry, await request(entry, operator, requestOptions));
  return {
    suite,
    operators,
    request,
    value,
    async auditTrail(operator, targetType, targetId) {
      const target = String(targetId);
      const page = await value(adminCalls.adminAudit, operator, { query: { target, pageSize: '100' } });
      return page.list.filter((entry) => entry.targetType === targetType && entry.targetId === target);
    },
  };
}
