import type { VipLevels } from '@kl/contracts/vip';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, json } from '../test/app.ts';
import { useTestDatabase } from '../test/databases.ts';
import { route } from './api-route.ts';

const database = useTestDatabase('pglite');

const LEVELS: VipLevels = {
  currency: 'VND',
  list: [
    {
      level: 0,
      name: 'Đồng',
      depositThreshold: 0,
      benefits: {
        upgradeBonus: 0,
        birthdayBonus: 0,
        monthlyBonus: 0,
        dailyWithdrawalCount: 3,
        dailyWithdrawalLimit: 50_000_000,
        rebatePercent: 0.5,
      },
    },
  ],
};

/**
 * Compile-time checks of the route helper (docs/conventions.md, "One typed API table"): `npm run typecheck`
 * fails when one of the `@ts-expect-error` lines below stops being an error. Never called.
 */
function typeChecks(app: FastifyInstance) {
  // The declared shape is accepted.
  route(app, 'vipLevels', { summary: '', tags: [], handler: () => LEVELS });

  // @ts-expect-error an answer with a field the entry's response schema does not declare
  route(app, 'vipLevels', { summary: '', tags: [], handler: () => ({ ...LEVELS, secret: 'x' }) });

  // @ts-expect-error the same, one level down (inside a list item)
  route(app, 'vipLevels', {
    summary: '',
    tags: [],
    handler: async () => ({ ...LEVELS, list: [{ ...LEVELS.list[0]!, internalId: 7 }] }),
  });

  // @ts-expect-error an answer missing a declared field
  route(app, 'vipLevels', { summary: '', tags: [], handler: () => ({ list: LEVELS.list }) });

  // @ts-expect-error a call that answers no envelope cannot be registered by the helper
  route(app, 'logo', { summary: '', tags: [], handler: () => '' });
}
void typeChecks;

describe('route (API table helper)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database.current);
    await app.register(
      async (scope) => {
        // A second registration of the same call under another prefix, answering a field the schema lacks
        // at run time (a value typed as `any` slips past the compiler): it is not sent.
        route(scope, 'vipLevels', {
          summary: 'test',
          tags: ['test'],
          handler: () => JSON.parse(JSON.stringify({ ...LEVELS, secret: 'not for the client' })),
        });
      },
      { prefix: '/test' },
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('wraps the value in the success envelope and sends only the declared fields', async () => {
    const response = await app.inject({ url: '/test/api/vip/levels' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ success: true, value: LEVELS });
    expect(response.body).not.toContain('not for the client');
  });

  it('takes method, path and module id from the table entry', async () => {
    const answered = await app.inject({ url: '/api/vip/levels', headers: { 'x-module-id': 'COMM3' } });
    expect(answered.statusCode).toBe(200);
    expect(answered.headers['x-module-id']).toBe('COMM3');
    expect(json(answered)).toMatchObject({ success: true, value: { currency: expect.any(String) } });

    const wrongModule = await app.inject({ url: '/api/vip/levels', headers: { 'x-module-id': 'PERSPNL3' } });
    expect(wrongModule.statusCode).toBe(400);
  });
});
