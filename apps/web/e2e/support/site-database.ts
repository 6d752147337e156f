import { spawnSync } from 'node:child_process';
import { basename } from 'node:path';
import pg from 'pg';

/**
 * The journeys' site on the test run's PostgreSQL server (TEST_DATABASE_URL, which `npm test` sets), as a
 * release runs: the server's SQL runs in PostgreSQL, not in the server's own process as the embedded
 * database's does (docs/decisions/031-test-suite-time.md). Without that server (the end-to-end tests run
 * alone) the site keeps its embedded database in its data folder.
 *
 * Two databases, named after the run's data folder: the site's, and a copy made as it is before the test
 * server starts (the demo seed and the operators), from which a journey with a server of its own makes its
 * database (pwa.spec.ts).
 */
export interface SiteDatabases {
  /** The PostgreSQL server's address, its database part left as given. */
  readonly serverUrl: string;
  readonly site: string;
  readonly copy: string;
  /** The address of database `name` on the server. */
  urlOf(name: string): string;
}

export function siteDatabasesOf(dataDir: string, serverUrl: string | undefined): SiteDatabases | undefined {
  if (!serverUrl) return undefined;
  const site = `kl_e2e_${basename(dataDir)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')}`;
  return {
    serverUrl,
    site,
    copy: `${site}_site`,
    urlOf(name) {
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      return url.toString();
    },
  };
}

/** Creates database `name` on the server, empty or as a copy of `template` (which nobody may be using). */
export async function createDatabase(serverUrl: string, name: string, template?: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

/**
 * Drops the databases at once, from a process's exit (where nothing asynchronous runs): a short node
 * process of its own does it. A failure is left to the server's end (`npm test` removes its cluster).
 */
export function dropDatabasesSync(serverUrl: string, names: readonly string[], cwd: string): void {
  const script = `
    const pg = require('pg');
    const [url, ...names] = process.argv.slice(1);
    (async () => {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      for (const name of names) await admin.query('drop database if exists ' + name + ' with (force)');
      await admin.end();
    })().catch(() => process.exit(1));
  `;
  spawnSync(process.execPath, ['-e', script, serverUrl, ...names], { cwd, stdio: 'ignore', timeout: 15_000 });
}
