import { and, lte, ne, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lotteryDraw } from '../db/schema/index.ts';
import { createGameRecordsModule } from '../modules/game-records/index.ts';
import { createLotteryRepository } from '../modules/lottery/repository.ts';
import { createLotteryService } from '../modules/lottery/service.ts';
import { createLedgerRepository, createLedgerService } from '../modules/wallet/index.ts';
import { readyDatabase } from '../server.ts';
import { testClock } from '../test/accounts.ts';
import { buildTestApp, captureLogs } from '../test/app.ts';
import { createPostgresDatabase, createTestDatabase } from '../test/databases.ts';
import { type Database, openDatabase } from './db.ts';
import { rowsOf } from './db-errors.ts';
import { createLeaderElection, type LeaderElection } from './leader.ts';
import { type BackgroundJob, onLeaderOnly, runModuleJobs } from './module.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;

/** Every resource a test opened, closed after it (the last opened first). */
const opened: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of opened.splice(0).toReversed()) await close();
});

/** An election whose leader's work is a flag, stopped after the test. */
function election(database: Pick<Database, 'leadership'>, retryMs = 60_000) {
  const work = { running: false, starts: 0 };
  const said: string[] = [];
  const say = (...args: unknown[]) => void said.push(String(args.at(-1)));
  const leader: LeaderElection = createLeaderElection({
    leadership: database.leadership,
    log: { info: say, warn: say, error: say, debug: say },
    retryMs,
    lead: async () => {
      work.running = true;
      work.starts += 1;
    },
    follow: async () => {
      work.running = false;
    },
  });
  opened.push(() => leader.stop());
  return { leader, work, said };
}

describe('scheduler leader without a lock (PGlite: one process)', () => {
  it('always leads, and runs the leader-only jobs with the others: started when ready, stopped at close', async () => {
    const happened: string[] = [];
    const job = (name: string): BackgroundJob => ({
      start: () => void happened.push(`start ${name}`),
      stop: () => void happened.push(`stop ${name}`),
    });
    const app = Fastify({ logger: false });
    runModuleJobs(
      app,
      [{ register: async () => undefined, jobs: () => [job('roll-up'), onLeaderOnly(job('draws'))] }],
      { database: {} },
    );
    await app.ready();
    expect(happened).toEqual(['start roll-up', 'start draws']);
    await app.close();
    expect(happened).toEqual(['start roll-up', 'start draws', 'stop draws', 'stop roll-up']);

    const { leader, work } = election({});
    expect(await leader.check()).toBe(true);
    expect(await leader.check()).toBe(true);
    expect(work).toEqual({ running: true, starts: 1 });
  });
});

describe.skipIf(!postgresUrl)('scheduler leader on PostgreSQL', () => {
  /** A migrated database, opened once more by each further "process". */
  async function sharedDatabase(options: { seed?: boolean } = {}) {
    const first = await createTestDatabase('postgres', options);
    opened.push(() => first.close());
    return first;
  }

  /** The backends holding an advisory lock on the database: the leader's lock connection. */
  async function terminateLockHolders(database: Database): Promise<number> {
    const rows = rowsOf<{ terminated: boolean }>(
      await database.db.execute(sql`
        select pg_terminate_backend(pid) as terminated from pg_locks
         where locktype = 'advisory' and granted
           and database = (select oid from pg_database where datname = current_database())`),
    );
    return rows.filter((row) => row.terminated).length;
  }

  it('lets exactly one process lead; when its connection is lost it stops its work and another takes over within the retry period', async () => {
    const database = await sharedDatabase();
    const one = election(database, 20);
    const two = election(database, 20);
    await Promise.all([one.leader.start(), two.leader.start()]);
    expect([one.leader.leading, two.leader.leading].filter(Boolean)).toHaveLength(1);
    await Promise.all([one.leader.stop(), two.leader.stop()]);

    // The handover: the leader retries slowly, so that once its connection is lost the lock goes to the
    // follower's next try (both retrying every 20 ms, the former leader's own next try may win it back).
    const leader = election(database, 60_000);
    await leader.leader.start();
    const follower = election(database, 20);
    await follower.leader.start();
    expect(leader.leader.leading).toBe(true);
    expect(leader.work.running).toBe(true);
    expect(follower.work).toEqual({ running: false, starts: 0 });
    // Trying again changes nothing.
    expect(await follower.leader.check()).toBe(false);
    expect(await leader.leader.check()).toBe(true);

    expect(await terminateLockHolders(database)).toBe(1);
    await vi.waitFor(() => expect(follower.leader.leading).toBe(true), { timeout: 5_000, interval: 10 });
    expect(follower.work).toEqual({ running: true, starts: 1 });
    expect(leader.leader.leading).toBe(false);
    expect(leader.work.running).toBe(false);
    expect(leader.said).toEqual([
      'this process is now the leader: it runs the schedulers',
      'this process is no longer the leader: it stops the schedulers',
    ]);
    // The former leader keeps trying on a new connection, and follows.
    expect(await leader.leader.check()).toBe(false);
  });

  it('hands over at stop: the lock is free as soon as the leader has stopped its work', async () => {
    const database = await sharedDatabase();
    const one = election(database);
    const two = election(database);
    expect(await one.leader.check()).toBe(true);
    expect(await two.leader.check()).toBe(false);
    await one.leader.stop();
    expect(one.work.running).toBe(false);
    expect(await two.leader.check()).toBe(true);
    expect(two.work.running).toBe(true);
    // A stopped election no longer tries.
    expect(await one.leader.check()).toBe(false);
  });

  it("settles a due lottery draw once with two apps' schedulers on one database: only the leader's runs", async () => {
    const database = await sharedDatabase({ seed: true });
    const db = database.db;
    const time = testClock(new Date('2030-03-04T03:00:00.000Z'));
    const lottery = createLotteryService({
      db,
      lottery: createLotteryRepository(db),
      ledgerService: createLedgerService({ db, ledger: createLedgerRepository(db), clock: time.clock }),
      clock: time.clock,
      gameRecords: createGameRecordsModule({ db, clock: time.clock }).gameRecordsService,
    });
    await lottery.ensureAllDraws();
    time.advanceMinutes(30);
    const due = () =>
      db
        .select({ id: lotteryDraw.id })
        .from(lotteryDraw)
        .where(and(lte(lotteryDraw.drawAt, time.clock()), ne(lotteryDraw.status, 'settled')));
    expect((await due()).length).toBeGreaterThan(0);

    const logs = [captureLogs(), captureLogs()];
    const apps = await Promise.all(
      logs.map((log) =>
        buildTestApp(database, { clock: time.clock, lotteryScheduler: true, logger: log.logger }),
      ),
    );
    for (const app of apps) opened.push(() => app.close());
    await Promise.all(apps.map((app) => app.ready()));

    expect(await due()).toEqual([]);
    const said = (message: string) =>
      logs.map((log) => log.lines.filter((line) => line.msg === message).length);
    const leads = said('this process is now the leader: it runs the schedulers');
    expect(leads.toSorted()).toEqual([0, 1]);
    // The draws were drawn by the leader's scheduler only; the other's never started.
    expect(said('lottery draws drawn and settled')).toEqual(leads);
  });
});

describe.skipIf(!postgresUrl)('migrations and demo seed of processes started together', () => {
  it('migrate and seed once on an empty database: the others wait and find it done', async () => {
    const empty = await createPostgresDatabase();
    opened.push(() => empty.drop());
    const processes = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ kind: 'postgres', url: empty.url, maxConnections: 2 })),
    );
    for (const database of processes) opened.push(() => database.close());
    const config = { seedDemo: true, merchantCode: 'kimlong', databaseUrl: empty.url, dataDir: '' };
    await Promise.all(processes.map((database) => readyDatabase(database, config)));

    // One set of seed rows: every table as in a database seeded once.
    const seededOnce = await createTestDatabase('postgres', { seed: true });
    opened.push(() => seededOnce.close());
    expect(await rowCounts(processes[0]!)).toEqual(await rowCounts(seededOnce));
  });

  it("holds the migrations' lock until the work after them (the seed) is done", async () => {
    const empty = await createPostgresDatabase();
    opened.push(() => empty.drop());
    const [one, two] = await Promise.all(
      [1, 2].map(() => openDatabase({ kind: 'postgres', url: empty.url, maxConnections: 2 })),
    );
    if (!one || !two) throw new Error('two databases expected');
    opened.push(
      () => one.close(),
      () => two.close(),
    );
    const events: string[] = [];
    let finishSeed = () => undefined as void;
    const seedHeld = new Promise<void>((resolve) => {
      finishSeed = resolve;
    });
    const first = one.migrate(async () => {
      events.push('first seeds');
      await seedHeld;
      events.push('first seeded');
    });
    // Cleaned up first, so that a failure does not leave the first holding its connection.
    opened.push(async () => finishSeed());
    // The migrations of an empty database take a few seconds.
    await vi.waitFor(() => expect(events).toEqual(['first seeds']), { timeout: 30_000, interval: 10 });
    const second = two.migrate(async () => void events.push('second seeds'));
    // The second waits for the lock the first still holds.
    await vi.waitFor(
      async () => {
        const waiting = rowsOf<{ count: string }>(
          await one.db.execute(sql`
            select count(*) from pg_locks
             where locktype = 'advisory' and not granted
               and database = (select oid from pg_database where datname = current_database())`),
        );
        expect(waiting[0]?.count).toBe('1');
      },
      { timeout: 10_000, interval: 10 },
    );
    expect(events).toEqual(['first seeds']);
    finishSeed();
    await Promise.all([first, second]);
    expect(events).toEqual(['first seeds', 'first seeded', 'second seeds']);
  });
});

/** The number of rows of every table of the public schema. */
async function rowCounts(database: Database): Promise<Record<string, number>> {
  const tables = rowsOf<{ name: string }>(
    await database.db.execute(sql`
      select table_name as name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`),
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = rowsOf<{ count: string }>(
      await database.db.execute(sql`select count(*) from ${sql.identifier(name)}`),
    );
    counts[name] = Number(row?.count);
  }
  return counts;
}
