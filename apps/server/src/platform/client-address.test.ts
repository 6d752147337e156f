import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { fastifyTrustProxy, trustProxyWarning } from './client-address.ts';
import { loadConfig } from './config.ts';

/** An app built with TRUST_PROXY as the server reads it, answering what it sees of the caller. */
async function appWith(trustProxy: string): Promise<FastifyInstance> {
  const app = Fastify({ trustProxy: fastifyTrustProxy(loadConfig({ TRUST_PROXY: trustProxy }).trustProxy) });
  app.get('/seen', (request) => ({ ip: request.ip, protocol: request.protocol, host: request.host }));
  await app.ready();
  return app;
}

const apps: FastifyInstance[] = [];
afterAll(() => Promise.all(apps.map((app) => app.close())));

/** What the app of `trustProxy` sees of a request from `peer` with these headers. */
async function seen(trustProxy: string, peer: string, headers: Record<string, string> = {}) {
  const app = await appWith(trustProxy);
  apps.push(app);
  const response = await app.inject({
    url: '/seen',
    remoteAddress: peer,
    headers: { host: 'kimlong.test:8080', ...headers },
  });
  return response.json<{ ip: string; protocol: string; host: string }>();
}

/** What a client writes itself, in front of what the proxies append. */
const MADE_UP = '8.8.8.8';
const CLIENT = '203.0.113.7';
const FORWARDED = {
  'x-forwarded-for': `${MADE_UP}, ${CLIENT}`,
  'x-forwarded-proto': 'https',
  'x-forwarded-host': 'www.kimlong.test',
};

describe('the client address behind proxies (TRUST_PROXY)', () => {
  it('off: the socket’s peer, and X-Forwarded-* is ignored', async () => {
    expect(await seen('0', '127.0.0.1', FORWARDED)).toEqual({
      ip: '127.0.0.1',
      protocol: 'http',
      host: 'kimlong.test:8080',
    });
  });

  it('one hop: the address the proxy appended, never the one the client wrote in front', async () => {
    expect(await seen('1', '127.0.0.1', FORWARDED)).toEqual({
      ip: CLIENT,
      protocol: 'https',
      host: 'www.kimlong.test',
    });
    // A client that writes a list of its own: still the proxy's entry, the right-most.
    expect((await seen('1', '127.0.0.1', { 'x-forwarded-for': `${MADE_UP}, 1.1.1.1, ${CLIENT}` })).ip).toBe(
      CLIENT,
    );
    // No header (a health check of the proxy's machine): the peer.
    expect((await seen('1', '127.0.0.1')).ip).toBe('127.0.0.1');
  });

  it('two hops: the entry two hops from the right', async () => {
    const headers = { 'x-forwarded-for': `${MADE_UP}, ${CLIENT}, 10.0.0.1` };
    expect((await seen('2', '10.0.0.2', headers)).ip).toBe(CLIENT);
    expect((await seen('1', '10.0.0.2', headers)).ip).toBe('10.0.0.1');
  });

  it('a list: X-Forwarded-* only from the listed proxies, read up to the first address not one of them', async () => {
    const proxies = '127.0.0.1,10.0.0.0/8,::1';
    expect(await seen(proxies, '10.9.8.7', FORWARDED)).toEqual({
      ip: CLIENT,
      protocol: 'https',
      host: 'www.kimlong.test',
    });
    // Through two of the proxies.
    const chained = { 'x-forwarded-for': `${MADE_UP}, ${CLIENT}, 10.0.0.5` };
    expect((await seen(proxies, '10.9.8.7', chained)).ip).toBe(CLIENT);
    // A dual-stack socket reports the IPv4 proxy as an IPv4-mapped IPv6 address.
    expect((await seen(proxies, '::ffff:10.0.0.9', FORWARDED)).ip).toBe(CLIENT);
    expect((await seen(proxies, '::1', FORWARDED)).ip).toBe(CLIENT);
    // A peer that is not a listed proxy: its X-Forwarded-* headers are its own words, ignored.
    expect(await seen(proxies, '198.51.100.4', FORWARDED)).toEqual({
      ip: '198.51.100.4',
      protocol: 'http',
      host: 'kimlong.test:8080',
    });
  });

  it('warns at start when hops are counted on a server reachable beyond the loopback', () => {
    expect(trustProxyWarning({ trustProxy: 1, host: '0.0.0.0' })).toMatch(
      /^TRUST_PROXY counts proxy hops while HOST is 0\.0\.0\.0/,
    );
    expect(trustProxyWarning({ trustProxy: 1, host: '127.0.0.1' })).toBeUndefined();
    expect(trustProxyWarning({ trustProxy: ['10.0.0.1'], host: '0.0.0.0' })).toBeUndefined();
    expect(trustProxyWarning({ trustProxy: false, host: '0.0.0.0' })).toBeUndefined();
  });

  it('is the only way the server reads forwarded headers: no code reads them itself', async () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    // The server's code, not the tests and their kits (`testing.ts`), which send such headers.
    const files = (await readdir(root, { recursive: true })).filter(
      (file) =>
        file.endsWith('.ts') &&
        !file.endsWith('.test.ts') &&
        !file.endsWith('/testing.ts') &&
        !file.startsWith('test/'),
    );
    const readers: string[] = [];
    for (const file of files) {
      const text = await readFile(join(root, file), 'utf8');
      if (/['"`](x-forwarded-[a-z]+|forwarded|x-real-ip)['"`]/i.test(text)) readers.push(file);
    }
    expect(files.length).toBeGreaterThan(100);
    expect(readers).toEqual([]);
  });
});
