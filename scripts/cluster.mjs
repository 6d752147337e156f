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
import { root, serverArgs } from './server-entry.mjs';

const primary = spawn(process.execPath, serverArgs('start:cluster', 'cluster'), {
  cwd: root,
  env: process.env,
  stdio: ['ignore', 'inherit', 'inherit'],
});

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
