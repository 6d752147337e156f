#!/usr/bin/env node
/**
 * `npm run typecheck`: every TypeScript project of the repository, checked by TypeScript 7's native
 * compiler (`typescript-native`, an alias of `typescript@7`), about three times faster than TypeScript 6
 * on the CI machine. TypeScript 6 (`typescript`) stays for what needs its compiler API (typescript-eslint's
 * parser). Both packages name their command `tsc`, so this script runs the native one by its path
 * (docs/decisions/031-test-suite-time.md). Given project folders (`node tools/typecheck.mjs apps/server`), it
 * checks those alone; a workspace's own `typecheck` script calls it that way.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ALL = [
  'packages/contracts',
  'packages/signing',
  'apps/server',
  'apps/sandboxes',
  'apps/web',
  'apps/admin',
  'apps/web/e2e',
];
const PROJECTS = process.argv.length > 2 ? process.argv.slice(2) : ALL;

const root = fileURLToPath(new URL('..', import.meta.url));
// The package exports no entry for its command: its folder is found through its package.json.
const tsc = join(
  dirname(createRequire(import.meta.url).resolve('typescript-native/package.json')),
  'bin',
  'tsc',
);

for (const project of PROJECTS) {
  const started = performance.now();
  const { status } = spawnSync(process.execPath, [tsc, '-p', project], { cwd: root, stdio: 'inherit' });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (status !== 0) {
    console.error(`✗ typecheck: ${project} has type errors (${seconds} s)`);
    process.exit(1);
  }
  console.log(`✓ typecheck: ${project} (${seconds} s)`);
}
