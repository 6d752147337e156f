import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, describeEachDatabase } from '../test/databases.ts';
import type { Database } from './db.ts';
import { createAttemptCounter } from './attempts.ts';

describeEachDatabase('attempt counter', { embedded: true }, (kind) => {
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

  describe('pace (no lock-out: a proof and a growing delay past the free attempts)', () => {
    const rule = { free: 3, windowMs: 15 * 60_000, firstDelayMs: 1_000, maxDelayMs: 8_000 };

    it('a parallel burst without the proof gets the free attempts only; with it, one per delay', async () => {
      const counter = createAttemptCounter({ db: database.db, clock });
      const bare = await Promise.all(
        Array.from({ length: 12 }, () => counter.pace('test-pace', 'owner', rule, false)),
      );
      expect(bare.filter((verdict) => verdict.allowed)).toHaveLength(3);
      expect(bare.filter((verdict) => !verdict.allowed)).toEqual(
        Array.from({ length: 9 }, () => ({ allowed: false, reason: 'proof', retryAfterSeconds: 1 })),
      );
      // The proof given, still one per delay however many come at once.
      const early = await counter.pace('test-pace', 'owner', rule, true);
      expect(early).toEqual({ allowed: false, reason: 'wait', retryAfterSeconds: 1 });
      now = new Date(now.getTime() + 1_000);
      const proven = await Promise.all(
        Array.from({ length: 12 }, () => counter.pace('test-pace', 'owner', rule, true)),
      );
      expect(proven.filter((verdict) => verdict.allowed)).toEqual([
        { allowed: true, count: 4, proofNext: true },
      ]);
      expect(proven.filter((verdict) => !verdict.allowed)[0]).toEqual({
        allowed: false,
        reason: 'wait',
        retryAfterSeconds: 2,
      });
    });

    it('doubles the delay up to its cap, never locks, and starts again with a new window', async () => {
      const counter = createAttemptCounter({ db: database.db, clock });
      for (let index = 0; index < 3; index += 1) await counter.pace('test-pace', 'cap', rule, false);
      const waits: number[] = [];
      for (let index = 0; index < 6; index += 1) {
        const refused = await counter.pace('test-pace', 'cap', rule, true);
        if (refused.allowed) throw new Error('let through before its delay');
        waits.push(refused.retryAfterSeconds);
        now = new Date(now.getTime() + refused.retryAfterSeconds * 1000);
        expect(await counter.pace('test-pace', 'cap', rule, true)).toMatchObject({ allowed: true });
      }
      expect(waits).toEqual([1, 2, 4, 8, 8, 8]);
      now = new Date(now.getTime() + rule.windowMs);
      expect(await counter.pace('test-pace', 'cap', rule, false)).toEqual({
        allowed: true,
        count: 1,
        proofNext: false,
      });
      await counter.clear('test-pace', 'cap');
      expect(await counter.pace('test-pace', 'cap', rule, false)).toMatchObject({ allowed: true, count: 1 });
    });
  });
});
