#!/usr/bin/env node
/**
 * `npm start`: the site (apps/server) and, outside production, the sandboxes process beside it (the
 * stand-ins of the payment gateway and the game provider, apps/sandboxes; docs/decisions/
 * 036-sandboxes-process.md), so that a fresh clone plays provider games and pays deposits.
 * With NODE_ENV=production only the site runs, and it runs the release (scripts/release.mjs): the server
 * compiled to JavaScript in release/, installed there with `npm ci --omit=dev`; never the TypeScript
 * sources. The working folder stays the repository's (its ./data, its .env).
 *
 * Signals reach both; when one stops, the other is stopped too and this process exits with the first
 * one's exit code.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gatewayEnv, sandboxesChild } from './sandboxes.mjs';
import { supervise } from './supervise.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const production = process.env.NODE_ENV === 'production';

const release = join(root, 'release');
if (production && !existsSync(join(release, 'node_modules'))) {
  console.error(
    existsSync(join(release, 'package.json'))
      ? '✗ start: the release is not installed: run `npm ci --omit=dev` in release/ (README, "Run it in production")'
      : '✗ start: production runs the release: run `npm run build`, then `npm ci --omit=dev` in release/ (README, "Run it in production")',
  );
  process.exit(1);
}

const site = {
  name: 'site',
  process: spawn(
    process.execPath,
    production ? [join(release, 'apps/server/src/main.js')] : ['--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: root,
      env: { ...process.env, ...(production ? {} : gatewayEnv()) },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  ),
};

supervise('start', production ? [site] : [site, sandboxesChild(root, process.env.PORT || '8080')]);
