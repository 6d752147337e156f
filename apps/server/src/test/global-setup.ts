import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { runSeed } from '../db/seed/index.ts';
import { openDatabase } from '../platform/db.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Files of PGlite data folders dumped once for the run: migrated, and migrated and seeded. */
    pgliteTemplates: { migrated: string; seeded: string } | null;
    /** PostgreSQL template databases of the run (TEST_DATABASE_URL): migrated, and migrated and seeded. */
    postgresTemplates: { migrated: string; seeded: string } | null;
  }
}

/**
 * Once per run, before any server suite: the migrated and the seeded database, built once and copied by
 * each test file (a PGlite data folder loaded from a dump, a PostgreSQL `CREATE DATABASE … TEMPLATE`)
 * instead of each file running initdb, the migrations and the seed again. Removed after the run.
 */
export default async function setup(project: TestProject) {
  // `npm test` starts a PostgreSQL server and says so (scripts/test.mjs): the PostgreSQL copies of the
  // suites then fail the run rather than skip when no server reaches them.
  if (process.env.KL_REQUIRE_POSTGRES === '1' && !process.env.TEST_DATABASE_URL) {
    throw new Error(
      'KL_REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set: the PostgreSQL copies of the server suites cannot run',
    );
  }
  const folder = await mkdtemp(join(tmpdir(), 'kl-test-templates-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  let postgres: { url: URL; names: { migrated: string; seeded: string } } | undefined;
  try {
    await database.migrate();
    const migrated = join(folder, 'migrated.tar');
    await writeFile(migrated, Buffer.from(await (await database.dump!()).arrayBuffer()));
    await runSeed(database.db);
    const seeded = join(folder, 'seeded.tar');
    await writeFile(seeded, Buffer.from(await (await database.dump!()).arrayBuffer()));
    project.provide('pgliteTemplates', { migrated, seeded });

    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl) {
      const prefix = `kl_template_${randomBytes(4).toString('hex')}`;
      postgres = {
        url: new URL(serverUrl),
        names: { migrated: `${prefix}_migrated`, seeded: `${prefix}_seeded` },
      };
      for (const [name, seed] of [
        [postgres.names.migrated, false],
        [postgres.names.seeded, true],
      ] as const) {
        await admin(serverUrl, (client) => client.query(`create database "${name}"`));
        const url = new URL(serverUrl);
        url.pathname = `/${name}`;
        const template = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 1 });
        try {
          await template.migrate();
          if (seed) await runSeed(template.db);
        } finally {
          await template.close();
        }
      }
      project.provide('postgresTemplates', postgres.names);
    } else {
      project.provide('postgresTemplates', null);
    }
  } finally {
    await database.close();
  }

  return async () => {
    await rm(folder, { recursive: true, force: true });
    if (postgres) {
      const serverUrl = postgres.url.toString();
      for (const name of Object.values(postgres.names)) {
        await admin(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
      }
    }
  };
}

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
