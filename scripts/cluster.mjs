#!/usr/bin/env node
/**
 * `npm run start:cluster`: the site in several processes on one PostgreSQL database (DATABASE_URL), one
 * per core or WEB_CONCURRENCY, sharing the port (apps/server/src/cluster.ts;
 * docs/decisions/042-scheduler-leader.md). Like `npm start` (scripts/start.mjs): with NODE_ENV=production
 * it runs the release (`release/apps/server/src/cluster.js`, installed with `npm ci --omit=dev`), never the
 * TypeScript sources, which it runs otherwise. The sandboxes process is not started: outside production, start
 * it beside (`npm start -w @kl/sandboxes`) when the stand-ins are wanted.
 *
 * SIGINT, SIGTERM and SIGHUP (as SIGTERM) reach the cluster's primary, which stops its workers; this
 * process exits with its exit code.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const production = process.env.NODE_ENV === 'production';

const release = join(root, 'release');
if (production && !existsSync(join(release, 'node_modules'))) {
  console.error(
    existsSync(join(release, 'package.json'))
      ? '✗ start:cluster: the release is not installed: run `npm ci --omit=dev` in release/ (README, "Run it in production")'
      : '✗ start:cluster: production runs the release: run `npm run build`, then `npm ci --omit=dev` in release/ (README, "Run it in production")',
  );
  process.exit(1);
}

const primary = spawn(
  process.execPath,
  production
    ? [join(release, 'apps/server/src/cluster.js')]
    : ['--import', 'tsx', 'apps/server/src/cluster.ts'],
  { cwd: root, env: process.env, stdio: ['ignore', 'inherit', 'inherit'] },
);

// Passed on, not supervised with a short grace (scripts/supervise.mjs): the primary waits for its workers'
// graceful stops itself.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => primary.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal));
}
primary.on('error', (error) => {
  console.error(`✗ start:cluster: could not start: ${error.message}`);
  process.exit(1);
});
primary.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
