#!/usr/bin/env node
/**
 * Development: the API server (restarted on change by `node --watch`), Vite's dev server (hot
 * reload), which proxies /api to the API server, and the sandboxes (the stand-ins of the payment
 * gateway and the game provider, apps/sandboxes; docs/decisions/036-sandboxes-process.md).
 *
 * Environment: PORT (API server, default 8080), WEB_PORT (Vite, default 5173), SANDBOXES_PORT (default
 * 8090); everything else is passed on to the server (see apps/server/src/platform/config.ts).
 *
 * Ctrl-C or SIGTERM stops them all; when one of them stops, the others are stopped too and this
 * process exits with the first one's exit code.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gatewayEnv, sandboxesChild, sandboxesPort } from './sandboxes.mjs';
import { supervise } from './supervise.mjs';

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
      env: { ...process.env, PORT: apiPort, ...gatewayEnv() },
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
  sandboxesChild(root, apiPort),
];

console.log(`dev: API server  http://127.0.0.1:${apiPort}/api/docs (restarts on change)`);
console.log(
  `dev: web app     http://localhost:${webPort}/m/home (hot reload; /api proxied to port ${apiPort})`,
);
console.log(`dev: sandboxes    http://127.0.0.1:${sandboxesPort()}/gateway/pay (gateway and provider)`);
console.log('dev: Ctrl-C stops them all');

supervise('dev', children);
