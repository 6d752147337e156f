import { API, health, successEnvelope } from '@kl/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_VERSION } from '../../platform/version.ts';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase, useTestDatabase } from '../../test/databases.ts';
import { createHealthService } from './service.ts';

describeEachDatabase('GET /api/health', { embedded: true }, (kind) => {
  const database = useTestDatabase(kind, { seed: false });
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database.current, { startedAt: Date.now() - 5_000 });
  });
  afterAll(() => app.close());

  it('answers ok with the database kind, uptime and version after a database round trip', async () => {
    const response = await app.inject({ url: API.health.path });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-module-id']).toBe('COMM3');
    const { value } = successEnvelope(health).parse(JSON.parse(response.body));
    expect(value).toEqual({
      status: 'ok',
      database: kind,
      uptimeSeconds: value.uptimeSeconds,
      version: SERVER_VERSION,
    });
    expect(value.uptimeSeconds).toBeGreaterThanOrEqual(5);
  });
});

describe('health service', () => {
  it('fails when the database does not answer', async () => {
    const service = createHealthService({
      health: { ping: () => Promise.reject(new Error('connection refused')) },
      databaseKind: 'postgres',
      version: '1.0.0',
      startedAt: 0,
    });
    await expect(service.check()).rejects.toThrow('connection refused');
  });

  it('counts whole seconds since start', async () => {
    const service = createHealthService({
      health: { ping: () => Promise.resolve() },
      databaseKind: 'pglite',
      version: '1.0.0',
      startedAt: 1_000,
      now: () => 62_999,
    });
    expect(await service.check()).toEqual({
      status: 'ok',
      database: 'pglite',
      uptimeSeconds: 61,
      version: '1.0.0',
    });
  });
});
