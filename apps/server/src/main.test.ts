import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createPostgresDatabase, TEST_DATABASES } from './test/databases.ts';

// These tests start the server or the check as processes of their own: slow on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

/** These tests run the real entry point the way `npm start` does: `node --import tsx src/main.ts`. */
const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const OPS_TOKEN = 'process-test-token';

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

function runMain(env: Record<string, string>): Run {
  const inherited = { ...process.env };
  for (const name of ['DATABASE_URL', 'PORT', 'HOST', 'DATA_DIR', 'WEB_DIST', 'OPS_TOKEN', 'DEV_OUTBOX']) {
    delete inherited[name];
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...inherited, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

async function waitForHealth(base: string, run: Run, timeoutMs = 40_000): Promise<Record<string, unknown>> {
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

async function stop(run: Run): Promise<number | null> {
  run.child.kill('SIGTERM');
  return run.exited;
}

describe('main.ts', () => {
  it('refuses a bad configuration: exit code 1 and "Invalid configuration" on stderr', async () => {
    const run = runMain({ PORT: 'abc', DATABASE_URL: 'not-a-url' });
    expect(await run.exited).toBe(1);
    expect(run.stderr()).toContain('Invalid configuration: PORT must be a whole number from 0 to 65535');
    expect(run.stderr()).toContain('Invalid configuration: DATABASE_URL');
    expect(run.stdout()).toBe('');
  });
});

for (const { kind, skip } of TEST_DATABASES) {
  describe.skipIf(skip)(`main.ts on ${kind}`, () => {
    const workDir = mkdtempSync(join(tmpdir(), 'kl-main-'));
    const webDist = join(workDir, 'dist');
    mkdirSync(webDist);
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Kim Long</title>');
    const cleanups: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups) await cleanup();
      rmSync(workDir, { recursive: true, force: true });
    });

    async function databaseEnv(): Promise<Record<string, string>> {
      // DATA_DIR two folders deep: the server creates the parent PGlite would not.
      if (kind === 'pglite') return { DATA_DIR: join(workDir, 'nested', 'data', 'db') };
      const created = await createPostgresDatabase();
      cleanups.push(created.drop);
      return { DATABASE_URL: created.url };
    }

    it('starts, serves /api and /m, and stops on SIGTERM with exit code 0; state survives a restart', async () => {
      const env = { ...(await databaseEnv()), WEB_DIST: webDist, OPS_TOKEN, HOST: '127.0.0.1' };

      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const first = runMain({ ...env, PORT: String(port) });
      const health = await waitForHealth(base, first);
      expect(health).toMatchObject({ success: true, value: { status: 'ok', database: kind } });
      expect(first.stdout()).toContain(`site ready at ${base}/m/home`);
      expect((await fetch(`${base}/m/home`)).status).toBe(200);
      const change = await fetch(`${base}/api/ops/status`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${OPS_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ maintenance: true }),
      });
      expect(change.status).toBe(200);
      expect(await stop(first)).toBe(0);
      expect(first.stdout()).toContain('"msg":"stopped"');
      expect(first.stderr()).toBe('');

      // Migrations and seed run again on the same database: nothing changes, the operator's switch stays.
      const secondPort = await freePort();
      const second = runMain({ ...env, PORT: String(secondPort) });
      await waitForHealth(`http://127.0.0.1:${secondPort}`, second);
      const status = (await (await fetch(`http://127.0.0.1:${secondPort}/api/status`)).json()) as {
        value: { status: number; maintenance: boolean };
      };
      expect(status.value).toMatchObject({ status: 1, maintenance: true });
      expect(await stop(second)).toBe(0);
    });
  });
}
