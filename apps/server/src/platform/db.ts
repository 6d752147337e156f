import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from '../db/schema/index.ts';
import type { ChannelListener } from './change-feed.ts';

/**
 * The database: embedded PGlite under DATA_DIR by default, or a PostgreSQL server when DATABASE_URL is
 * set. Both speak the PostgreSQL dialect, so the rest of the code sees one `Db` type.
 */

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What a repository runs its statements on: the database, or the caller's transaction. */
export type DbOrTx = Db | Tx;
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /**
   * Applies the committed SQL migrations that are not applied yet, then runs `afterwards` (the demo seed)
   * before another process may migrate: on PostgreSQL both under one advisory lock, so that processes
   * started together on an empty database wait for the first and then find its work done.
   */
  migrate(afterwards?: () => Promise<unknown>): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data folder as a tarball, to open copies of this database from (tests). */
  dump?: () => Promise<Blob | File>;
  /** LISTEN on a notification channel (the change feed, docs/decisions/022-api-caching.md). */
  listen?: ChannelListener;
  /**
   * PostgreSQL only: a session advisory lock on a connection of its own, the one several processes elect
   * their leader with (platform/leader.ts, docs/decisions/042-scheduler-leader.md). Without it (PGlite:
   * one process) the process always leads.
   */
  leadership?: (key: number, onLost: (reason: string) => void) => SessionLock;
}

/**
 * A PostgreSQL session advisory lock held on a dedicated connection for as long as that connection lives:
 * when the process dies or its connection is lost, the server frees the lock for another process.
 */
export interface SessionLock {
  /**
   * Takes the lock when it is free, or checks that the connection holding it still answers: true when this
   * process holds it, false when another session does or the server cannot be reached. The connection is
   * opened on first use and again after it is lost.
   */
  tryHold(): Promise<boolean>;
  /** Frees the lock and closes its connection (a stop); `onLost` is not called for it. */
  release(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../db/migrations', import.meta.url));

/** Any number that identifies this application's migration lock among other users of the server. */
const MIGRATION_LOCK_KEY = 7_415_020_251;

export type DatabaseTarget =
  | {
      kind: 'pglite';
      dataDir: string | undefined;
      /** A data folder dumped by `dumpPglite`, to start from instead of an empty database (tests). */
      loadDataDir?: Blob | undefined;
      /**
       * PostgreSQL's `shared_buffers` (PGlite's default: 128 MB). A test's copy of the template holds a few
       * megabytes and lives for one file: setting up the default's buffers took about half a second of
       * each open.
       */
      sharedBuffers?: string;
    }
  | { kind: 'postgres'; url: string; maxConnections?: number };

export function databaseTarget(config: { databaseUrl: string | undefined; dataDir: string }): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir };
}

/** Opens the database. A PGlite `dataDir` of undefined keeps the database in memory (tests). */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.kind === 'pglite'
    ? openPglite(target.dataDir, target.loadDataDir, target.sharedBuffers)
    : openPostgres(target.url, target.maxConnections);
}

async function openPglite(
  dataDir: string | undefined,
  loadDataDir?: Blob,
  sharedBuffers?: string,
): Promise<Database> {
  // PGlite creates only the last folder of its path.
  if (dataDir) await mkdir(dirname(dataDir), { recursive: true });
  const client = await PGlite.create({
    ...(dataDir && { dataDir }),
    ...(loadDataDir && { loadDataDir }),
    ...(sharedBuffers && {
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`],
    }),
  });
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    dump: () => client.dumpDataDir('none'),
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return () => (client.closed ? Promise.resolve() : unlisten());
    },
    migrate: async (afterwards) => {
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
      await afterwards?.();
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string, maxConnections = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: maxConnections });
  // A connection that dies while idle (server restart, network) must not crash the process; the pool
  // opens a new one on the next query.
  pool.on('error', (error) => console.error(`PostgreSQL idle connection lost: ${error.message}`));
  // Fail at start, not on the first request, when the server cannot be reached.
  const probe = await pool.connect();
  probe.release();
  const db = drizzleNodePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    migrate: async (afterwards) => {
      // Several API processes may start at once: one applies the migrations (and seeds), the others wait.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
          await afterwards?.();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    listen: (channel, onPayload, onReconnect) => listenPostgres(url, channel, onPayload, onReconnect),
    leadership: (key, onLost) => postgresSessionLock(url, key, onLost),
    close: () => pool.end(),
  };
}

/** How long a lost listening connection waits before connecting again. */
const RELISTEN_DELAY_MS = 1000;

/**
 * LISTEN on a connection of its own (a pooled one goes back to the pool). When it is lost, it connects
 * again after a pause and calls `onReconnect`: notifications sent meanwhile are gone.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    next.on('error', (error) => {
      console.error(`PostgreSQL listening connection lost: ${error.message}`);
      void next.end().catch(() => undefined);
      if (client === next) client = undefined;
      schedule();
    });
    await next.connect();
    await next.query(`listen "${channel}"`);
    client = next;
  };
  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(onReconnect, (error: Error) => {
        console.error(`PostgreSQL listening connection failed: ${error.message}`);
        schedule();
      });
    }, RELISTEN_DELAY_MS);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
    client = undefined;
  };
}

/**
 * `SessionLock` on PostgreSQL: `pg_try_advisory_lock` on a client of its own (a pooled connection would
 * go back to the pool with the lock). TCP keep-alive makes a silently dropped connection fail instead of
 * hanging; its loss, while the lock is held, calls `onLost` once, with the reason.
 */
function postgresSessionLock(url: string, key: number, onLost: (reason: string) => void): SessionLock {
  let client: pg.Client | undefined;
  let held = false;

  const drop = (lost: pg.Client, reason: string) => {
    if (client !== lost) return;
    client = undefined;
    void lost.end().catch(() => undefined);
    if (!held) return;
    held = false;
    onLost(reason);
  };
  const connect = async (): Promise<pg.Client> => {
    const next = new pg.Client({ connectionString: url, keepAlive: true });
    next.on('error', (error) => drop(next, error.message));
    next.on('end', () => drop(next, 'the connection ended'));
    try {
      await next.connect();
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    client = next;
    return next;
  };

  return {
    async tryHold() {
      let current = client;
      try {
        current ??= await connect();
        if (held) {
          await current.query('select 1');
          return true;
        }
        const { rows } = await current.query<{ held: boolean }>('select pg_try_advisory_lock($1) as held', [
          key,
        ]);
        held = rows[0]?.held === true;
        return held;
      } catch (error) {
        if (current) drop(current, (error as Error).message);
        return false;
      }
    },
    async release() {
      const current = client;
      client = undefined;
      if (!current) return;
      // Unlocked before the connection closes, so that another process may take the lock at once.
      if (held) await current.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
      held = false;
      await current.end().catch(() => undefined);
    },
  };
}
