import { API } from '@kl/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusesCrossSite } from '../../platform/same-origin.ts';
import { buildTestApp } from '../../test/app.ts';
import { useTestDatabase } from '../../test/databases.ts';

interface Operation {
  summary?: string;
  tags?: string[];
  responses?: Record<string, unknown>;
}

describe('API documentation', () => {
  const database = useTestDatabase('pglite', { seed: false });
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database.current, {
      config: { devOutbox: true, devClock: true },
    });
  });
  afterAll(() => app.close());

  it('lists every call of the API table with a summary, tags and response schemas', async () => {
    const response = await app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = JSON.parse(response.body) as {
      openapi: string;
      paths: Record<string, Record<string, Operation>>;
    };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/status', '/api/health']));
    for (const call of Object.values(API)) {
      // OpenAPI writes a path parameter `:name` as `{name}`.
      const path = call.path.replace(/:([A-Za-z]+)/g, '{$1}');
      const operation = document.paths[path]?.[call.method.toLowerCase()];
      expect(operation, `${call.method} ${call.path}`).toBeDefined();
      expect(operation?.summary).toBeTruthy();
      expect(operation?.tags?.length).toBeGreaterThan(0);
      expect(Object.keys(operation?.responses ?? {})).toContain('200');
    }
    // The viewer's own routes and the web app are not calls.
    expect(
      Object.keys(document.paths).every((path) => path.startsWith('/api/') && !path.startsWith('/api/docs')),
    ).toBe(true);
  });

  it('documents the cross-site refusal (403) of every call the one hook refuses', async () => {
    const document = JSON.parse((await app.inject({ url: '/api/docs/json' })).body) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const refused = Object.values(API).filter((call) => refusesCrossSite(call));
    expect(refused.length).toBeGreaterThan(50);
    for (const call of refused) {
      const operation =
        document.paths[call.path.replace(/:([A-Za-z]+)/g, '{$1}')]?.[call.method.toLowerCase()];
      expect(Object.keys(operation?.responses ?? {}), `${call.method} ${call.path}`).toContain('403');
    }
    // A GET is never refused: the status call documents no 403.
    expect(Object.keys(document.paths['/api/status']?.get?.responses ?? {})).not.toContain('403');
  });

  it('describes the status answer from the contracts schema', async () => {
    const document = JSON.parse((await app.inject({ url: '/api/docs/json' })).body) as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content: Record<string, { schema: unknown }> }> }>
      >;
    };
    const schema = JSON.stringify(
      document.paths['/api/status']?.get?.responses['200']?.content['application/json']?.schema,
    );
    for (const field of [
      'regionRestriction',
      'maintenance',
      'mobileTemplate',
      'customerService',
      'toggles',
    ]) {
      expect(schema).toContain(field);
    }
  });

  it('serves the viewer at /api/docs under its own policy, without upgrading to https', async () => {
    const response = await app.inject({ url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('upgrade-insecure-requests');
    const script = await app.inject({ url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(200);
  });
});
