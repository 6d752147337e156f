import { ERROR_MESSAGES, failureEnvelope } from '@kl/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, captureLogs, json } from '../test/app.ts';
import { useTestDatabase } from '../test/databases.ts';
import { DomainError } from './errors.ts';

// One database for the file: these suites do not depend on its content.
const database = useTestDatabase('pglite');

describe('error handler', () => {
  const logs = captureLogs();
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(database.current, { logger: logs.logger });
    const config = { moduleId: 'REG3' } as const;
    app.get('/api/test/domain-error', { config }, async () => {
      throw new DomainError('USERNAME_EXISTS', { field: 'username' });
    });
    app.get('/api/test/unexpected', { config }, async () => {
      throw new Error('connection to db-secret-host failed');
    });
    app.post(
      '/api/test/validated',
      { config, schema: { body: z.object({ username: z.string().min(5), password: z.string().min(8) }) } },
      async () => ({ success: true }),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers a DomainError with its catalogue status, code, message and value', async () => {
    const response = await app.inject({
      url: '/api/test/domain-error',
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(409);
    expect(json(response)).toEqual({
      success: false,
      code: 'USERNAME_EXISTS',
      message: ERROR_MESSAGES.en.USERNAME_EXISTS,
      value: { field: 'username' },
    });
    expect(failureEnvelope.safeParse(json(response)).success).toBe(true);
  });

  it('localises the message from Accept-Language, Vietnamese by default', async () => {
    const message = async (acceptLanguage?: string) =>
      json<{ message: string }>(
        await app.inject({
          url: '/api/test/domain-error',
          headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
        }),
      ).message;
    expect(await message()).toBe(ERROR_MESSAGES.vi.USERNAME_EXISTS);
    expect(await message('vi')).toBe('Tên đăng nhập đã tồn tại');
    expect(await message('en-GB,en;q=0.9')).toBe('The username already exists');
    expect(await message('fr, en;q=0.5')).toBe(ERROR_MESSAGES.en.USERNAME_EXISTS);
    expect(await message('fr')).toBe(ERROR_MESSAGES.vi.USERNAME_EXISTS);
  });

  it('answers bad input with 400 INVALID_INPUT listing the issues without echoing the input', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/validated',
      payload: { username: 'abc', password: 'hunter2' },
    });
    expect(response.statusCode).toBe(400);
    const body = json<{
      code: string;
      value: { issues: { location: string; path: string; message: string }[] };
    }>(response);
    expect(body.code).toBe('INVALID_INPUT');
    expect(body.value.issues.map((issue) => [issue.location, issue.path])).toEqual([
      ['body', 'username'],
      ['body', 'password'],
    ]);
    expect(body.value.issues.every((issue) => issue.message.length > 0)).toBe(true);
    expect(response.body).not.toContain('hunter2');
  });

  it('answers bad input of a real call (query of the outbox) with 400 INVALID_INPUT', async () => {
    const response = await app.inject({ url: '/api/dev/outbox?kind=fax' });
    expect(response.statusCode).toBe(400);
    const body = json<{ code: string; value: { issues: { location: string; path: string }[] } }>(response);
    expect(body.code).toBe('INVALID_INPUT');
    expect(body.value.issues[0]).toMatchObject({ location: 'querystring', path: 'kind' });
  });

  it('answers malformed JSON with 400 INVALID_INPUT', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/validated',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(json(response).code).toBe('INVALID_INPUT');
  });

  it('answers an unknown /api path with the 404 NOT_FOUND envelope', async () => {
    const response = await app.inject({ url: '/api/no-such-call', headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(404);
    expect(json(response)).toEqual({ success: false, code: 'NOT_FOUND', message: 'Not found' });
  });

  it('answers a known path asked with another method with 405 METHOD_NOT_ALLOWED and Allow', async () => {
    const response = await app.inject({ method: 'DELETE', url: '/api/status' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET');
    expect(json(response).code).toBe('METHOD_NOT_ALLOWED');
  });

  it('answers a body over the limit with 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/validated',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(1024 * 1024), password: 'long-enough' }),
    });
    expect(response.statusCode).toBe(413);
    expect(json(response).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers an unsupported body type with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/validated',
      headers: { 'content-type': 'application/xml' },
      payload: '<username>someone</username>',
    });
    expect(response.statusCode).toBe(415);
    expect(json(response).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers an unexpected error with 500 SYSTEM_ERROR, no detail, and logs it with the request id', async () => {
    const response = await app.inject({ url: '/api/test/unexpected', headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(500);
    expect(json(response)).toEqual({
      success: false,
      code: 'SYSTEM_ERROR',
      message: ERROR_MESSAGES.en.SYSTEM_ERROR,
    });
    expect(response.body).not.toContain('db-secret-host');
    const requestId = response.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const logged = logs.lines.find((line) => line.msg === 'unexpected error' && line.reqId === requestId);
    expect(logged).toBeDefined();
    expect(JSON.stringify(logged)).toContain('db-secret-host');
  });

  it('keeps authorization and cookie headers out of the logs', async () => {
    await app.inject({
      url: '/api/health',
      headers: { authorization: 'Bearer very-secret-token', cookie: 'session=very-secret-cookie' },
    });
    const text = JSON.stringify(logs.lines);
    expect(text).not.toContain('very-secret');
    const incoming = logs.lines.filter((line) => line.msg === 'incoming request');
    expect(JSON.stringify(incoming.at(-1))).toContain('[Redacted]');
  });
});

describe('module id', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database.current);
    app.get('/api/test/register-call', { config: { moduleId: 'REG3' } }, async () => ({ success: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('sets x-module-id on every /api answer: success, failure, unknown path, docs', async () => {
    for (const [url, moduleId] of [
      ['/api/health', 'COMM3'],
      ['/api/test/register-call', 'REG3'],
      ['/api/no-such-call', 'COMM3'],
      ['/api/docs/json', 'COMM3'],
    ]) {
      const response = await app.inject({ url });
      expect(response.headers['x-module-id'], url).toBe(moduleId);
    }
  });

  it('accepts a request that names the route module, refuses one that names another', async () => {
    const right = await app.inject({ url: '/api/test/register-call', headers: { 'x-module-id': 'REG3' } });
    expect(right.statusCode).toBe(200);
    const wrong = await app.inject({ url: '/api/test/register-call', headers: { 'x-module-id': 'COMM3' } });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toMatchObject({
      code: 'INVALID_INPUT',
      value: { header: 'x-module-id', expected: 'REG3' },
    });
    expect(wrong.headers['x-module-id']).toBe('REG3');
  });

  it('does not set it outside /api', async () => {
    const response = await app.inject({ url: '/' });
    expect(response.headers['x-module-id']).toBeUndefined();
  });

  it('refuses to register an /api route without a module id', async () => {
    const other = await buildTestApp(database.current);
    expect(() => other.get('/api/test/anonymous', async () => ({}))).toThrow(/declares no module id/);
    await other.close();
  });

  it('refuses a route whose module id contradicts the API table', async () => {
    const other = await buildTestApp(database.current, { config: { devOutbox: false } });
    expect(() => other.get('/api/dev/outbox', { config: { moduleId: 'REG3' } }, async () => ({}))).toThrow(
      /API table says COMM3/,
    );
    await other.close();
  });
});

describe('rate limit', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database.current, { config: { rateLimitMax: 2 } });
  });
  afterAll(() => app.close());

  it('answers 429 TOO_MANY_REQUESTS past the limit per IP', async () => {
    const call = (remoteAddress: string) => app.inject({ url: '/api/status', remoteAddress });
    expect((await call('198.51.100.20')).statusCode).toBe(200);
    expect((await call('198.51.100.20')).statusCode).toBe(200);
    const refused = await call('198.51.100.20');
    expect(refused.statusCode).toBe(429);
    expect(json(refused)).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
    expect(json<{ value: { retryAfterSeconds: number } }>(refused).value.retryAfterSeconds).toBeGreaterThan(
      0,
    );
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await call('198.51.100.21')).statusCode).toBe(200);
    // Health checks of a load balancer are never limited.
    const health = await app.inject({ url: '/api/health', remoteAddress: '198.51.100.20' });
    expect(health.statusCode).toBe(200);
  });
});
