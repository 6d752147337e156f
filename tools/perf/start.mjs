#!/usr/bin/env node
/**
 * (g) The server's start (tools/perf/README.md): the release as production runs it (scripts/release.mjs,
 * docs/decisions/039-release.md: `node apps/server/src/main.js` in a copy of `release/` installed with
 * `npm ci --omit=dev`) beside the development start (`node --import tsx apps/server/src/main.ts`), each
 * timed from the spawn to its first answer of /api/health, NODE_ENV=production on a copy of one seeded
 * embedded database (the migrations and the demo data already there, as at every start but the first).
 * The median of `runs` starts each, in turns.
 *
 *   node tools/perf/start.mjs [--runs=3]      (after `npm run build`)
 *
 * bench.mjs calls `startBench()`; alone, this prints the same table.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, table } from './report.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const healthy = (url) =>
  new Promise((resolve) => {
    const req = request(url, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.end();
  });

/** Starts `args` in `cwd` on `dataDir`; answers the milliseconds to the first 200 of /api/health, then stops it. */
async function timedStart({ args, cwd, dataDir, secretKeys }) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? cwd,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SECRET_KEYS: secretKeys,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const deadline = started + 120_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the server exited (${child.exitCode}): ${stderr.slice(-400)}`);
    if (await healthy(`http://127.0.0.1:${port}/api/health`)) break;
    if (performance.now() > deadline) throw new Error(`no answer within 120 s: ${stderr.slice(-400)}`);
    await sleep(25);
  }
  const readyMs = performance.now() - started;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  return readyMs;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The section: both starts, `runs` times each; undefined (with a line why) when the release is not built. */
export async function startBench({ runs = 3 } = {}) {
  console.log(
    `\n(g) Server start: the release (compiled, installed with npm ci --omit=dev) beside the sources through tsx, NODE_ENV=production on a copy of one seeded embedded database, median of ${runs}\n`,
  );
  if (!existsSync(join(root, 'release/package.json'))) {
    console.log('    no release/: run `npm run build` first');
    return undefined;
  }
  const work = mkdtempSync(join(tmpdir(), 'kl-bench-start-'));
  try {
    const folder = join(work, 'release');
    cpSync(join(root, 'release'), folder, { recursive: true });
    const install = spawnSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: folder,
      encoding: 'utf8',
    });
    if (install.status !== 0) throw new Error(`npm ci in the release failed: ${install.stderr.slice(-400)}`);
    const secretKeys = `bench:${randomBytes(32).toString('base64')}`;
    // The first start migrates and seeds; the ones measured start from its database.
    const seeded = join(work, 'seeded');
    await timedStart({ args: ['apps/server/src/main.js'], cwd: folder, dataDir: seeded, secretKeys });
    const kinds = [
      { name: 'release (node apps/server/src/main.js)', args: ['apps/server/src/main.js'], cwd: folder },
      {
        name: 'sources (node --import tsx …/main.ts)',
        args: ['--import', 'tsx', 'apps/server/src/main.ts'],
        cwd: root,
      },
    ];
    const times = new Map(kinds.map((kind) => [kind.name, []]));
    for (let run = 0; run < runs; run += 1) {
      for (const kind of kinds) {
        const dataDir = join(work, `run-${run}-${kinds.indexOf(kind)}`);
        cpSync(seeded, dataDir, { recursive: true });
        times.get(kind.name).push(await timedStart({ ...kind, dataDir, secretKeys }));
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
    const [release, sources] = kinds.map((kind) => median(times.get(kind.name)));
    console.log(
      table(
        ['start', 'ready ms (median)', 'runs ms', 'ratio to the sources'],
        kinds.map((kind) => [
          kind.name,
          median(times.get(kind.name)).toFixed(0),
          times
            .get(kind.name)
            .map((ms) => ms.toFixed(0))
            .join(', '),
          (median(times.get(kind.name)) / sources).toFixed(2),
        ]),
      ),
    );
    return { releaseMs: release, sourcesMs: sources, runs: Object.fromEntries(times) };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const runs = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.split('=')[1] ?? 3);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive whole number');
  await startBench({ runs });
}
