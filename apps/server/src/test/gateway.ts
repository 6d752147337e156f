import { buildSandboxesApp } from '@kl/sandboxes/app';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../platform/clock.ts';

/**
 * The sandbox payment gateway (apps/sandboxes) in a test, reaching the site under test through its
 * `inject` instead of a port: the member's browser opens the order's payment link and presses "Pay" or
 * "Decline" (docs/decisions/036-sandboxes-process.md).
 */

/** A fetch that hands each request to `site.inject`. */
export function injectingFetch(site: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const answer = await site.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      ...(typeof init?.body === 'string' && { payload: init.body }),
    });
    return new Response(answer.body, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };
}

export interface GatewayVisit {
  /** The payment page's status (200 when it offers to pay). */
  pageStatus: number;
  /** The status of pressing the button: 303 back to the site once the callback answered. */
  status: number;
  /** Where the browser is sent (the order page on the site). */
  location: string | undefined;
  body: string;
}

/** Opens `payUrl` at the sandbox gateway and presses "Pay" (or "Decline" with `failed`). */
export async function payAtGateway(
  site: FastifyInstance,
  payUrl: string,
  options: { secret: string; clock: Clock; outcome?: 'paid' | 'failed' },
): Promise<GatewayVisit> {
  const gateway = await buildSandboxesApp({
    provider: false,
    config: { siteUrl: 'http://site.test', paymentCallbackSecret: options.secret, logLevel: 'silent' },
    clock: options.clock,
    fetch: injectingFetch(site),
    logger: false,
  });
  try {
    const url = new URL(payUrl);
    const page = await gateway.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    const form = new URLSearchParams(url.search);
    form.set('outcome', options.outcome ?? 'paid');
    const pressed = await gateway.inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    const location = pressed.headers.location;
    return {
      pageStatus: page.statusCode,
      status: pressed.statusCode,
      location: typeof location === 'string' ? location : undefined,
      body: pressed.body,
    };
  } finally {
    await gateway.close();
  }
}
