import { API, outboxEntry, successEnvelope } from '@kl/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { createDevOutboxSender } from '../../platform/outbox.ts';
import { buildTestApp, json } from '../../test/app.ts';
import { describeEachDatabase, useTestDatabase } from '../../test/databases.ts';

const outboxAnswer = successEnvelope(z.array(outboxEntry));

describeEachDatabase('GET /api/dev/outbox', (kind) => {
  const database = useTestDatabase(kind, { seed: false });
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database.current, { config: { devOutbox: true } });
    const outbox = createDevOutboxSender(database.current.db);
    await outbox.send({
      kind: 'sms',
      to: '+84901234567',
      code: '111111',
      text: 'Kim Long: your code is 111111',
    });
    await outbox.send({ kind: 'captcha', to: 'captcha-1', code: '42', text: '6 x 7' });
    await database.current.db.transaction(async (tx) => {
      await outbox.send(
        { kind: 'sms', to: '+84907654321', code: '222222', text: 'Kim Long: your code is 222222' },
        tx,
      );
    });
  });
  afterAll(() => app.close());

  it('lists what the outbox recorded, newest first', async () => {
    const response = await app.inject({ url: API.outbox.path });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-module-id']).toBe('COMM3');
    const { value } = outboxAnswer.parse(JSON.parse(response.body));
    expect(value.map((entry) => entry.code)).toEqual(['222222', '42', '111111']);
    expect(value[0]).toEqual({
      kind: 'sms',
      to: '+84907654321',
      code: '222222',
      text: 'Kim Long: your code is 222222',
      createdAt: value[0]?.createdAt,
    });
    expect(new Date(value[0]?.createdAt ?? '').toISOString()).toBe(value[0]?.createdAt);
  });

  it('filters by kind', async () => {
    const response = await app.inject({ url: `${API.outbox.path}?kind=sms` });
    expect(outboxAnswer.parse(JSON.parse(response.body)).value.map((entry) => entry.code)).toEqual([
      '222222',
      '111111',
    ]);
    const empty = await app.inject({ url: `${API.outbox.path}?kind=email` });
    expect(outboxAnswer.parse(JSON.parse(empty.body)).value).toEqual([]);
  });

  it('does not exist when DEV_OUTBOX is off or in production (404)', async () => {
    for (const config of [{ devOutbox: false }, { devOutbox: true, nodeEnv: 'production' as const }]) {
      const off = await buildTestApp(database.current, { config });
      const response = await off.inject({ url: API.outbox.path });
      expect(response.statusCode).toBe(404);
      expect(json(response).code).toBe('NOT_FOUND');
      await off.close();
    }
  });
});
