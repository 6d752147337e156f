import {
  GATEWAY_LINK_SIGNATURE,
  GATEWAY_LINK_TIMESTAMP,
  GATEWAY_SIGNATURE_HEADER,
  GATEWAY_TIMESTAMP_HEADER,
  type GatewayPaymentLink,
  gatewayPaymentMessage,
} from '@kl/contracts/deposit';
import { checkCallbackSignature, signPaymentLink } from '@kl/signing/gateway';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSandboxesApp } from '../app.ts';
import { loadSandboxesConfig } from '../config.ts';

const SECRET = 'gateway-test-secret-0123456789abcdef';
const NOW = new Date('2030-01-01T10:00:00Z');
const LINK: GatewayPaymentLink = {
  merchant: 'kimlong',
  orderId: '6f1c1f0e-6a55-4f3f-9d55-7d3b0f3f8a11',
  amount: '200000',
  currency: 'VND',
  reference: 'KLABCDEFGH',
  expiresAt: '2030-01-01T10:30:00.000Z',
  returnUrl: 'https://site.example/m/voucherCenter?orderId=6f1c1f0e-6a55-4f3f-9d55-7d3b0f3f8a11',
  lang: 'en',
};

const query = (link: GatewayPaymentLink, secret = SECRET) =>
  new URLSearchParams({
    ...link,
    [GATEWAY_LINK_TIMESTAMP]: '1893492000',
    [GATEWAY_LINK_SIGNATURE]: signPaymentLink(secret, '1893492000', gatewayPaymentMessage(link)),
  });

/** The site's callback as the gateway reaches it: what it received, and the answer it is told to give. */
function fakeSite(answer: { status: number; body: unknown } | 'down') {
  const received: { headers: Headers; body: string }[] = [];
  const fetchSite: typeof fetch = async (input, init) => {
    if (answer === 'down') throw new TypeError('fetch failed');
    received.push({ headers: new Headers(init?.headers), body: String(init?.body) });
    expect(String(input)).toBe('http://site.test/api/deposit/callback');
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  };
  return { received, fetchSite };
}

const apps: Awaited<ReturnType<typeof buildSandboxesApp>>[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function gateway(fetchSite?: typeof fetch, clock = () => NOW) {
  const app = await buildSandboxesApp({
    provider: false,
    config: { siteUrl: 'http://site.test', paymentCallbackSecret: SECRET, logLevel: 'silent' },
    clock,
    logger: false,
    ...(fetchSite && { fetch: fetchSite }),
  });
  apps.push(app);
  return app;
}

describe('the sandbox payment gateway', () => {
  it('shows the order of a signed link with "Pay" and "Decline", in the link’s language', async () => {
    const app = await gateway();
    const page = await app.inject({ url: `/gateway/pay?${query(LINK)}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('<dd>KLABCDEFGH</dd>');
    expect(page.body).toContain('<button type="submit" name="outcome" value="paid">Pay</button>');
    const vi = await app.inject({ url: `/gateway/pay?${query({ ...LINK, lang: 'vi' })}` });
    expect(vi.body).toContain('<button type="submit" name="outcome" value="paid">Thanh toán</button>');
  });

  it('refuses a link changed or signed with another key, and one past the order’s expiry', async () => {
    const app = await gateway();
    const changed = query(LINK);
    changed.set('amount', '2000');
    expect((await app.inject({ url: `/gateway/pay?${changed}` })).statusCode).toBe(400);
    expect((await app.inject({ url: `/gateway/pay?${query(LINK, `${SECRET}x`)}` })).statusCode).toBe(400);
    const late = await gateway(undefined, () => new Date('2030-01-01T10:30:00Z'));
    const expired = await late.inject({ url: `/gateway/pay?${query(LINK)}` });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('Back to the site');
  });

  it('reports the payment to the site with a signed callback and sends the browser back', async () => {
    const site = fakeSite({ status: 200, body: { success: true } });
    const app = await gateway(site.fetchSite);
    const form = query(LINK);
    form.set('outcome', 'paid');
    const pressed = await app.inject({
      method: 'POST',
      url: '/gateway/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(pressed.statusCode).toBe(303);
    expect(pressed.headers.location).toBe(LINK.returnUrl);
    const [callback] = site.received;
    expect(JSON.parse(callback?.body ?? '')).toMatchObject({
      orderId: LINK.orderId,
      status: 'paid',
      amount: 200_000,
      currency: 'VND',
    });
    expect(
      checkCallbackSignature({
        secret: SECRET,
        timestamp: callback?.headers.get(GATEWAY_TIMESTAMP_HEADER) ?? undefined,
        signature: callback?.headers.get(GATEWAY_SIGNATURE_HEADER) ?? undefined,
        rawBody: callback?.body ?? '',
        now: NOW,
      }),
    ).toEqual({ ok: true });
  });

  it('shows the site’s refusal, or that the site did not answer, with the way back', async () => {
    const form = query(LINK);
    form.set('outcome', 'failed');
    const press = async (fetchSite: typeof fetch) =>
      (await gateway(fetchSite)).inject({
        method: 'POST',
        url: '/gateway/pay',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form.toString(),
      });
    const refused = await press(
      fakeSite({ status: 409, body: { success: false, message: 'This order is closed' } }).fetchSite,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('This order is closed');
    expect(refused.body).toContain('Back to the site');
    const down = await press(fakeSite('down').fetchSite);
    expect(down.statusCode).toBe(502);
    expect(down.body).toContain('The site could not be reached');
  });
});

describe('the sandboxes configuration', () => {
  it('defaults to port 8090, the site on port 8080 and the development keys; never production', () => {
    expect(loadSandboxesConfig({}, '/srv')).toMatchObject({
      port: 8090,
      host: '127.0.0.1',
      siteUrl: 'http://127.0.0.1:8080',
      dataDir: '/srv/data-sandboxes',
    });
    expect(loadSandboxesConfig({ DATA_DIR: '/var/kl/', SANDBOXES_DATA_DIR: undefined }).dataDir).toBe(
      '/var/kl-sandboxes',
    );
    expect(loadSandboxesConfig({ SANDBOXES_DATA_DIR: 'sbx' }, '/srv').dataDir).toBe('/srv/sbx');
    expect(loadSandboxesConfig({ PORT: '9000', SANDBOXES_PORT: '9100' }).siteUrl).toBe(
      'http://127.0.0.1:9000',
    );
    expect(() => loadSandboxesConfig({ NODE_ENV: 'production' })).toThrow(/never run them in production/);
    expect(() => loadSandboxesConfig({ SANDBOXES_SITE_URL: 'ftp://site' })).toThrow(/SANDBOXES_SITE_URL/);
  });
});
