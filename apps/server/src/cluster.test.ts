import { describe, expect, it, vi } from 'vitest';
import {
  clusterPlan,
  FIRST_RESTART_DELAY_MS,
  MAX_RESTART_DELAY_MS,
  MAX_WORKERS,
  restartDelayMs,
} from './cluster.ts';
import { loadConfig } from './platform/config.ts';
import { freePort, type ServerRun, startServer, useProcessWorkDir, waitForHealth } from './test/processes.ts';

const DATABASE_URL = 'postgres://kl:secret@db.internal:5432/kl';
const onPostgres = { databaseUrl: DATABASE_URL };

describe('the cluster plan', () => {
  it('starts one worker per core, or as many as WEB_CONCURRENCY says', () => {
    expect(clusterPlan({}, onPostgres, 6)).toEqual({ workers: 6 });
    expect(clusterPlan({ WEB_CONCURRENCY: ' ' }, onPostgres, 1)).toEqual({ workers: 1 });
    expect(clusterPlan({ WEB_CONCURRENCY: '3' }, onPostgres, 16)).toEqual({ workers: 3 });
    expect(clusterPlan({ WEB_CONCURRENCY: String(MAX_WORKERS) }, onPostgres, 2)).toEqual({
      workers: MAX_WORKERS,
    });
    expect(clusterPlan({}, onPostgres, 500)).toEqual({ workers: MAX_WORKERS });
  });

  it('refuses the embedded database and a bad WEB_CONCURRENCY', () => {
    const embedded = clusterPlan({}, loadConfig({ NODE_ENV: 'development' }), 4);
    expect(embedded).toEqual({ problem: expect.stringMatching(/^DATABASE_URL must be set: .* PGlite/) });
    for (const value of ['0', '-1', '1.5', 'two', String(MAX_WORKERS + 1)]) {
      expect(clusterPlan({ WEB_CONCURRENCY: value }, onPostgres, 4), value).toEqual({
        problem: `WEB_CONCURRENCY must be a whole number of workers from 1 to ${MAX_WORKERS}`,
      });
    }
  });

  it('starts a dead worker again at once after a steady run, then waits twice as long after each quick death', () => {
    expect([0, 1, 2, 3, 4].map(restartDelayMs)).toEqual([
      0,
      FIRST_RESTART_DELAY_MS,
      FIRST_RESTART_DELAY_MS * 2,
      FIRST_RESTART_DELAY_MS * 4,
      FIRST_RESTART_DELAY_MS * 8,
    ]);
    expect(restartDelayMs(40)).toBe(MAX_RESTART_DELAY_MS);
  });
});

/** The primary of `npm run start:cluster` from the sources. */
const startCluster = (env: Record<string, string>) => startServer(env, 'info', 'src/cluster.ts');

/** The JSON log lines of the workers with this message. */
function logged(run: ServerRun, message: string): { pid: number }[] {
  return run
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { pid: number; msg: string })
    .filter((line) => line.msg === message);
}

describe('npm run start:cluster', () => {
  const { webDist, seededCopy, onCleanup } = useProcessWorkDir('kl-cluster-');
  const running: ServerRun[] = [];
  onCleanup(async () => {
    for (const run of running) {
      if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
    }
  });

  it('refuses to start on the embedded database', async () => {
    const run = startCluster({ DATA_DIR: '/nonexistent/kl-cluster-data' });
    running.push(run);
    expect(await run.exited).toBe(1);
    expect(run.stderr()).toContain('✗ start:cluster: DATABASE_URL must be set');
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'runs two workers on one port with one leader; a killed leader is replaced and the other leads; SIGTERM stops all with 0',
    async () => {
      const { database, env } = await seededCopy('postgres', 'data');
      await database.close();
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const run = startCluster({
        ...env,
        WEB_CONCURRENCY: '2',
        HOST: '127.0.0.1',
        PORT: String(port),
        WEB_DIST: webDist,
        SEED_DEMO: '0',
        LOTTERY_SCHEDULER: 'on',
      });
      running.push(run);
      await waitForHealth(base, run, 90_000);
      const ready = `site ready at ${base}/m/home (API docs at ${base}/api/docs)`;
      const leads = 'this process is now the leader: it runs the schedulers';
      await vi.waitFor(() => expect(logged(run, ready)).toHaveLength(2), { timeout: 90_000, interval: 100 });
      expect(new Set(logged(run, ready).map((line) => line.pid)).size).toBe(2);
      await vi.waitFor(() => expect(logged(run, leads)).toHaveLength(1), { timeout: 10_000, interval: 100 });

      const [first] = logged(run, leads);
      if (!first) throw new Error('no leader');
      process.kill(first.pid, 'SIGKILL');
      // The other worker takes the freed lock at its next try; the killed one is started again.
      await vi.waitFor(() => expect(logged(run, leads)).toHaveLength(2), { timeout: 30_000, interval: 100 });
      expect(logged(run, leads)[1]?.pid).not.toBe(first.pid);
      await vi.waitFor(() => expect(logged(run, ready)).toHaveLength(3), { timeout: 90_000, interval: 100 });
      expect(run.stderr()).toMatch(/worker \d \(pid \d+\) stopped \(SIGKILL\); starting it again/);
      expect((await fetch(`${base}/api/health`)).status).toBe(200);

      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      expect(run.stdout()).toContain('start:cluster: every worker stopped');
      expect(logged(run, 'stopped')).toHaveLength(2);
    },
    240_000,
  );
});
