import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequest, APIRequestContext } from '@playwright/test';
import type { AdminSiteStatus } from '@kl/contracts/admin/site-status';
import { adminCalls } from '@kl/contracts/admin/calls';
import type { SystemStatus } from '@kl/contracts/status';
import { totpCode, totpStep } from '../../server/src/platform/totp.ts';
import { operatorSecretsOf } from './constants.ts';
import { BASE_URL, expect, getSystemStatus } from './fixtures.ts';

/**
 * The back office as an operator calls it (the request context's session cookie), for the journeys that
 * need an operator's step without being about the back office: a contract offer proposed by one operator
 * and approved by another (docs/agents.md, "Offers under four eyes"), the site switched into maintenance.
 * Every operator step is a named operator's session: no page or call takes a shared token
 * (docs/decisions/048-operator-sessions-only.md).
 */

/** One back-office call; `params` fills the `:name` segments of its path. Expects 200, answers the value. */
export async function adminApi<T>(
  request: APIRequestContext,
  name: keyof typeof adminCalls,
  options: { params?: Record<string, string>; data?: unknown } = {},
): Promise<T> {
  const { method } = adminCalls[name];
  const path = adminCalls[name].path.replace(/:(\w+)/g, (_, key: string) => options.params?.[key] ?? '');
  const response = await request.fetch(`${BASE_URL}${path}`, {
    method,
    headers: { 'x-module-id': 'ADMIN' },
    ...(options.data === undefined ? {} : { data: options.data }),
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { value: T }).value;
}

type Operator = { username: string; password: string };

/** The enrolled secret of an operator and the last 30-second step it signed in with, kept for the run. */
interface Enrolled {
  secret: string;
  lastStep: number;
}

const enrolledFile = (username: string) =>
  join(operatorSecretsOf(process.env.E2E_DATA_DIR ?? ''), `${username}.json`);

/**
 * A request context signed in as an operator made by `npm run operator:create` (playwright.config.ts):
 * at its first sign-in two-factor is enrolled with the secret offered, which is kept for the run; a later
 * sign-in (a worker started again) uses it. A code is used once: the sign-in uses the current step, or the
 * next one when the current one signed in already (the server accepts one step of drift). Dispose it after
 * use.
 */
export async function operatorSession(
  playwright: { request: APIRequest },
  who: Operator,
  options: { firstSignIn?: boolean } = {},
): Promise<APIRequestContext> {
  const request = await playwright.request.newContext();
  const credentials = { username: who.username, password: who.password };
  const first = await adminApi<{ step: string; secret?: string }>(request, 'adminLogin', {
    data: credentials,
  });
  if (options.firstSignIn) {
    expect(first.step, `${who.username} enrols two-factor at the first sign-in`).toBe('enrol');
  }
  const enrolled: Enrolled =
    first.step === 'enrol'
      ? { secret: first.secret ?? '', lastStep: -1 }
      : (JSON.parse(readFileSync(enrolledFile(who.username), 'utf8')) as Enrolled);
  const now = totpStep(new Date());
  const step = Math.max(now, enrolled.lastStep + 1);
  expect(step, `${who.username} signed in twice in this step already`).toBeLessThanOrEqual(now + 1);
  const done = await adminApi<{ step: string }>(request, 'adminLogin', {
    data: { ...credentials, code: totpCode(enrolled.secret, step) },
  });
  expect(done.step).toBe('signed-in');
  mkdirSync(operatorSecretsOf(process.env.E2E_DATA_DIR ?? ''), { recursive: true });
  writeFileSync(enrolledFile(who.username), JSON.stringify({ ...enrolled, lastStep: step }));
  return request;
}

/** As `operatorSession`, at the operator's first sign-in (two-factor enrolled then). */
export const firstOperatorSession = (playwright: { request: APIRequest }, who: Operator) =>
  operatorSession(playwright, who, { firstSignIn: true });

/** The operators this worker signed in, by username: one session each for all its tests. */
const workerSessions = new Map<string, Promise<APIRequestContext>>();

/** The worker's session of an operator: signed in at the first ask, kept open for the worker's later tests. */
export function workerOperatorSession(
  playwright: { request: APIRequest },
  who: Operator,
): Promise<APIRequestContext> {
  let session = workerSessions.get(who.username);
  if (!session) {
    session = operatorSession(playwright, who);
    workerSessions.set(who.username, session);
    // A sign-in that failed is asked again by the next test rather than failing every one after it.
    session.catch(() => workerSessions.delete(who.username));
  }
  return session;
}

/**
 * Changes the merchant's switches as an operator does in the back office (Site status): the fields given
 * over those in force; an end of maintenance only while in maintenance, the restriction on while countries
 * are listed (docs/back-office.md, "Site status"). Answers the status the site now gives this machine.
 */
export async function setSystemStatus(
  operator: APIRequestContext,
  update: { maintenance?: boolean; maintenanceUntil?: string | null; allowedCountries?: string[] },
): Promise<SystemStatus> {
  const current = await adminApi<AdminSiteStatus>(operator, 'adminSiteStatus');
  const maintenance = update.maintenance ?? current.maintenance;
  const allowedCountries = update.allowedCountries ?? current.allowedCountries;
  const maintenanceUntil = maintenance
    ? update.maintenanceUntil === undefined
      ? current.maintenanceUntil
      : update.maintenanceUntil
    : null;
  await adminApi(operator, 'adminSetSiteStatus', {
    data: { maintenance, maintenanceUntil, regionRestriction: allowedCountries.length > 0, allowedCountries },
  });
  return getSystemStatus(operator);
}
