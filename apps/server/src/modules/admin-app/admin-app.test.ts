import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import * as zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { useTestDatabase } from '../../test/databases.ts';
import { ADMIN_APP_NOT_BUILT, IMMUTABLE_CACHE, REVALIDATE_CACHE } from './routes.ts';

const INDEX_HTML =
  '<!doctype html><html lang="vi"><head><script type="module" src="/admin/assets/main-d4e5f6.js"></script>' +
  '</head><body><div id="root"></div></body></html>';
const MAIN_JS = `console.log(${JSON.stringify('y'.repeat(4000))});\n`;

/** A build like the back office's (index.html and a hashed script), each file with .br and .gz beside it. */
async function fakeBuild(): Promise<string> {
  const dist = await mkdtemp(join(tmpdir(), 'kl-admin-dist-'));
  const files = { 'index.html': INDEX_HTML, 'assets/main-d4e5f6.js': MAIN_JS };
  for (const [name, text] of Object.entries(files)) {
    const path = join(dist, name);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text);
    await writeFile(`${path}.br`, zlib.brotliCompressSync(text));
    await writeFile(`${path}.gz`, zlib.gzipSync(text));
  }
  return dist;
}

// The back office's files do not read the database; the app needs one to start.
const database = useTestDatabase('pglite');

describe('back office under /admin', () => {
  let dist: string;
  let app: FastifyInstance;
  const get = (url: string, encoding = 'identity') =>
    app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });

  beforeAll(async () => {
    dist = await fakeBuild();
    app = await buildTestApp(database.current, { config: { adminDist: dist } });
  });
  afterAll(async () => {
    await app.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves a hashed asset precompressed (brotli, else gzip), cached for good', async () => {
    const br = await get('/admin/assets/main-d4e5f6.js', 'gzip, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', 'cache-control': IMMUTABLE_CACHE });
    expect(br.headers['content-type']).toContain('javascript');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(MAIN_JS);

    const gzip = await get('/admin/assets/main-d4e5f6.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(MAIN_JS);
  });

  it('answers index.html for every screen, revalidated, under the site policy (data: images allowed)', async () => {
    for (const url of [
      '/admin/',
      '/admin/index.html',
      '/admin/login',
      '/admin/members/abc',
      '/admin/audit?x=1',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['cache-control'], url).toBe(REVALIDATE_CACHE);
      expect(response.body, url).toBe(INDEX_HTML);
      const policy = String(response.headers['content-security-policy']);
      expect(policy, url).toContain("style-src 'self' 'unsafe-inline'");
      expect(policy, url).toContain("img-src 'self' data:");
    }
    const compressed = await get('/admin/withdrawals', 'br');
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe(INDEX_HTML);
  });

  it('redirects /admin to /admin/, keeping the query', async () => {
    const bare = await get('/admin');
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/admin/');
    expect((await get('/admin?lang=en')).headers.location).toBe('/admin/?lang=en');
  });

  it('answers 404 for a missing asset and for other methods, rather than the app', async () => {
    const missing = await get('/admin/assets/gone-000000.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await app.inject({ method: 'POST', url: '/admin/members' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'HEAD', url: '/admin/members' })).statusCode).toBe(200);
  });

  it('leaves other paths and the back-office calls alone', async () => {
    expect((await get('/administration')).statusCode).toBe(404);
    const session = await get('/api/admin/session');
    expect(session.statusCode).toBe(401);
    expect(session.headers['content-type']).toContain('application/json');
  });
});

describe('back office not built', () => {
  it('answers 503 with a hint under /admin/ when ADMIN_DIST has no index.html, or is missing', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'kl-admin-empty-'));
    try {
      for (const adminDist of [empty, join(empty, 'missing')]) {
        const app = await buildTestApp(database.current, { config: { adminDist } });
        try {
          for (const url of ['/admin/', '/admin/members']) {
            const response = await app.inject({ url });
            expect(response.statusCode, url).toBe(503);
            expect(response.headers['content-type'], url).toContain('text/plain');
            expect(response.body, url).toBe(ADMIN_APP_NOT_BUILT);
          }
          expect((await app.inject({ url: '/admin' })).statusCode).toBe(302);
        } finally {
          await app.close();
        }
      }
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
