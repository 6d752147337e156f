#!/usr/bin/env node
/**
 * Builds the web app only when its build is missing or older than its sources, so that `npm start`
 * on a fresh clone builds once and later starts are immediate.
 *
 * Sources: apps/web/src, apps/web/index.html, apps/web/vite.config.ts, apps/web/public,
 * apps/web/package.json, packages/contracts/src and the precompress script. The build is
 * apps/web/dist/index.html (written last by Vite); when it is up to date, missing precompressed
 * copies (a build made by `vite build` alone) are still written.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = join(root, 'apps/web/dist/index.html');
const SOURCES = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'apps/web/package.json',
  'packages/contracts/src',
  'scripts/precompress.mjs',
];

/** Newest modification time (ms) of a file or of every file under a folder, with its path. */
function newest(path) {
  let info;
  try {
    info = statSync(path);
  } catch {
    return { mtimeMs: 0, path: undefined };
  }
  if (!info.isDirectory()) return { mtimeMs: info.mtimeMs, path };
  let best = { mtimeMs: info.mtimeMs, path };
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const candidate = newest(join(path, entry.name));
    if (candidate.mtimeMs > best.mtimeMs) best = candidate;
  }
  return best;
}

function decide() {
  let built;
  try {
    built = statSync(builtIndex).mtimeMs;
  } catch {
    return 'apps/web/dist/index.html is missing';
  }
  let latest = { mtimeMs: 0, path: undefined };
  for (const source of SOURCES) {
    const candidate = newest(join(root, source));
    if (candidate.mtimeMs > latest.mtimeMs) latest = candidate;
  }
  if (latest.mtimeMs > built) {
    return `${relative(root, latest.path)} is newer than apps/web/dist/index.html`;
  }
  return undefined;
}

const reason = decide();
if (!reason) {
  console.log('build-if-needed: web app build is up to date, not rebuilding');
  // A build made by `vite build` alone lacks the .br/.gz copies; writing missing ones is quick and
  // up-to-date ones are kept.
  const result = spawnSync(process.execPath, [join(root, 'scripts/precompress.mjs'), 'apps/web/dist'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  process.exit(result.status ?? 1);
}

console.log(`build-if-needed: ${reason}, building the web app…`);
const started = performance.now();
const result = spawnSync('npm', ['run', 'build', '-w', '@kl/web'], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
});
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (result.error || result.status !== 0) {
  console.error(
    `build-if-needed: building the web app failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`})`,
  );
  process.exit(1);
}
console.log(`build-if-needed: web app built in ${seconds} s`);
