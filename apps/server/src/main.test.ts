import { describe, expect, it, vi } from 'vitest';
import { createMerchantRepository } from './modules/merchant/index.ts';
import { openDatabase } from './platform/db.ts';
import { testDatabases } from './test/databases.ts';
import { freePort, startServer, stopServer, useProcessWorkDir, waitForHealth } from './test/processes.ts';

// These tests start the server or the check as processes of their own: slow on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

/** These tests run the real entry point the way `npm start` does in the release: compiled, `node src/main.js`. */

describe('main.ts', () => {
  it('refuses a bad configuration: exit code 1 and "Invalid configuration" on stderr', async () => {
    const run = startServer({ PORT: 'abc', DATABASE_URL: 'not-a-url' });
    expect(await run.exited).toBe(1);
    expect(run.stderr()).toContain('Invalid configuration: PORT must be a whole number from 0 to 65535');
    expect(run.stderr()).toContain('Invalid configuration: DATABASE_URL');
    expect(run.stdout()).toBe('');
  });
});

for (const { kind, skip } of testDatabases({ embedded: true })) {
  describe.skipIf(skip)(`main.ts on ${kind}`, () => {
    const { webDist, databaseEnv } = useProcessWorkDir('kl-main-');

    it('starts, serves /api and /m, and stops on SIGTERM with exit code 0; state survives a restart', async () => {
      // DATA_DIR two folders deep: the server creates the parent PGlite would not.
      const env: Record<string, string> = {
        ...(await databaseEnv(kind, 'nested/data/db')),
        WEB_DIST: webDist,
        HOST: '127.0.0.1',
      };

      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const first = startServer({ ...env, PORT: String(port) });
      const health = await waitForHealth(base, first);
      expect(health).toMatchObject({ success: true, value: { status: 'ok', database: kind } });
      // Logged once listening: a health check can be answered before the line reaches the pipe.
      await vi.waitFor(() => expect(first.stdout()).toContain(`site ready at ${base}/m/home`), {
        timeout: 10_000,
        interval: 100,
      });
      expect((await fetch(`${base}/m/home`)).status).toBe(200);
      expect(await stopServer(first)).toBe(0);
      expect(first.stdout()).toContain('"msg":"stopped"');
      expect(first.stderr()).toBe('');

      // An operator's switch, written while the server is stopped (the back office writes the same row).
      const database = await openDatabase(
        env.DATABASE_URL === undefined
          ? { kind: 'pglite', dataDir: env.DATA_DIR }
          : { kind: 'postgres', url: env.DATABASE_URL, maxConnections: 1 },
      );
      await createMerchantRepository(database.db).updateOperatorStatus('kimlong', { maintenance: true });
      await database.close();

      // Migrations and seed run again on the same database: nothing changes, the operator's switch stays.
      // A configuration that still sets the retired operator tokens starts, and says they are ignored.
      const secondPort = await freePort();
      const second = startServer({
        ...env,
        PORT: String(secondPort),
        OPS_TOKEN: 'a-retired-operator-token',
        CHAT_OPERATOR_TOKEN: 'a-retired-chat-token',
      });
      await waitForHealth(`http://127.0.0.1:${secondPort}`, second);
      const status = (await (await fetch(`http://127.0.0.1:${secondPort}/api/status`)).json()) as {
        value: { status: number; maintenance: boolean };
      };
      expect(status.value).toMatchObject({ status: 1, maintenance: true });
      expect(second.stdout()).toContain('OPS_TOKEN and CHAT_OPERATOR_TOKEN are ignored');
      const gone = await fetch(`http://127.0.0.1:${secondPort}/api/ops/status`, {
        method: 'PUT',
        headers: { authorization: 'Bearer a-retired-operator-token', 'content-type': 'application/json' },
        body: JSON.stringify({ maintenance: false }),
      });
      expect(gone.status).toBe(404);
      expect(await stopServer(second)).toBe(0);
    });
  });
}
