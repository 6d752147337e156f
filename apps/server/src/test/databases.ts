import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { runSeed } from '../db/seed/index.ts';
import { type Database, type DatabaseKind, openDatabase } from '../platform/db.ts';

/**
 * Every integration suite runs on a fresh migrated PGlite (in memory) per test file, and again on
 * PostgreSQL when TEST_DATABASE_URL is set: a database with a unique name is created from that URL for
 * the file and dropped after it.
 */

const postgresUrl = process.env.TEST_DATABASE_URL;

export const TEST_DATABASES: { kind: DatabaseKind; skip: boolean }[] = [
  { kind: 'pglite', skip: false },
  { kind: 'postgres', skip: !postgresUrl },
];

/** Declares the suite once per database kind; the PostgreSQL variant is skipped without TEST_DATABASE_URL. */
export function describeEachDatabase(name: string, suite: (kind: DatabaseKind) => void): void {
  for (const { kind, skip } of TEST_DATABASES) {
    describe.skipIf(skip)(`${name} (${kind})`, () => suite(kind));
  }
}

export async function createTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
    await database.migrate();
    return database;
  }
  const created = await createPostgresDatabase();
  const database = await openDatabase({ kind: 'postgres', url: created.url, maxConnections: 4 });
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      await created.drop();
    },
  };
}

/** An empty PostgreSQL database with a unique name on the TEST_DATABASE_URL server. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `kl_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdminClient((client) => client.query(`create database "${name}"`));
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await withAdminClient((client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh migrated database for the enclosing suite, with the demo data of the seed unless
 * `seed: false`; closed (and dropped) after it.
 */
export function useTestDatabase(
  kind: DatabaseKind,
  options: { seed?: boolean } = {},
): { readonly current: Database } {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    if (options.seed ?? true) await runSeed(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });
  return {
    get current() {
      if (!database) throw new Error('The test database is not open yet (use it inside a test or hook)');
      return database;
    },
  };
}
