import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeEachDatabase } from '../test/databases.ts';
import type { Database } from './db.ts';
import { createAttemptCounter } from './attempts.ts';

describeEachDatabase('attempt counter', (kind) => {
  let database: Database;
  let now = new Date('2026-03-01T10:00:00Z');
  const clock = () => now;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  it('lets through at most the limit of a parallel burst, then answers how long the lock lasts', async () => {
    const counter = createAttemptCounter({ db: database.db, clock });
    const rule = { limit: 5, windowMs: 60_000, lockMs: 15 * 60_000 };
    const verdicts = await Promise.all(
      Array.from({ length: 25 }, () => counter.hit('test-burst', '203.0.113.9', rule)),
    );
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(5);
    expect(verdicts.map((verdict) => verdict.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, index) => index + 1),
    );
    const refused = verdicts.find((verdict) => !verdict.allowed);
    expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 900 });
    // Another key is not affected.
    expect(await counter.hit('test-burst', '203.0.113.10', rule)).toMatchObject({ allowed: true, count: 1 });
  });

  it('starts again after the lock and after the window; clear forgets the attempts', async () => {
    const counter = createAttemptCounter({ db: database.db, clock });
    const rule = { limit: 2, windowMs: 60_000, lockMs: 120_000 };
    expect(await counter.hit('test-window', 'k', rule)).toMatchObject({ allowed: true, remaining: 1 });
    expect(await counter.hit('test-window', 'k', rule)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await counter.hit('test-window', 'k', rule)).toMatchObject({
      allowed: false,
      retryAfterSeconds: 120,
    });
    now = new Date(now.getTime() + 61_000);
    // The window has passed but the lock has not.
    expect(await counter.hit('test-window', 'k', rule)).toMatchObject({
      allowed: false,
      retryAfterSeconds: 59,
    });
    now = new Date(now.getTime() + 60_000);
    expect(await counter.hit('test-window', 'k', rule)).toMatchObject({ allowed: true, count: 1 });
    await counter.clear('test-window', 'k');
    expect(await counter.hit('test-window', 'k', rule)).toMatchObject({ allowed: true, count: 1 });
    // Without a lock of its own the count starts again with the next window.
    const plain = { limit: 3, windowMs: 60_000 };
    for (let index = 0; index < 3; index += 1) await counter.hit('test-plain', 'k', plain);
    expect(await counter.hit('test-plain', 'k', plain)).toMatchObject({ allowed: false });
    now = new Date(now.getTime() + 60_001);
    expect(await counter.hit('test-plain', 'k', plain)).toMatchObject({ allowed: true, count: 1 });
  });
});
