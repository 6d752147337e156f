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
import { gatewayEnv, sandboxesChild } from './sandboxes.mjs';
import { production, root, serverArgs } from './server-entry.mjs';
import { supervise } from './supervise.mjs';

const site = {
  name: 'site',
  process: spawn(process.execPath, serverArgs('start', 'main'), {
    cwd: root,
    env: { ...process.env, ...(production ? {} : gatewayEnv()) },
    stdio: ['ignore', 'inherit', 'inherit'],
  }),
};

supervise('start', production ? [site] : [site, sandboxesChild(root, process.env.PORT || '8080')]);
