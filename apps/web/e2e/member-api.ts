import type { APIRequestContext, Page } from '@playwright/test';
import { API, type ApiCall } from '@kl/contracts/api-paths';
import { BASE_URL, expect, SANDBOXES_URL } from './fixtures.ts';

/**
 * The API as the signed-in member of a page calls it (the page's session cookie), for the steps of a
 * journey that are not what the journey is about: paying a deposit before a withdrawal, reading a balance.
 */

/** One call of the API table (of the site at `base`, the journeys' site unless said); expects 200 and answers the envelope's value. */
export async function memberCall<T>(
  request: APIRequestContext,
  name: ApiCall,
  options: { data?: unknown; query?: Record<string, string>; base?: string } = {},
): Promise<T> {
  const { method, path, moduleId } = API[name];
  const query = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
  const response = await request.fetch(`${options.base ?? BASE_URL}${path}${query}`, {
    method,
    headers: { 'x-module-id': moduleId },
    ...(options.data === undefined ? {} : { data: options.data }),
  });
  expect(response.status(), `${method} ${path}`).toBe(200);
  return ((await response.json()) as { value: T }).value;
}

/**
 * Credits the member's wallet as a paid deposit: an order, then "Pay" on the sandbox gateway's page its
 * link opens (the gateway calls the site's signed callback and sends the browser back to the order).
 * Answers the order's id. `base`: the site's address, the journeys' site unless said.
 */
export async function depositThroughSandbox(page: Page, amount: number, base = BASE_URL): Promise<string> {
  const channels = await memberCall<{ list: { code: string; minAmount: number; maxAmount: number }[] }>(
    page.request,
    'depositChannels',
    { base },
  );
  const channel = channels.list.find((item) => item.minAmount <= amount && amount <= item.maxAmount);
  expect(channel, 'a deposit channel that takes the amount').toBeTruthy();
  const order = await memberCall<{ orderId: string; payUrl: string | null }>(
    page.request,
    'createDepositOrder',
    { data: { channelCode: channel?.code, amount }, base },
  );
  expect(order.payUrl, 'the order links to the payment gateway').not.toBeNull();
  const link = new URL(order.payUrl ?? '');
  const pressed = await page.request.post(`${link.origin}${link.pathname}`, {
    form: { ...Object.fromEntries(link.searchParams), outcome: 'paid' },
    maxRedirects: 0,
  });
  expect(pressed.status(), await pressed.text()).toBe(303);
  expect(pressed.headers().location).toContain(`/m/voucherCenter?orderId=${order.orderId}`);
  const paid = await memberCall<{ status: string }>(page.request, 'depositOrder', {
    query: { orderId: order.orderId },
    base,
  });
  expect(paid.status).toBe('paid');
  return order.orderId;
}

/** The member's available balance (GET wallet sumBalance). */
export async function walletBalance(page: Page): Promise<number> {
  return (await memberCall<{ sumBalance: number }>(page.request, 'wallet')).sumBalance;
}

/** The member's turnover (GET wallet turnover): locked and withdrawable money, running requirements. */
export async function turnover(
  page: Page,
): Promise<{ locked: number; withdrawable: number; available: number }> {
  return memberCall(page.request, 'walletTurnover');
}

/**
 * Plays the in-house slot through the API (20 lines × `lineBet` a spin) until nothing is locked by turnover
 * any more, at most `maxSpins` spins. Small stakes: the balance outlives the play-through.
 */
export async function playSlotUntilUnlocked(
  page: Page,
  { lineBet = 500, maxSpins = 120 } = {},
): Promise<number> {
  let spins = 0;
  while ((await turnover(page)).locked > 0) {
    expect(spins, 'spins before the turnover is met').toBeLessThan(maxSpins);
    await memberCall(page.request, 'slotSpin', { data: { lineBet, requestKey: crypto.randomUUID() } });
    spins += 1;
  }
  return spins;
}

/**
 * The launch address of the sandbox provider's client for `game` (its page on this site, in English), back
 * to `lobby`, with a one-time token and the provider's API in the sandboxes process.
 */
export function expectProviderLaunch(url: string, game: string, lobby: string): void {
  const launch = new URL(url, BASE_URL);
  expect(launch.pathname).toBe(`/m/provider/${game}`);
  expect(Object.fromEntries(launch.searchParams)).toEqual({
    token: expect.stringMatching(/^[\w-]+$/),
    lang: 'en',
    lobby,
    api: SANDBOXES_URL,
  });
}
