import { readFileSync } from 'node:fs';
import { API } from '@kl/contracts/api-paths';
import { ERROR_MESSAGES } from '@kl/contracts/error-messages';
import { MODULE_ID_HEADER } from '@kl/contracts/modules';
import { health } from '@kl/contracts/platform';
import { systemStatus } from '@kl/contracts/status';
import { expect, test } from './fixtures.ts';

/** What a browser, a monitor or an API client gets from the one server process. */

const distAsset = (name: string) => new URL(`../dist/assets/${name}`, import.meta.url);

test.describe('the API', () => {
  test('answers its health check', async ({ request }) => {
    const response = await request.get(API.health.path);
    expect(response.status()).toBe(200);
    expect(response.headers()[MODULE_ID_HEADER]).toBe(API.health.moduleId);
    const body = await response.json();
    expect(body.success).toBe(true);
    const value = health.parse(body.value);
    expect(value.status).toBe('ok');
    expect(value.uptimeSeconds).toBeGreaterThanOrEqual(0);
    // On the run's PostgreSQL server when it has one, else the embedded database (support/site-database.ts).
    expect(value.database).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });

  test('answers the system status of the loopback caller', async ({ request }) => {
    const response = await request.get(API.status.path);
    expect(response.status()).toBe(200);
    expect(response.headers()[MODULE_ID_HEADER]).toBe(API.status.moduleId);
    const body = await response.json();
    expect(body.success).toBe(true);
    const value = systemStatus.parse(body.value);
    expect(value.status).toBe(0);
    expect(value.location.ip).toBe('127.0.0.1');
  });

  test('publishes its OpenAPI description', async ({ request }) => {
    const response = await request.get('/api/docs/json');
    expect(response.status()).toBe(200);
    const document = (await response.json()) as { openapi?: string; paths?: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths ?? {})).toEqual(
      expect.arrayContaining([API.status.path, API.health.path]),
    );
  });

  test('answers an unknown call with the NOT_FOUND envelope in the caller’s language', async ({
    request,
  }) => {
    for (const lang of ['en', 'vi'] as const) {
      const response = await request.get('/api/no-such-call', { headers: { 'accept-language': lang } });
      expect(response.status()).toBe(404);
      expect(response.headers()['content-type']).toContain('application/json');
      expect(await response.json()).toEqual({
        success: false,
        code: 'NOT_FOUND',
        message: ERROR_MESSAGES[lang].NOT_FOUND,
      });
    }
  });
});

test.describe('the web app as served', () => {
  test('index.html is never cached and carries a Content Security Policy', async ({ request }) => {
    const response = await request.get('/m/home');
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers['content-type']).toContain('text/html');
    expect(headers['cache-control']).toContain('no-cache');
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).toContain("default-src 'self'");
  });

  test('hashed scripts are sent precompressed and cached for a year', async ({ request }) => {
    const html = await (await request.get('/m/home')).text();
    const scripts = [...html.matchAll(/\/m\/assets\/[\w.-]+\.js/g)].map((match) => match[0]);
    expect(scripts.length, 'index.html loads at least one script from /m/assets/').toBeGreaterThan(0);

    for (const script of new Set(scripts)) {
      const original = readFileSync(distAsset(script.slice('/m/assets/'.length)));
      for (const encoding of ['br', 'gzip'] as const) {
        const response = await request.get(script, { headers: { 'accept-encoding': encoding } });
        expect(response.status(), `${script} with ${encoding}`).toBe(200);
        const headers = response.headers();
        if (original.length > 1024) expect(headers['content-encoding'], script).toBe(encoding);
        expect(headers['content-type']).toMatch(/javascript/);
        expect(headers['cache-control']).toContain('max-age=31536000');
        expect(headers['cache-control']).toContain('immutable');
        // The precompressed copy decodes to exactly the built file.
        expect((await response.body()).equals(original), `${script} (${encoding}) decodes to the build`).toBe(
          true,
        );
      }
    }
  });

  test('the root address redirects to the home screen', async ({ request }) => {
    const response = await request.get('/', { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()['location']).toMatch(/\/m\/home(\?.*)?$/);
  });
});
