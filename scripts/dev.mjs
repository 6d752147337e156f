#!/usr/bin/env node
/**
 * Development: the API server (restarted on change by `node --watch`) and Vite's dev server (hot
 * reload), which proxies /api to the API server.
 *
 * Environment: PORT (API server, default 8080), WEB_PORT (Vite, default 5173); everything else is
 * passed on to the server (see apps/server/src/platform/config.ts).
 *
 * Ctrl-C or SIGTERM stops both; when one of them stops, the other is stopped too and this process
 * exits with the first one's exit code.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const webDir = join(root, 'apps/web');
const apiPort = process.env.PORT ?? '8080';
const webPort = process.env.WEB_PORT ?? '5173';

// Vite's own entry, started with node directly so that there is one process per child to signal.
const viteBin = join(
  dirname(createRequire(join(webDir, 'package.json')).resolve('vite/package.json')),
  'bin/vite.js',
);

const children = [
  {
    name: 'api',
    process: spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'], {
      cwd: root,
      env: { ...process.env, PORT: apiPort },
      stdio: ['ignore', 'inherit', 'inherit'],
    }),
  },
  {
    name: 'web',
    process: spawn(process.execPath, [viteBin, '--port', webPort, '--strictPort'], {
      cwd: webDir,
      env: { ...process.env, API_PORT: apiPort },
      stdio: ['ignore', 'inherit', 'inherit'],
    }),
  },
];

console.log(`dev: API server  http://127.0.0.1:${apiPort}/api/docs (restarts on change)`);
console.log(
  `dev: web app     http://localhost:${webPort}/m/home (hot reload; /api proxied to port ${apiPort})`,
);
console.log('dev: Ctrl-C stops both');

let stopping = false;
let exitCode = 0;

const running = (child) => child.process.exitCode === null && child.process.signalCode === null;

function stopAll(signal, code) {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  for (const child of children) if (running(child)) child.process.kill(signal);
  // A child that ignores the signal is killed after a grace period.
  setTimeout(() => {
    for (const child of children) if (running(child)) child.process.kill('SIGKILL');
  }, 5000).unref();
}

function exitWhenAllStopped() {
  if (children.every((child) => !running(child) || child.failedToStart)) process.exit(exitCode);
}

for (const child of children) {
  child.process.on('error', (error) => {
    console.error(`dev: could not start ${child.name}: ${error.message}`);
    child.failedToStart = true;
    stopAll('SIGTERM', 1);
    exitWhenAllStopped();
  });
  child.process.on('exit', (code, signal) => {
    if (!stopping)
      console.error(`dev: ${child.name} stopped (${signal ?? `exit ${code}`}); stopping the other`);
    stopAll('SIGTERM', code ?? 1);
    exitWhenAllStopped();
  });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => stopAll(signal === 'SIGHUP' ? 'SIGTERM' : signal, 0));
}
