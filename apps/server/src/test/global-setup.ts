import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { runSeed } from '../db/seed/index.ts';
import { openDatabase } from '../platform/db.ts';
import { buildCompiledServer } from './compiled-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Files of PGlite data folders dumped once for the run: migrated, and migrated and seeded. */
    pgliteTemplates: { migrated: string; seeded: string } | null;
    /** PostgreSQL template databases of the run (TEST_DATABASE_URL): migrated, and migrated and seeded. */
    postgresTemplates: { migrated: string; seeded: string } | null;
    /** The server compiled to JavaScript once for the run, for the processes (test/compiled-server.ts). */
    compiledServer: string;
  }
}

interface Templates {
  pglite: { migrated: string; seeded: string };
  postgres: { migrated: string; seeded: string } | null;
  compiled: string;
  remove(): Promise<void>;
}

/**
 * The templates are shared by the run's two server projects (`server` and `server-isolated`), whose
 * global setups Vitest runs one after the other in its own process before any test: the second finds the
 * first's build, and the last teardown removes them. Building them once saved the time of a build (initdb,
 * the migrations and the seed twice over) at the start of every run.
 */
const shared = globalThis as typeof globalThis & {
  klTestTemplates?: { build: Promise<Templates>; users: number };
};

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
  const entry = (shared.klTestTemplates ??= { build: buildTemplates(), users: 0 });
  entry.users += 1;
  let templates: Templates;
  try {
    templates = await entry.build;
  } catch (error) {
    if (shared.klTestTemplates === entry) shared.klTestTemplates = undefined;
    throw error;
  }
  project.provide('pgliteTemplates', templates.pglite);
  project.provide('postgresTemplates', templates.postgres);
  project.provide('compiledServer', templates.compiled);

  return async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    if (shared.klTestTemplates === entry) shared.klTestTemplates = undefined;
    await templates.remove();
  };
}

async function buildTemplates(): Promise<Templates> {
  const folder = await mkdtemp(join(tmpdir(), 'kl-test-templates-'));
  // The compiler runs in a process of its own while this one builds the databases.
  const compiling = buildCompiledServer(join(folder, 'compiled'));
  compiling.catch(() => {});
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  let postgres: { url: URL; names: { migrated: string; seeded: string } } | undefined;
  const remove = async () => {
    await rm(folder, { recursive: true, force: true });
    if (postgres) {
      const serverUrl = postgres.url.toString();
      for (const name of Object.values(postgres.names)) {
        await admin(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
      }
    }
  };
  try {
    await database.migrate();
    const migrated = join(folder, 'migrated.tar');
    await writeFile(migrated, Buffer.from(await (await database.dump!()).arrayBuffer()));
    await runSeed(database.db);
    const seeded = join(folder, 'seeded.tar');
    await writeFile(seeded, Buffer.from(await (await database.dump!()).arrayBuffer()));

    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl) {
      const prefix = `kl_template_${randomBytes(4).toString('hex')}`;
      postgres = {
        url: new URL(serverUrl),
        names: { migrated: `${prefix}_migrated`, seeded: `${prefix}_seeded` },
      };
      // The seeded template is a copy of the migrated one, seeded: the migrations run once.
      for (const [name, seed] of [
        [postgres.names.migrated, false],
        [postgres.names.seeded, true],
      ] as const) {
        const from = seed ? ` template "${postgres.names.migrated}"` : '';
        await admin(serverUrl, (client) => client.query(`create database "${name}"${from}`));
        const url = new URL(serverUrl);
        url.pathname = `/${name}`;
        const template = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 1 });
        try {
          if (seed) await runSeed(template.db);
          else await template.migrate();
        } finally {
          await template.close();
        }
      }
    }
    const compiled = await compiling;
    return { pglite: { migrated, seeded }, postgres: postgres?.names ?? null, compiled, remove };
  } catch (error) {
    await compiling.catch(() => {});
    await remove();
    throw error;
  } finally {
    await database.close();
  }
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
