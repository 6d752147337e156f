import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, inject } from 'vitest';
import {
  DEVELOPMENT_PAYMENT_CALLBACK_SECRET,
  DEVELOPMENT_SANDBOX_PROVIDER_SECRET,
  DEVELOPMENT_SECRET_KEYS_VALUE,
} from '../platform/config.ts';
import { type Database, type DatabaseKind, openDatabase } from '../platform/db.ts';
import { createPostgresDatabase, openDataDirCopy } from './databases.ts';

/**
 * Tests that run the real processes the way production does: the server (`npm start` in the release, that
 * is `node apps/server/src/main.js`) and `npm run ledger:check`, compiled once for the run
 * (test/compiled-server.ts), each with an environment of its own.
 */

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

/** The variables the processes read (platform/config.ts): a test sets them itself, never inherits them. */
const SERVER_VARIABLES = [
  'DATABASE_URL',
  'PORT',
  'HOST',
  'DATA_DIR',
  'WEB_DIST',
  'OPS_TOKEN',
  'CHAT_OPERATOR_TOKEN',
  'DEV_OUTBOX',
  'NODE_ENV',
  'WEB_CONCURRENCY',
];

/**
 * What a process on PostgreSQL is given beside DATABASE_URL: the keys every process on a shared database
 * must be given (platform/config.ts), here the development ones, which the stand-ins sign with.
 */
const SHARED_DATABASE_ENV = {
  SECRET_KEYS: DEVELOPMENT_SECRET_KEYS_VALUE,
  PAYMENT_CALLBACK_SECRET: DEVELOPMENT_PAYMENT_CALLBACK_SECRET,
  SANDBOX_PROVIDER_SECRET: DEVELOPMENT_SANDBOX_PROVIDER_SECRET,
};

/**
 * The compiled file of a source of apps/server (`src/main.ts`, `scripts/ledger-check.ts`), which a process
 * runs with `node` alone.
 */
export function compiledServerPath(serverSource: string): string {
  return join(inject('compiledServer'), 'apps/server', serverSource.replace(/\.ts$/, '.js'));
}

function inheritedEnv(): NodeJS.ProcessEnv {
  const inherited = { ...process.env };
  for (const name of SERVER_VARIABLES) delete inherited[name];
  return inherited;
}

export interface ServerRun {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/**
 * Starts the server process (NODE_ENV test, LOG_LEVEL `logLevel`) with the given variables; `entry` the
 * cluster's primary (src/cluster.ts) instead of one server.
 */
export function startServer(
  env: Record<string, string>,
  logLevel = 'info',
  entry: 'src/main.ts' | 'src/cluster.ts' = 'src/main.ts',
): ServerRun {
  const child = spawn(process.execPath, [compiledServerPath(entry)], {
    cwd: SERVER_DIR,
    env: { ...inheritedEnv(), NODE_ENV: 'test', LOG_LEVEL: logLevel, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/** Stops the server as a process manager does (SIGTERM); answers its exit code. */
export async function stopServer(run: ServerRun): Promise<number | null> {
  run.child.kill('SIGTERM');
  return run.exited;
}

/** A TCP port free on 127.0.0.1 at the time of asking. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

/** Waits until the server at `base` answers /api/health; answers that body. Fails if the process ends first. */
export async function waitForHealth(
  base: string,
  run: ServerRun,
  timeoutMs = 40_000,
): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void run.exited.then((code) => (exitCode = code));
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`the server exited with ${exitCode}: ${run.stderr()}`);
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) return (await response.json()) as Record<string, unknown>;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`no answer from ${base}/api/health: ${run.stderr()}`);
}

/**
 * Starts the server process with the given variables on a free port of 127.0.0.1 (HOST and PORT are
 * set here) and waits until it answers /api/health; answers the run and its address. A server that
 * does not come up is killed before the failure is thrown.
 */
export async function startOnFreePort(
  env: Record<string, string>,
  { logLevel = 'warn', timeoutMs = 60_000 }: { logLevel?: string; timeoutMs?: number } = {},
): Promise<{ run: ServerRun; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const run = startServer({ ...env, HOST: '127.0.0.1', PORT: String(port) }, logLevel);
  try {
    await waitForHealth(base, run, timeoutMs);
  } catch (error) {
    if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
    await run.exited;
    throw error;
  }
  return { run, base };
}

/** `npm run ledger:check` as a person runs it, against the database the variables name. */
export function runLedgerCheck(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string }> {
  const child = spawn(process.execPath, [compiledServerPath('scripts/ledger-check.ts')], {
    cwd: REPO_ROOT,
    env: { ...inheritedEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  return once(child, 'exit').then(([code]) => ({ code: code as number | null, stdout }));
}

/**
 * A working folder for the suite (with a built web app in `webDist` to serve), removed after it with the
 * PostgreSQL databases `postgresEnv` created.
 */
export function useProcessWorkDir(prefix: string) {
  const workDir = mkdtempSync(join(tmpdir(), prefix));
  const webDist = join(workDir, 'dist');
  mkdirSync(webDist);
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Kim Long</title>');
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
    rmSync(workDir, { recursive: true, force: true });
  });
  return {
    workDir,
    webDist,
    /** Runs `cleanup` after the suite, before the folder is removed. */
    onCleanup(cleanup: () => Promise<void>) {
      cleanups.push(cleanup);
    },
    /**
     * The variables that give a process its database: PGlite in `dataDir` (inside the working folder), or
     * a new PostgreSQL database (on the TEST_DATABASE_URL server) dropped after the suite, with the keys
     * a process on PostgreSQL must be given.
     */
    async databaseEnv(kind: DatabaseKind, dataDir: string): Promise<Record<string, string>> {
      if (kind === 'pglite') return { DATA_DIR: join(workDir, dataDir) };
      const created = await createPostgresDatabase();
      cleanups.push(created.drop);
      return { DATABASE_URL: created.url, ...SHARED_DATABASE_ENV };
    },
    /**
     * A copy of the run's migrated and seeded database (test/global-setup.ts) for the processes, open in
     * the test to write what they should find (close it before starting one), and the variables that name
     * it: a PGlite data folder in `dataDir` loaded from the template's dump, or a PostgreSQL database made
     * from the template. The processes then start on a ready database (their migrations and demo seed
     * find nothing to do) instead of making one from nothing, which the tests of a first start do.
     */
    async seededCopy(
      kind: DatabaseKind,
      dataDir: string,
    ): Promise<{ database: Database; env: Record<string, string> }> {
      if (kind === 'pglite') {
        const path = join(workDir, dataDir);
        return { database: await openDataDirCopy(path, 'seeded'), env: { DATA_DIR: path } };
      }
      const created = await createPostgresDatabase(inject('postgresTemplates')?.seeded);
      cleanups.push(created.drop);
      const database = await openDatabase({ kind: 'postgres', url: created.url, maxConnections: 2 });
      return { database, env: { DATABASE_URL: created.url, ...SHARED_DATABASE_ENV } };
    },
  };
}
