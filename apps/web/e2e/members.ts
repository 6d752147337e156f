import type { APIRequestContext, Page } from '@playwright/test';
import { SESSION_STORAGE_KEY } from '@kl/contracts/constants';
import { BASE_URL, expect, type Navigate, t } from './fixtures.ts';

const unique = () => `${Date.now() % 1e9}${Math.floor(Math.random() * 90 + 10)}`;

export const MEMBER_PASSWORD = 'abc12345';

/** The answer of a captcha, from the development outbox. */
export async function captchaAnswer(request: APIRequestContext, captchaId: string): Promise<string> {
  const outbox = await request.get(`${BASE_URL}/api/dev/outbox?kind=captcha`);
  const entries = ((await outbox.json()) as { value: { to: string; code: string }[] }).value;
  const code = entries.find((entry) => entry.to === captchaId)?.code;
  expect(code, `the answer of captcha ${captchaId} in the outbox`).toBeTruthy();
  return code ?? '';
}

/** Optional registration fields a journey needs (the payee name for bank accounts and withdrawals). */
export interface NewMemberProfile {
  payeeName?: string;
}

/**
 * Registers a new member through the API (the captcha answer read from the development outbox) and
 * answers the session value the server gave. `prefix` starts the username (2 letters); `profile` adds
 * optional registration fields.
 */
export async function registerMember(
  request: APIRequestContext,
  prefix = 'pl',
  profile: NewMemberProfile = {},
): Promise<unknown> {
  const captcha = await request.get(`${BASE_URL}/api/captcha`);
  const { captchaId } = ((await captcha.json()) as { value: { captchaId: string } }).value;
  const code = await captchaAnswer(request, captchaId);
  const response = await request.put(`${BASE_URL}/api/register`, {
    headers: { 'x-module-id': 'REGISTER_REE3' },
    data: {
      registerMethod: 'H5',
      username: `${prefix}${unique()}`.slice(0, 15),
      password: MEMBER_PASSWORD,
      confirmPassword: MEMBER_PASSWORD,
      captcha: code,
      captchaId,
      ...profile,
    },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { value: unknown }).value;
}

/**
 * Registers a member whose session the page holds: page.request shares the browser's cookies, so the
 * session cookie of the registration is the page's, and the stored session is set before any page loads.
 */
export async function asNewMember(page: Page, prefix?: string, profile?: NewMemberProfile): Promise<unknown> {
  const session = await registerMember(page.request, prefix, profile);
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    SESSION_STORAGE_KEY,
    JSON.stringify(session),
  ] as const);
  return session;
}

/** Starts a free trial from /m/trail: the page then holds a trial member's session, at /m/home. */
export async function asTrialMember(page: Page, navigate: Navigate): Promise<void> {
  await navigate('/m/trail', { scan: false });
  await page.getByRole('button', { name: t('en', 'auth.trial') }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/m/home');
}

/** Follows the captchas the page fetches; answers a reader of the latest one's id (null before any). */
export function followCaptchas(page: Page): () => string | null {
  let latest: string | null = null;
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname !== '/api/captcha' || !response.ok()) return;
    const body = (await response.json().catch(() => null)) as { value?: { captchaId?: string } } | null;
    if (body?.value?.captchaId) latest = body.value.captchaId;
  });
  return () => latest;
}
