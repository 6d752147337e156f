import { ERROR_MESSAGES } from '@kl/contracts';
import { API } from '@kl/contracts/api-paths';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs, json } from '../test/app.ts';
import { fastifyTrustProxy } from './client-address.ts';
import { loadConfig } from './config.ts';
import { errorHandlingPlugin } from './error-handling.ts';
import { CROSS_SITE_EXEMPT_CALLS, refusesCrossSite, sameOriginPlugin } from './same-origin.ts';

const HOST = 'kimlong.test:8080';
const OWN = `http://${HOST}`;
const STATE_CHANGING = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * An API context as app.ts builds it: the one hook, then routes whose own onRequest hook (a guard, the
 * rate limit) and handler count what reached them.
 */
async function apiWith(trustProxy: string, logger?: ReturnType<typeof captureLogs>['logger']) {
  const reached = { hook: 0, handler: 0 };
  const app = Fastify({
    trustProxy: fastifyTrustProxy(loadConfig({ TRUST_PROXY: trustProxy }).trustProxy),
    ...(logger && { logger }),
  });
  await app.register(errorHandlingPlugin);
  await app.register(async (api) => {
    await api.register(sameOriginPlugin);
    const onRequest = (_request: unknown, _reply: unknown, done: () => void) => {
      reached.hook += 1;
      done();
    };
    const handler = () => {
      reached.handler += 1;
      return { success: true, value: null };
    };
    api.route({ method: ['GET', ...STATE_CHANGING], url: '/api/thing', onRequest, handler });
    api.post(API.depositCallback.path, { onRequest }, handler);
  });
  await app.ready();
  return { app, reached };
}

describe('cross-site requests refused (one hook for the API)', () => {
  const logs = captureLogs('warn');
  let direct: Awaited<ReturnType<typeof apiWith>>;
  let behindProxy: Awaited<ReturnType<typeof apiWith>>;
  let listedProxy: Awaited<ReturnType<typeof apiWith>>;
  beforeAll(async () => {
    direct = await apiWith('0', logs.logger);
    behindProxy = await apiWith('1');
    listedProxy = await apiWith('10.0.0.0/8');
  });
  afterAll(() => Promise.all([direct, behindProxy, listedProxy].map(({ app }) => app.close())));

  const send = (
    method: string,
    headers: Record<string, string>,
    options: { api?: Awaited<ReturnType<typeof apiWith>>; url?: string; peer?: string } = {},
  ) =>
    (options.api ?? direct).app.inject({
      method: method as 'POST',
      url: options.url ?? '/api/thing',
      remoteAddress: options.peer ?? '127.0.0.1',
      headers: { host: HOST, 'content-type': 'application/json', ...headers },
      ...(method !== 'GET' && { payload: '{}' }),
    });

  /** Sends the request and answers whether it passed the hook; a refusal reaches nothing behind it. */
  async function passes(
    method: string,
    headers: Record<string, string>,
    options: Parameters<typeof send>[2] = {},
  ): Promise<boolean> {
    const { reached } = options.api ?? direct;
    const before = { ...reached };
    const response = await send(method, headers, options);
    if (response.statusCode === 200) return true;
    expect(response.statusCode).toBe(403);
    expect(json(response)).toMatchObject({ success: false, code: 'CROSS_SITE_REQUEST' });
    expect(reached).toEqual(before);
    return false;
  }

  it('refuses every state-changing method sent from another site, by Sec-Fetch-Site, before any hook of the route', async () => {
    for (const method of STATE_CHANGING) {
      expect(await passes(method, { 'sec-fetch-site': 'cross-site' }), method).toBe(false);
      // Another origin of the same site (a sub-domain) is not the site's own origin either.
      expect(await passes(method, { 'sec-fetch-site': 'same-site' }), method).toBe(false);
      expect(await passes(method, { 'sec-fetch-site': 'same-origin' }), method).toBe(true);
      // The user's own navigation (a bookmark, the address bar).
      expect(await passes(method, { 'sec-fetch-site': 'none' }), method).toBe(true);
    }
  });

  it('answers the refusal in the caller’s language', async () => {
    const english = await send('POST', { 'sec-fetch-site': 'cross-site', 'accept-language': 'en' });
    expect(json(english)).toEqual({
      success: false,
      code: 'CROSS_SITE_REQUEST',
      message: ERROR_MESSAGES.en.CROSS_SITE_REQUEST,
    });
    const vietnamese = await send('POST', { 'sec-fetch-site': 'cross-site' });
    expect(json(vietnamese)).toMatchObject({ message: ERROR_MESSAGES.vi.CROSS_SITE_REQUEST });
  });

  it('goes by Sec-Fetch-Site when a browser sends it, whatever Origin says', async () => {
    expect(await passes('POST', { 'sec-fetch-site': 'cross-site', origin: OWN })).toBe(false);
    expect(await passes('POST', { 'sec-fetch-site': 'same-origin', origin: 'https://elsewhere.test' })).toBe(
      true,
    );
  });

  it('without Sec-Fetch-Site, takes only the site’s own Origin', async () => {
    expect(await passes('POST', { origin: OWN })).toBe(true);
    expect(await passes('DELETE', { origin: 'http://KIMLONG.test:8080' })).toBe(true);
    for (const origin of [
      'https://elsewhere.test',
      'http://kimlong.test',
      'http://kimlong.test:8081',
      'https://kimlong.test:8080',
      'http://www.kimlong.test:8080',
      'null',
      '',
    ]) {
      expect(await passes('PUT', { origin }), origin).toBe(false);
    }
  });

  it('lets a request with neither header through: not a browser (a script, a server)', async () => {
    for (const method of STATE_CHANGING) expect(await passes(method, {}), method).toBe(true);
  });

  it('leaves GET alone', async () => {
    expect(await passes('GET', { 'sec-fetch-site': 'cross-site', origin: 'https://elsewhere.test' })).toBe(
      true,
    );
  });

  it('knows the site’s origin as the trusted proxy reached it (TRUST_PROXY), and not from anyone else', async () => {
    // nginx terminating TLS for www.kimlong.test: Host kept, X-Forwarded-Proto https.
    const proxied = {
      host: 'www.kimlong.test',
      'x-forwarded-proto': 'https',
      origin: 'https://www.kimlong.test',
    };
    expect(await passes('POST', proxied, { api: behindProxy })).toBe(true);
    expect(
      await passes('POST', { ...proxied, origin: 'http://www.kimlong.test' }, { api: behindProxy }),
    ).toBe(false);
    // The proxy's X-Forwarded-Host names the host when the proxy rewrites Host.
    const rewritten = { ...proxied, host: '127.0.0.1:8080', 'x-forwarded-host': 'www.kimlong.test' };
    expect(await passes('POST', rewritten, { api: behindProxy })).toBe(true);
    // TRUST_PROXY off: the server is reached over http, so an https Origin is not its own.
    expect(await passes('POST', proxied)).toBe(false);
    // A listed proxy is believed; any other peer is not.
    expect(await passes('POST', proxied, { api: listedProxy, peer: '10.0.0.2' })).toBe(true);
    expect(await passes('POST', proxied, { api: listedProxy, peer: '198.51.100.4' })).toBe(false);
  });

  it('lets the development server’s proxy through (Vite on :5173 keeps the browser’s Host)', async () => {
    const vite = { host: 'localhost:5173', origin: 'http://localhost:5173' };
    expect(await passes('POST', vite)).toBe(true);
    expect(await passes('POST', { ...vite, 'sec-fetch-site': 'same-origin' })).toBe(true);
  });

  it('lets the exempt server-to-server calls through whatever headers they carry', async () => {
    const url = API.depositCallback.path;
    expect(await passes('POST', { 'sec-fetch-site': 'cross-site' }, { url })).toBe(true);
    expect(await passes('POST', { origin: 'https://gateway.test' }, { url })).toBe(true);
    expect(refusesCrossSite(API.depositCallback)).toBe(false);
    expect(refusesCrossSite(API.createDepositOrder)).toBe(true);
    expect(refusesCrossSite(API.wallet)).toBe(false);
  });

  it('exempts only state-changing calls, each with its reason', () => {
    for (const [call, reason] of Object.entries(CROSS_SITE_EXEMPT_CALLS)) {
      expect(API[call as keyof typeof API].method, call).not.toBe('GET');
      expect(reason, call).toMatch(/sign/);
    }
  });

  it('logs a refusal at warn with the route and the two headers, never a cookie or the query', async () => {
    logs.lines.length = 0;
    await send(
      'DELETE',
      { 'sec-fetch-site': 'cross-site', origin: 'https://elsewhere.test', cookie: 'kl_op=op-secret' },
      {
        url: '/api/thing?token=query-secret',
      },
    );
    const refusal = logs.lines.find((line) => line.msg === 'cross-site request refused');
    expect(refusal).toMatchObject({
      level: 40,
      method: 'DELETE',
      route: '/api/thing',
      secFetchSite: 'cross-site',
      origin: 'https://elsewhere.test',
    });
    expect(JSON.stringify(logs.lines)).not.toMatch(/op-secret|query-secret/);
  });
});
