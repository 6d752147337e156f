import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rateLimitWindow } from '../db/schema/index.ts';
import { testClock } from '../test/accounts.ts';
import { buildTestApp, json } from '../test/app.ts';
import { describeEachDatabase, useTestDatabase } from '../test/databases.ts';
import { MINUTE_MS } from './clock.ts';
import type { Db } from './db.ts';
import { createSharedRateLimit, localBudget, type RateLimitLogger } from './rate-limit-store.ts';

const MAX = 10;
type Store = InstanceType<ReturnType<typeof createSharedRateLimit>['Store']>;

/** One call of `key` through a store: its count and the time left in its window. */
const hit = (store: Store, key: string, max = MAX) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) => {
    store.incr(
      key,
      (error, result) => (error || !result ? reject(error ?? new Error('no result')) : resolve(result)),
      MINUTE_MS,
      max,
    );
  });

/** The database with the statements it is asked for counted (an insert or a delete is one statement). */
function countingDb(db: Db, failing = false) {
  const counter = { statements: 0 };
  const wrapped = new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'insert' || property === 'delete') {
        counter.statements += 1;
        if (failing) throw new Error('connection refused');
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  return { db: wrapped, counter };
}

/** A query builder whose statement waits for `gate` before it runs (its chained builders too). */
function held<T extends object>(builder: T, gate: Promise<void>): T {
  return new Proxy(builder, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (property === 'then' && typeof value === 'function') {
        return (resolve: (value: unknown) => void, reject: (error: unknown) => void) =>
          gate.then(() => (value as PromiseLike<unknown>['then']).call(target, resolve, reject));
      }
      return typeof value === 'function'
        ? (...args: unknown[]) => {
            const result = (value as (...a: unknown[]) => unknown).apply(target, args);
            return typeof result === 'object' && result !== null ? held(result, gate) : result;
          }
        : value;
    },
  });
}

const quietLogger = () => {
  const lines: string[] = [];
  const logger: RateLimitLogger = {
    error: (_object, message) => lines.push(`error: ${message}`),
    info: (message) => lines.push(`info: ${message}`),
  };
  return { lines, logger };
};

describe('localBudget', () => {
  it('lets a process count alone below half the limit', () => {
    expect([1, 2, 3, 10, 11, 300].map(localBudget)).toEqual([0, 0, 1, 4, 5, 149]);
  });
});

describeEachDatabase('shared rate limit store', { embedded: true }, (kind) => {
  const database = useTestDatabase(kind, { seed: false });
  let keyNumber = 0;
  const nextKey = () => `203.0.113.${(keyNumber += 1)}`;

  /** A "process": its own counts on the shared database, flushed when the test says so. */
  function newProcess(time: ReturnType<typeof testClock>, db: Db = database.current.db) {
    const counting = countingDb(db);
    const { lines, logger } = quietLogger();
    const limit = createSharedRateLimit({ db: counting.db, clock: time.clock, logger, flushIntervalMs: 0 });
    return { limit, store: new limit.Store(), counter: counting.counter, lines };
  }

  const rowOf = async (key: string) =>
    database.current.db.select().from(rateLimitWindow).where(eq(rateLimitWindow.key, key));

  it('counts calls far from the limit without a statement, and flushes them in one', async () => {
    const time = testClock();
    const a = newProcess(time);
    const key = nextKey();
    for (let i = 0; i < localBudget(MAX); i += 1) expect((await hit(a.store, key)).current).toBe(i + 1);
    expect(a.counter.statements).toBe(0);
    expect(await rowOf(key)).toEqual([]);
    await a.limit.flush();
    expect(a.counter.statements).toBe(1);
    expect((await rowOf(key)).map((row) => row.count)).toEqual([localBudget(MAX)]);
    // Nothing left to flush: no statement.
    await a.limit.flush();
    expect(a.counter.statements).toBe(1);
  });

  it('lets exactly the limit through across two processes called in turn', async () => {
    const time = testClock();
    const a = newProcess(time);
    const b = newProcess(time);
    const key = nextKey();
    const currents: number[] = [];
    for (let i = 0; i < 2 * MAX; i += 1)
      currents.push((await hit(i % 2 === 0 ? a.store : b.store, key)).current);
    expect(currents.filter((current) => current <= MAX)).toHaveLength(MAX);
    // The refusals come last, once the shared total is reached.
    expect(currents.slice(MAX).every((current) => current > MAX)).toBe(true);
  });

  it('lets the limit through a parallel burst on one process, each call its place in the total', async () => {
    const time = testClock();
    const a = newProcess(time);
    const key = nextKey();
    const results = await Promise.all(Array.from({ length: 3 * MAX }, () => hit(a.store, key)));
    expect(results.map((result) => result.current).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 3 * MAX }, (_, i) => i + 1),
    );
    // The calls near the limit went together: far fewer statements than calls.
    expect(a.counter.statements).toBeLessThan(MAX);
  });

  it('bounds a parallel burst on two processes by the limit and one local budget', async () => {
    // docs/decisions/040-shared-rate-limits.md: the calls one process let through on its own count
    // may reach the table after the other's places near the limit were given.
    const time = testClock();
    const a = newProcess(time);
    const b = newProcess(time);
    const key = nextKey();
    const results = await Promise.all(
      Array.from({ length: 3 * MAX }, (_, i) => hit(i % 2 === 0 ? a.store : b.store, key)),
    );
    const admitted = results.filter((result) => result.current <= MAX).length;
    expect(admitted).toBeGreaterThanOrEqual(MAX);
    expect(admitted).toBeLessThanOrEqual(MAX + localBudget(MAX));
    for (const store of [a.store, b.store]) expect((await hit(store, key)).current).toBeGreaterThan(MAX);
  });

  it("lets a process that has not seen the others' counts yet through at most its local budget more", async () => {
    // The bound of docs/decisions/040-shared-rate-limits.md: without a statement per call, a process
    // that has counted nothing of the key yet cannot know what the others let through.
    const time = testClock();
    const a = newProcess(time);
    const b = newProcess(time);
    const key = nextKey();
    for (let i = 0; i < localBudget(MAX); i += 1) await hit(a.store, key);
    await a.limit.flush();
    let admitted = localBudget(MAX);
    for (let i = 0; i < 2 * MAX; i += 1) {
      if ((await hit(i % 3 === 0 ? a.store : b.store, key)).current <= MAX) admitted += 1;
    }
    expect(admitted).toBeGreaterThanOrEqual(MAX);
    expect(admitted).toBeLessThanOrEqual(MAX + localBudget(MAX));
    // Once flushed, both see the total: nothing more goes through in this window.
    await b.limit.flush();
    await a.limit.flush();
    for (const store of [a.store, b.store]) expect((await hit(store, key)).current).toBeGreaterThan(MAX);
  });

  it('refuses a key whose known total reached the limit without asking the database again', async () => {
    const time = testClock();
    const a = newProcess(time);
    const key = nextKey();
    for (let i = 0; i < MAX; i += 1) expect((await hit(a.store, key)).current).toBeLessThanOrEqual(MAX);
    const asked = a.counter.statements;
    for (let i = 0; i < 5; i += 1) expect((await hit(a.store, key)).current).toBeGreaterThan(MAX);
    expect(a.counter.statements).toBe(asked);
  });

  it('answers the time to the end of the window, and starts again in the next one', async () => {
    const time = testClock(new Date('2030-03-01T08:00:00.000Z'));
    const a = newProcess(time);
    const key = nextKey();
    expect((await hit(a.store, key)).ttl).toBe(MINUTE_MS);
    time.advance(15_000);
    for (let i = 1; i < MAX; i += 1) await hit(a.store, key);
    const refused = await hit(a.store, key);
    expect(refused).toEqual({ current: MAX + 1, ttl: 45_000 });
    time.advance(45_000);
    expect(await hit(a.store, key)).toEqual({ current: 1, ttl: MINUTE_MS });
  });

  it('deletes windows older than two windows when it flushes', async () => {
    const time = testClock(new Date('2030-04-01T08:00:00.000Z'));
    const a = newProcess(time);
    const old = nextKey();
    const recent = nextKey();
    await hit(a.store, old);
    await a.limit.flush();
    time.advanceMinutes(2);
    await hit(a.store, recent);
    await a.limit.flush();
    expect(await rowOf(old)).toHaveLength(1);
    time.advanceMinutes(1);
    await hit(a.store, recent);
    await a.limit.flush();
    expect(await rowOf(old)).toEqual([]);
    expect(await rowOf(recent)).toHaveLength(2);
  });

  it('flushes what is left when it closes', async () => {
    const time = testClock();
    const a = newProcess(time);
    const key = nextKey();
    await hit(a.store, key);
    await hit(a.store, key);
    await a.limit.close();
    expect((await rowOf(key)).map((row) => row.count)).toEqual([2]);
    expect(a.limit.pendingCount()).toBe(0);
  });

  it('places a call near the limit behind the calls a flush of the same process is still writing', async () => {
    const time = testClock();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserts = 0;
    // The first insert (the flush) waits for the gate; the next ones run at once.
    const slowFirst = new Proxy(database.current.db, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (property !== 'insert' || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          inserts += 1;
          const builder = (value as (...a: unknown[]) => object).apply(target, args);
          return inserts === 1 ? held(builder, gate) : builder;
        };
      },
    });
    const a = newProcess(time, slowFirst);
    const key = nextKey();
    for (let i = 0; i < localBudget(MAX); i += 1) await hit(a.store, key);
    const flushing = a.limit.flush();
    const near = hit(a.store, key);
    release();
    await flushing;
    expect((await near).current).toBe(localBudget(MAX) + 1);
    expect((await rowOf(key)).map((row) => row.count)).toEqual([localBudget(MAX) + 1]);
  });

  it('counts locally against the whole limit when the database does not answer, and logs it once', async () => {
    const time = testClock();
    const failing = countingDb(database.current.db, true);
    const { lines, logger } = quietLogger();
    const limit = createSharedRateLimit({ db: failing.db, clock: time.clock, logger, flushIntervalMs: 0 });
    const store = new limit.Store();
    const key = nextKey();
    const currents: number[] = [];
    for (let i = 0; i < MAX + 2; i += 1) currents.push((await hit(store, key)).current);
    await limit.flush();
    await limit.flush();
    expect(currents.filter((current) => current <= MAX)).toHaveLength(MAX);
    expect(lines).toEqual(['error: rate limit: the database did not answer, counting locally']);
    expect(limit.pendingCount()).toBe(MAX + 2);
    await expect(limit.close()).resolves.toBeUndefined();
  });

  it('shares the counts again once the database answers', async () => {
    const time = testClock();
    let failing = true;
    const counting = countingDb(database.current.db);
    const flaky = new Proxy(counting.db, {
      get(target, property, receiver) {
        if (failing && property === 'insert') throw new Error('connection refused');
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const { lines, logger } = quietLogger();
    const limit = createSharedRateLimit({ db: flaky, clock: time.clock, logger, flushIntervalMs: 0 });
    const key = nextKey();
    await hit(new limit.Store(), key);
    await limit.flush();
    failing = false;
    await limit.flush();
    expect((await rowOf(key)).map((row) => row.count)).toEqual([1]);
    expect(lines).toEqual([
      'error: rate limit: the database did not answer, counting locally',
      'info: rate limit: the database answers again, counting shared',
    ]);
  });

  it('counts a route with its own limit apart from the others', async () => {
    const time = testClock();
    const a = newProcess(time);
    const key = nextKey();
    const route = a.store.child({ routeInfo: { method: 'POST', url: '/api/x' } } as never);
    for (let i = 0; i < 3; i += 1) await hit(route as Store, key, 3);
    expect((await hit(route as Store, key, 3)).current).toBe(4);
    expect((await hit(a.store, key, 3)).current).toBe(1);
  });
});

describeEachDatabase('API rate limit across processes', { embedded: true }, (kind) => {
  const database = useTestDatabase(kind);
  // The limit's windows follow the system time: held at the start of a minute here (only Date is faked,
  // the timers run as they do), so that no test straddles two windows.
  let now = Date.parse('2030-05-01T08:00:00.000Z');
  let first: FastifyInstance;
  let second: FastifyInstance;
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    const options = { config: { rateLimitMax: MAX } };
    first = await buildTestApp(database.current, options);
    second = await buildTestApp(database.current, options);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    vi.useRealTimers();
  });
  let addressNumber = 0;
  const nextAddress = () => `198.51.100.${(addressNumber += 1)}`;
  const call = (app: FastifyInstance, remoteAddress: string) =>
    app.inject({ url: '/api/status', remoteAddress });

  it('lets exactly the limit through two servers called in turn; the rest is 429 TOO_MANY_REQUESTS', async () => {
    const address = nextAddress();
    const statuses: number[] = [];
    const refusals: { code: string; value: { retryAfterSeconds: number } }[] = [];
    for (let i = 0; i < 2 * MAX; i += 1) {
      const response = await call(i % 2 === 0 ? first : second, address);
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        refusals.push(json(response));
        expect(response.headers['retry-after']).toBe('60');
      }
    }
    expect(statuses).toEqual([...Array<number>(MAX).fill(200), ...Array<number>(MAX).fill(429)]);
    expect(refusals.every((refusal) => refusal.code === 'TOO_MANY_REQUESTS')).toBe(true);
    expect(refusals.every((refusal) => refusal.value.retryAfterSeconds === 60)).toBe(true);
    // Another address is not affected.
    expect((await call(first, nextAddress())).statusCode).toBe(200);
  });

  it('bounds a parallel burst on both servers by the limit and one local budget', async () => {
    const address = nextAddress();
    const responses = await Promise.all(
      Array.from({ length: 3 * MAX }, (_, i) => call(i % 2 === 0 ? first : second, address)),
    );
    const statuses = responses.map((response) => response.statusCode);
    const admitted = statuses.filter((status) => status === 200).length;
    expect(admitted).toBeGreaterThanOrEqual(MAX);
    expect(admitted).toBeLessThanOrEqual(MAX + localBudget(MAX));
    expect(statuses.filter((status) => status === 429)).toHaveLength(3 * MAX - admitted);
    expect((await call(first, address)).statusCode).toBe(429);
    expect((await call(second, address)).statusCode).toBe(429);
  });

  it('starts again in the next window', async () => {
    const address = nextAddress();
    for (let i = 0; i < MAX; i += 1) await call(i % 2 === 0 ? first : second, address);
    expect((await call(first, address)).statusCode).toBe(429);
    now += MINUTE_MS;
    vi.setSystemTime(now);
    expect((await call(second, address)).statusCode).toBe(200);
    expect((await call(first, address)).statusCode).toBe(200);
  });

  it('writes the counts of a server that closes', async () => {
    const other = await buildTestApp(database.current, { config: { rateLimitMax: MAX } });
    const address = nextAddress();
    await call(other, address);
    await call(other, address);
    await other.close();
    const rows = await database.current.db
      .select({ count: rateLimitWindow.count })
      .from(rateLimitWindow)
      .where(eq(rateLimitWindow.key, address));
    expect(rows).toEqual([{ count: 2 }]);
  });
});
