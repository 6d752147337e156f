import type { APIRequest, APIRequestContext } from '@playwright/test';
import { adminCalls } from '@kl/contracts/admin/calls';
import { totpCode, totpStep } from '../../server/src/modules/back-office/totp.ts';
import { BASE_URL, expect } from './fixtures.ts';

/**
 * The back office as an operator calls it (the request context's session cookie), for the journeys that
 * need an operator's step without being about the back office: a contract offer proposed by one operator
 * and approved by another (docs/agents.md, "Offers under four eyes").
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

/**
 * A request context signed in as an operator made by `npm run operator:create` (playwright.config.ts), at
 * its first sign-in: two-factor enrolled with the secret offered, then its code. Dispose it after use.
 */
export async function firstOperatorSession(
  playwright: { request: APIRequest },
  who: { username: string; password: string },
): Promise<APIRequestContext> {
  const request = await playwright.request.newContext();
  const credentials = { username: who.username, password: who.password };
  const first = await adminApi<{ step: string; secret?: string }>(request, 'adminLogin', {
    data: credentials,
  });
  expect(first.step, `${who.username} enrols two-factor at the first sign-in`).toBe('enrol');
  const done = await adminApi<{ step: string }>(request, 'adminLogin', {
    data: { ...credentials, code: totpCode(first.secret ?? '', totpStep(new Date())) },
  });
  expect(done.step).toBe('signed-in');
  return request;
}
