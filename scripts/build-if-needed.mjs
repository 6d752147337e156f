#!/usr/bin/env node
/**
 * Builds each app (the player's web app, the back office) only when its build is missing or older than
 * its sources, so that `npm start` on a fresh clone builds once and later starts are immediate.
 *
 * Sources of an app: its src, index.html, vite.config.ts (and vite.ssr.config.ts), public and
 * package.json, plus packages/contracts/src and the precompress script. Its build is
 * <app>/dist/index.html (written last by Vite); the web app's also has its server rendering module
 * (dist/server/entry-server.js, docs/decisions/005-web-first-load.md), and a build without it is
 * built again. When it is up to date, missing precompressed copies (a build made by `vite build`
 * alone) are still written.
 *
 * In production (NODE_ENV=production) nothing is built at start: production runs the release that
 * `npm run build` made (scripts/release.mjs), and its machine need not have the build tools.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SHARED_SOURCES = ['packages/contracts/src', 'scripts/precompress.mjs'];
const APP_FILES = ['src', 'index.html', 'vite.config.ts', 'vite.ssr.config.ts', 'public', 'package.json'];
const APPS = [
  { name: 'web app', dir: 'apps/web', workspace: '@kl/web', alsoBuilt: ['dist/server/entry-server.js'] },
  { name: 'back office', dir: 'apps/admin', workspace: '@kl/admin', alsoBuilt: [] },
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

/** Why the app must be built, or undefined when its build is up to date. */
function decide(app) {
  const builtIndex = `${app.dir}/dist/index.html`;
  let built;
  try {
    built = statSync(join(root, builtIndex)).mtimeMs;
  } catch {
    return `${builtIndex} is missing`;
  }
  for (const file of app.alsoBuilt) {
    if (newest(join(root, app.dir, file)).mtimeMs === 0) return `${app.dir}/${file} is missing`;
  }
  let latest = { mtimeMs: 0, path: undefined };
  for (const source of [...APP_FILES.map((file) => `${app.dir}/${file}`), ...SHARED_SOURCES]) {
    const candidate = newest(join(root, source));
    if (candidate.mtimeMs > latest.mtimeMs) latest = candidate;
  }
  if (latest.mtimeMs > built) return `${relative(root, latest.path)} is newer than ${builtIndex}`;
  return undefined;
}

/** Builds the app when stale, else writes its missing precompressed copies; answers success. */
function buildIfNeeded(app) {
  const reason = decide(app);
  if (!reason) {
    console.log(`build-if-needed: ${app.name} build is up to date, not rebuilding`);
    // A build made by `vite build` alone lacks the .br/.gz copies; writing missing ones is quick and
    // up-to-date ones are kept.
    const result = spawnSync(process.execPath, [join(root, 'scripts/precompress.mjs'), `${app.dir}/dist`], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    return result.status === 0;
  }

  console.log(`build-if-needed: ${reason}, building the ${app.name}…`);
  const started = performance.now();
  const result = spawnSync('npm', ['run', 'build', '-w', app.workspace], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.error || result.status !== 0) {
    console.error(
      `build-if-needed: building the ${app.name} failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`})`,
    );
    return false;
  }
  console.log(`build-if-needed: ${app.name} built in ${seconds} s`);
  return true;
}

if (process.env.NODE_ENV === 'production') process.exit(0);

for (const app of APPS) {
  if (!buildIfNeeded(app)) process.exit(1);
}
