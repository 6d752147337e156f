import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../platform/security.ts';
import { buildTestApp } from '../../test/app.ts';
import { useTestDatabase } from '../../test/databases.ts';
import { IMMUTABLE_CACHE, WEB_APP_NOT_BUILT } from './routes.ts';

const INDEX_HTML =
  '<!doctype html><html lang="vi"><head><script type="module" src="/m/assets/app-abc123.js"></script></head>' +
  '<body><div id="root"></div></body></html>';
const APP_JS = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
const SERVICE_WORKER = `self.addEventListener('fetch', () => {});${' '.repeat(2000)}\n`;
const MANIFEST = `${JSON.stringify({ name: 'Kim Long', start_url: '/m/home', display: 'standalone' })}\n`;
// The 8-byte PNG signature and some bytes: the server does not look inside.
const ICON_PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64),
]);

/**
 * A tiny build like the web app's: index.html, a hashed asset, the service worker and the manifest,
 * each with .br and .gz beside it, and an icon.
 */
function writeFakeDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'kl-web-dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'icons'));
  for (const [path, content] of [
    ['index.html', INDEX_HTML],
    ['assets/app-abc123.js', APP_JS],
    ['sw.js', SERVICE_WORKER],
    ['manifest.webmanifest', MANIFEST],
  ] as const) {
    writeFileSync(join(dist, path), content);
    writeFileSync(join(dist, `${path}.br`), brotliCompressSync(content));
    writeFileSync(join(dist, `${path}.gz`), gzipSync(content));
  }
  writeFileSync(join(dist, 'icons/icon-192.png'), ICON_PNG);
  return dist;
}

// One database for the file: the web app does not read it; the API compression check does.
const database = useTestDatabase('pglite');

describe('web app under /m', () => {
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = writeFakeDist();
    app = await buildTestApp(database.current, { config: { webDist: dist } });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves a hashed asset precompressed with brotli when accepted, cached for good', async () => {
    const response = await app.inject({
      url: '/m/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(response.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(APP_JS);
  });

  it('serves gzip to a client without brotli, and the plain file to one without either', async () => {
    const gzip = await app.inject({ url: '/m/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(APP_JS);
    const plain = await app.inject({
      url: '/m/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE_CACHE);
  });

  it.each(['/m', '/m/', '/m/index.html', '/m/home', '/m/member/home', '/m/lotto-h5/vn/trad/games/12'])(
    'answers index.html at %s, revalidated, under the site policy',
    async (url) => {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX_HTML);
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain("style-src 'self' 'unsafe-inline'");
      expect(policy).toContain("frame-ancestors 'self'");
      expect(policy).not.toContain('upgrade-insecure-requests');
      expect(response.headers['x-module-id']).toBeUndefined();
    },
  );

  it('sends the precompressed index.html on the fallback too', async () => {
    const response = await app.inject({ url: '/m/home', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX_HTML);
  });

  it('answers HEAD like GET without a body', async () => {
    for (const url of ['/m/home', '/m/assets/app-abc123.js']) {
      const response = await app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'identity' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe('');
    }
  });

  it('answers 404 for a missing build file rather than the app', async () => {
    const response = await app.inject({ url: '/m/assets/app-gone.js' });
    expect(response.statusCode).toBe(404);
    expect(JSON.parse(response.body)).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('serves the service worker as JavaScript, revalidated on every use (never cached for long)', async () => {
    const response = await app.inject({ url: '/m/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SERVICE_WORKER);
  });

  it('serves the web app manifest as application/manifest+json, revalidated on every use', async () => {
    const response = await app.inject({
      url: '/m/manifest.webmanifest',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/manifest+json');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(gunzipSync(response.rawPayload).toString())).toMatchObject({ display: 'standalone' });
  });

  it('serves the icons as image/png', async () => {
    const response = await app.inject({ url: '/m/icons/icon-192.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.rawPayload.equals(ICON_PNG)).toBe(true);
  });

  it('answers 404 for a missing icon rather than the app', async () => {
    expect((await app.inject({ url: '/m/icons/icon-1024.png' })).statusCode).toBe(404);
  });

  it('answers 404 to other methods under /m', async () => {
    expect((await app.inject({ method: 'POST', url: '/m/home' })).statusCode).toBe(404);
  });

  it('redirects / to /m/home, keeping the query', async () => {
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/m/home');
    expect((await app.inject({ url: '/?lang=en' })).headers.location).toBe('/m/home?lang=en');
  });

  it('compresses API answers on the fly', async () => {
    const response = await app.inject({ url: '/api/status', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString())).toMatchObject({ success: true });
  });

  it('uses the agreed Content Security Policy', () => {
    expect(Object.keys(CONTENT_SECURITY_POLICY)).not.toContain('upgrade-insecure-requests');
    expect(CONTENT_SECURITY_POLICY['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  });
});

describe('a build without a service worker or manifest', () => {
  it('answers 404 for them (with or without a query), not index.html', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'kl-web-plain-'));
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    const app = await buildTestApp(database.current, { config: { webDist: dist } });
    try {
      for (const url of ['/m/sw.js', '/m/sw.js?v=2', '/m/manifest.webmanifest']) {
        const response = await app.inject({ url });
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type'], url).not.toContain('text/html');
      }
      expect((await app.inject({ url: '/m/home' })).statusCode).toBe(200);
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('web app not built', () => {
  it('answers 503 with a hint under /m when WEB_DIST has no index.html', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'kl-web-empty-'));
    for (const webDist of [empty, join(empty, 'missing')]) {
      const app = await buildTestApp(database.current, { config: { webDist } });
      for (const url of ['/m', '/m/home']) {
        const response = await app.inject({ url });
        expect(response.statusCode, url).toBe(503);
        expect(response.headers['content-type']).toContain('text/plain');
        expect(response.body).toBe(WEB_APP_NOT_BUILT);
      }
      await app.close();
    }
    rmSync(empty, { recursive: true, force: true });
  });
});
