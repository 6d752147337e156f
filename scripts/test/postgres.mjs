/**
 * The PostgreSQL server the server suites' PostgreSQL copies run on (docs/conventions.md, "Tests"): the
 * one TEST_DATABASE_URL names, or else a throwaway cluster on loopback — initdb in a new temporary
 * folder, a free port, its unix socket in that folder, trust authentication — stopped and removed at the
 * end of the run. As root the cluster runs as the system user `postgres` (created when absent: initdb
 * refuses root); otherwise as the current user.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the PostgreSQL copies (and the release's processes in the end-to-end tests) run: nowhere when
 * neither the unit and integration tests nor the end-to-end tests are selected (`none`), on the server
 * TEST_DATABASE_URL names (`given`: nothing is started), or on a throwaway cluster (`throwaway`).
 */
export function databasePlan({ steps, env }) {
  if (!steps.includes('unit') && !steps.includes('e2e')) return { kind: 'none' };
  if (env.TEST_DATABASE_URL) return { kind: 'given', url: env.TEST_DATABASE_URL };
  return { kind: 'throwaway' };
}

/** The PostgreSQL URL of a throwaway cluster listening on loopback at `port`. */
export function clusterUrl(port) {
  return `postgres://postgres@127.0.0.1:${port}/postgres`;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A throwaway cluster: `start()` makes and starts it, `stop()` stops it and removes its folder (also
 * when it started only partly; safe to call more than once, synchronous so that it can run on exit).
 */
export function throwawayCluster({ binDir, asRoot, tmp = tmpdir() }) {
  const dir = mkdtempSync(join(tmp, 'kl-test-pg-'));
  const data = join(dir, 'data');
  let removed = false;

  /** Runs a PostgreSQL program in the cluster's folder, as `postgres` when root. */
  const pg = (program, args) => {
    const path = join(binDir, program);
    const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
    return spawnSync(command, argv, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  };
  const logOf = (name) => {
    const path = join(dir, name);
    return existsSync(path) ? readFileSync(path, 'utf8') : '';
  };

  return {
    dir,
    async start() {
      if (asRoot) {
        if (spawnSync('id', ['-u', 'postgres'], { stdio: 'ignore' }).status !== 0) {
          const user = spawnSync(
            'useradd',
            [
              '--system',
              '--user-group',
              '--home-dir',
              '/var/lib/postgresql',
              '--shell',
              '/bin/bash',
              'postgres',
            ],
            { stdio: ['ignore', 'inherit', 'inherit'] },
          );
          if (user.status !== 0) throw new Error('could not create the system user postgres');
        }
        const owner = spawnSync('chown', ['postgres:postgres', dir], { stdio: 'inherit' });
        if (owner.status !== 0) throw new Error(`could not give ${dir} to the user postgres`);
      }
      const init = pg('initdb', [
        '-D',
        data,
        '-U',
        'postgres',
        '-E',
        'UTF8',
        '--locale=C',
        '--auth-local=trust',
        '--auth-host=trust',
        '--no-sync',
      ]);
      if (init.status !== 0) throw new Error(`initdb failed:\n${init.stdout}${init.stderr}`);

      const port = await freePort();
      const options = [
        `-k ${dir}`,
        '-c listen_addresses=127.0.0.1',
        `-p ${port}`,
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
      ].join(' ');
      const started = pg('pg_ctl', [
        '-D',
        data,
        '-l',
        join(dir, 'server.log'),
        '-w',
        '-t',
        '30',
        '-o',
        options,
        'start',
      ]);
      if (started.status !== 0) {
        throw new Error(`PostgreSQL did not start:\n${started.stderr}${logOf('server.log')}`);
      }
      for (let attempt = 0; attempt < 60; attempt += 1) {
        const ready = spawnSync(
          join(binDir, 'pg_isready'),
          ['-q', '-h', '127.0.0.1', '-p', String(port), '-U', 'postgres'],
          {
            stdio: 'ignore',
          },
        );
        if (ready.status === 0) return { url: clusterUrl(port), port };
        await sleep(500);
      }
      throw new Error(
        `PostgreSQL is not accepting connections on 127.0.0.1:${port}:\n${logOf('server.log')}`,
      );
    },
    stop() {
      if (removed) return;
      removed = true;
      if (existsSync(join(data, 'postmaster.pid'))) {
        const fast = pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '20', 'stop']);
        if (fast.status !== 0) pg('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
