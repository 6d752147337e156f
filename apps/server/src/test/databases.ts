import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { runSeed } from '../db/seed/index.ts';
import { type Database, type DatabaseKind, openDatabase } from '../platform/db.ts';

/**
 * Every integration suite runs on PostgreSQL, production's database, when TEST_DATABASE_URL is set (`npm
 * test` starts a server and sets it): a database with a unique name is created from that URL for the file
 * and dropped after it. Without it a suite runs on a fresh PGlite (in memory) instead. The suites that
 * exercise what differs between the embedded database and a server (raw SQL results read through each
 * driver, listening, migrating, data folders, a process killed on one) run on PGlite as well, with
 * `{ embedded: true }`: docs/decisions/031-test-suite-time.md. Both kinds are copies of the run's
 * templates (test/global-setup.ts: migrated, or migrated and seeded), so a file does not pay for initdb,
 * the migrations and the seed again.
 */

const postgresUrl = process.env.TEST_DATABASE_URL;

export interface DatabaseChoice {
  /**
   * Runs on PGlite too when PostgreSQL is there: the suite covers code whose behaviour can differ between
   * the drivers (a module reading raw SQL results, the database layer, a command on a data folder).
   * test/databases.test.ts checks that every module reading raw SQL has such a suite.
   */
  embedded?: boolean;
}

/**
 * The databases a suite runs on (a PostgreSQL one is skipped, not left out, without TEST_DATABASE_URL,
 * so that a run without a server says what it did not test).
 */
export function testDatabases({ embedded = false }: DatabaseChoice = {}): {
  kind: DatabaseKind;
  skip: boolean;
}[] {
  return [
    ...(embedded || !postgresUrl ? [{ kind: 'pglite' as const, skip: false }] : []),
    { kind: 'postgres', skip: !postgresUrl },
  ];
}

/** The buffers of a test's PGlite copy, which holds a few megabytes (platform/db.ts, `sharedBuffers`). */
const TEST_SHARED_BUFFERS = '8MB';

/**
 * A template's dump (about 50 MB), read once per worker: the server's files share their worker's modules
 * (vitest.config.ts), and reading the file and copying it into a new Blob for each copy took a fifth of a
 * second of every open. A Blob cannot change; PGlite reads it without altering it.
 */
const templateBlobs = new Map<string, Promise<Blob>>();
function templateBlob(path: string): Promise<Blob> {
  let blob = templateBlobs.get(path);
  if (!blob) {
    blob = readFile(path).then((bytes) => new Blob([bytes]));
    templateBlobs.set(path, blob);
  }
  return blob;
}

type Suite = (kind: DatabaseKind) => void;

/** Declares the suite once per database it runs on (`testDatabases`). */
export function describeEachDatabase(name: string, suite: Suite): void;
export function describeEachDatabase(name: string, choice: DatabaseChoice, suite: Suite): void;
export function describeEachDatabase(
  name: string,
  choiceOrSuite: DatabaseChoice | Suite,
  last?: Suite,
): void {
  const [choice, suite] = typeof choiceOrSuite === 'function' ? [{}, choiceOrSuite] : [choiceOrSuite, last];
  if (!suite) throw new Error(`describeEachDatabase('${name}'): no suite`);
  for (const { kind, skip } of testDatabases(choice)) {
    describe.skipIf(skip)(`${name} (${kind})`, () => suite(kind));
  }
}

/** A fresh migrated database (seeded too with `seed`), copied from the run's template when there is one. */
export async function createTestDatabase(
  kind: DatabaseKind,
  options: { seed?: boolean } = {},
): Promise<Database> {
  const seed = options.seed ?? false;
  if (kind === 'pglite') {
    const templates = inject('pgliteTemplates');
    const dump = templates ? await templateBlob(seed ? templates.seeded : templates.migrated) : undefined;
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: undefined,
      loadDataDir: dump,
      sharedBuffers: TEST_SHARED_BUFFERS,
    });
    if (!dump) {
      await database.migrate();
      if (seed) await runSeed(database.db);
    }
    return database;
  }
  const templates = inject('postgresTemplates');
  const created = await createPostgresDatabase(
    templates ? (seed ? templates.seeded : templates.migrated) : undefined,
  );
  const database = await openDatabase({ kind: 'postgres', url: created.url, maxConnections: 4 });
  if (!templates) {
    await database.migrate();
    if (seed) await runSeed(database.db);
  }
  return {
    ...database,
    close: async () => {
      await database.close();
      await created.drop();
    },
  };
}

/**
 * Opens a PGlite database in the data folder `dataDir`, made a copy of the run's migrated (or migrated and
 * seeded) template: a process or command run on the folder then finds a ready database instead of making
 * one from nothing (initdb in WebAssembly and every migration, several seconds), which the tests of a
 * first start do.
 */
export async function openDataDirCopy(dataDir: string, template: 'migrated' | 'seeded'): Promise<Database> {
  const templates = inject('pgliteTemplates');
  if (!templates) throw new Error('no PGlite template for this run');
  const dump = await templateBlob(templates[template]);
  return openDatabase({ kind: 'pglite', dataDir, loadDataDir: dump, sharedBuffers: TEST_SHARED_BUFFERS });
}

/** A PostgreSQL database with a unique name on the TEST_DATABASE_URL server: empty, or a copy of `template`. */
export async function createPostgresDatabase(
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `kl_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdminClient((client) =>
    client.query(`create database "${name}"${template ? ` template "${template}"` : ''}`),
  );
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
    database = await createTestDatabase(kind, { seed: options.seed ?? true });
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
