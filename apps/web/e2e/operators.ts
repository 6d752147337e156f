import type { APIRequestContext } from '@playwright/test';
import { adminCalls } from '@kl/contracts/admin/calls';
import type { AdminLoginResult } from '@kl/contracts/admin/auth';
import { totpCode, totpStep } from '../../server/src/modules/back-office/totp.ts';
import { BASE_URL, expect } from './fixtures.ts';

/**
 * A back-office operator made with `npm run operator:create` before the server started (playwright.config.ts),
 * signed in through the back office's calls as its sign-in screen does: the password, whose first answer
 * enrols two-factor (the secret it shows), then a code of that secret. The session cookie stays in
 * `request`'s context (it is sent to /api/admin only).
 */
export async function signInOperatorThroughApi(
  request: APIRequestContext,
  who: { username: string; password: string },
): Promise<void> {
  const post = (body: object) =>
    request.post(`${BASE_URL}${adminCalls.adminLogin.path}`, { data: { ...who, ...body } });
  const first = await post({});
  expect(first.status()).toBe(200);
  const answer = ((await first.json()) as { value: AdminLoginResult }).value;
  if (answer.step !== 'enrol') throw new Error(`${who.username}: expected enrolment, got ${answer.step}`);
  const signedIn = await post({ code: totpCode(answer.secret, totpStep(new Date())) });
  expect(signedIn.status()).toBe(200);
  expect(((await signedIn.json()) as { value: AdminLoginResult }).value.step).toBe('signed-in');
}
