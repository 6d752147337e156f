#!/usr/bin/env node
/**
 * The release (docs/decisions/039-release.md): what production runs, built once in `release/`.
 *
 *   release/
 *     package.json, package-lock.json   the site's workspaces with production dependencies only
 *     apps/server/src/**.js             the API server compiled to JavaScript (TypeScript 7's compiler),
 *                                       with its migrations and page assets beside it
 *     apps/server/scripts/*.js          the operator's commands (npm run merchant:create, ledger:check…)
 *     packages/{contracts,signing}/src  the shared packages compiled, their exports naming the .js files
 *     apps/web/dist, apps/admin/dist    the built and precompressed web app and back office
 *
 * Installed with `npm ci --omit=dev` in a folder of its own and started with `npm start` there
 * (`node apps/server/src/main.js`): no TypeScript runner, no bundler. The folders keep the repository's
 * layout, so the server finds the web builds and its migrations where it finds them in development.
 *
 * Run by `npm run build` after the web builds; `node scripts/release.mjs` alone expects them built.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileServer, jsExports, SERVER_WORKSPACES } from './server-compile.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'release');
const started = performance.now();
const WEB_BUILDS = ['apps/web/dist', 'apps/admin/dist'];
/** apps/server/scripts/<name>.ts compiled into the release (apps/server/tsconfig.release.json), as `npm run a:b`. */
const COMMANDS = [
  'agents-settle',
  'ledger-check',
  'merchant-create',
  'operator-create',
  'provider-reconcile',
  'secrets-rotate',
  'seed-demo',
];

function fail(message) {
  console.error(`✗ release: ${message}`);
  process.exit(1);
}

const readJson = (path) => JSON.parse(readFileSync(join(root, path), 'utf8'));
const writeJson = (path, value) => {
  mkdirSync(dirname(join(out, path)), { recursive: true });
  writeFileSync(join(out, path), `${JSON.stringify(value, null, 2)}\n`);
};

for (const build of WEB_BUILDS) {
  if (!existsSync(join(root, build, 'index.html'))) fail(`${build} is missing: run npm run build`);
}
rmSync(out, { recursive: true, force: true });

// 1. The server and the shared packages, compiled file by file (imports of ./x.ts become ./x.js), and
// 2. what the compiled server reads beside its modules: the migrations and the pages' assets.
try {
  await compileServer({ root, out });
} catch (error) {
  fail(error.message);
}

// 3. The web builds, as served.
for (const build of WEB_BUILDS) cpSync(join(root, build), join(out, build), { recursive: true });

// 4. The manifests: production dependencies only, the shared packages' exports on their .js files.
for (const workspace of SERVER_WORKSPACES) {
  const { scripts: _scripts, devDependencies: _dev, ...manifest } = readJson(`${workspace}/package.json`);
  if (manifest.exports) manifest.exports = jsExports(manifest.exports);
  // The server's own start, compiled; tsx stays a dependency of the development start only.
  if (workspace === 'apps/server') {
    const { tsx: _tsx, ...dependencies } = manifest.dependencies;
    manifest.dependencies = dependencies;
    manifest.scripts = { start: 'node src/main.js' };
  }
  writeJson(`${workspace}/package.json`, manifest);
}
const rootManifest = readJson('package.json');
writeJson('package.json', {
  name: `${rootManifest.name}-release`,
  private: true,
  description:
    'The release of the site: the compiled API server and the built web apps (scripts/release.mjs).',
  type: 'module',
  engines: rootManifest.engines,
  workspaces: SERVER_WORKSPACES,
  scripts: {
    start: 'node apps/server/src/main.js',
    // Several processes on one PostgreSQL database (docs/decisions/042-scheduler-leader.md).
    'start:cluster': 'node apps/server/src/cluster.js',
    // The operator's commands (README, "Commands"), compiled like the server.
    ...Object.fromEntries(
      COMMANDS.map((command) => [command.replace('-', ':'), `node apps/server/scripts/${command}.js`]),
    ),
  },
  overrides: rootManifest.overrides,
});

// 5. The lock: the repository's, pruned by npm to what the release installs (the same versions).
cpSync(join(root, 'package-lock.json'), join(out, 'package-lock.json'));
const locked = spawnSync(
  'npm',
  ['install', '--package-lock-only', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'],
  { cwd: out, stdio: ['ignore', 'inherit', 'inherit'] },
);
if (locked.status !== 0) fail('npm could not write the release lock');

const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `✓ release: ${relative(root, out)}/ built in ${seconds} s (npm ci --omit=dev there, then npm start)`,
);
