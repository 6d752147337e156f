#!/usr/bin/env node
/**
 * (h) Read throughput through nginx (tools/perf/README.md): the release as production runs it
 * (docs/decisions/039-release.md, docs/deployment.md) — a copy of `release/` installed with
 * `npm ci --omit=dev`, its processes on one PostgreSQL database, nginx in front with the site's own
 * configuration (deploy/nginx/kimlong.conf and upstream.conf, as shipped but for its addresses and
 * folders) — with one process behind nginx, then two. The baseline is the bare Fastify route
 * (bare-fastify.mjs) behind the same nginx, measured before and after the site's calls.
 *
 * A throwaway PostgreSQL cluster (scripts/test/postgres.mjs) holds an empty database; the first process
 * starts alone on it (it migrates and seeds the demo data), the second once the first answers. One nginx
 * listens on three loopback ports, each with an upstream of its own: the first process, both processes,
 * the bare route. autocannon sends `connections` keep-alive connections for `duration` seconds (after a
 * 1 s warm-up) to each read call through nginx, one process and two in turns (EDGE_CALLS), and to the bare
 * route before the calls and after them. Beside requests/s and latency, each run reports the CPU time per
 * request of the processes behind nginx and of nginx's workers (/proc), which a busy machine's waits for a
 * core do not change.
 *
 *   node tools/perf/edge.mjs [--duration=10] [--connections=20]      (after `npm run build`)
 *
 * bench.mjs calls `edgeBench()`; alone, this prints the same tables.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { systemProbe } from '../../scripts/test/prerequisites.mjs';
import { throwawayCluster } from '../../scripts/test/postgres.mjs';
import { freePort, table } from './report.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const perfDir = fileURLToPath(new URL('.', import.meta.url));
const require = createRequire(import.meta.url);
const NGINX = '/usr/sbin/nginx';
/** Reads a visitor makes without a session (packages/contracts: API.status, API.banners, API.gameSearch). */
export const EDGE_CALLS = ['/api/status', '/api/banners', '/api/games/search?gameName=dragon'];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const fmt = (value, digits = 1) => (value === undefined || value === null ? '–' : value.toFixed(digits));

/** The status and the header naming the upstream that answered, or undefined when nothing listens. */
const get = (url) =>
  new Promise((resolve) => {
    const req = request(url, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({ status: response.statusCode, servedBy: response.headers['x-served-by'] }),
      );
    });
    req.on('error', () => resolve(undefined));
    req.end();
  });

async function waitHealthy(url, child, what, output) {
  const deadline = performance.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${what} exited (${child.exitCode}): ${output().slice(-600)}`);
    if ((await get(url))?.status === 200) return;
    if (performance.now() > deadline)
      throw new Error(`${what} did not answer within 180 s: ${output().slice(-600)}`);
    await sleep(100);
  }
}

/** A child process whose standard error is kept (the last of it goes into errors). */
function startChild(command, args, options) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  return { child, output: () => stderr };
}

async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** A copy of `release/` in `work`, installed as production installs it (docs/decisions/039-release.md). */
function installRelease(work) {
  const folder = join(work, 'release');
  cpSync(join(root, 'release'), folder, { recursive: true });
  try {
    execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: folder,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  } catch (error) {
    throw new Error(`npm ci in the release failed: ${String(error.stderr ?? error.message).slice(-400)}`, {
      cause: error,
    });
  }
  return folder;
}

/** A new database on the cluster's server, empty. */
async function createDatabase(serverUrl) {
  const { default: pg } = await import('pg');
  const name = `kl_edge_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * nginx with the site's configuration once per `sites` entry ({ name, listen, ports }): the server block
 * of deploy/nginx/kimlong.conf on 127.0.0.1:<listen>, proxying to an upstream of its own made from the
 * shipped upstream's server line (same parameters, keepalive) with `ports`. The cache zone is declared
 * once; every answer names the upstream address that served it (X-Served-By).
 */
function nginxConfig(prefix, sites) {
  const shipped = readFileSync(join(root, 'deploy/nginx/kimlong.conf'), 'utf8');
  const cacheLine = /^proxy_cache_path .*\n/m;
  const cache = (cacheLine.exec(shipped)?.[0] ?? '').replace(
    '/var/cache/nginx/kimlong',
    join(prefix, 'cache'),
  );
  const serverBlock = shipped.replace(cacheLine, '');
  const upstream = readFileSync(join(root, 'deploy/nginx/upstream.conf'), 'utf8').split('\n');
  const template = upstream.find((line) => /^[ \t]*server 127\.0\.0\.1:8081 /.test(line));
  if (!template || !/proxy_pass http:\/\/kimlong_app;/.test(serverBlock))
    throw new Error('deploy/nginx/ no longer has the shape this bench rewrites (upstream kimlong_app)');
  const blocks = sites.flatMap(({ name, listen, ports }) => [
    ...upstream
      .filter((line) => !/^[ \t]*server /.test(line))
      .flatMap((line) =>
        /^upstream /.test(line)
          ? [`upstream ${name} {`, ...ports.map((port) => template.replace(':8081 ', `:${port} `))]
          : [line],
      ),
    serverBlock
      .replace(/^[ \t]*listen \[::\]:80;\n/m, '')
      .replace(/^([ \t]*)listen 80;/m, `$1listen 127.0.0.1:${listen};`)
      .replaceAll('proxy_pass http://kimlong_app;', `proxy_pass http://${name};`),
  ]);
  return [
    'daemon off;',
    // As Debian's nginx.conf: one worker per core.
    'worker_processes auto;',
    `pid ${join(prefix, 'nginx.pid')};`,
    'error_log stderr warn;',
    'events { worker_connections 1024; }',
    'http {',
    '  access_log off;',
    '  add_header X-Served-By $upstream_addr always;',
    cache,
    ...blocks,
    '}',
    '',
  ].join('\n');
}

/**
 * CPU time, user and system, that the processes `pids` have used so far, in ms (Linux: /proc/<pid>/stat,
 * clock ticks of 10 ms). Unlike requests/s it does not count the time a process waited for a core.
 */
function cpuMsOf(pids) {
  return pids.reduce((total, pid) => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [utime, stime] = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .slice(11, 13)
      .map(Number);
    return total + (utime + stime) * 10;
  }, 0);
}

/** The worker processes of the nginx whose master is `pid` (not its cache manager and loader). */
const workersOf = (pid) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter((child) => child && readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('worker process'))
    .map(Number);

/**
 * autocannon: `connections` keep-alive connections for `duration` seconds against one URL, after 1 s of
 * warm-up; with the CPU time the upstream's processes (`upstream`) and nginx's workers (`edge`) used per
 * request during the measured seconds.
 */
async function cannon(url, { connections, duration, upstream, edge, idle = [] }) {
  const autocannon = require('autocannon');
  await autocannon({ url, connections, duration: 1 });
  const groups = [upstream, edge, idle];
  const before = groups.map(cpuMsOf);
  const result = await autocannon({ url, connections, duration });
  const after = groups.map(cpuMsOf);
  const perRequest = (index) => (after[index] - before[index]) / Math.max(1, result.requests.total);
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    upstreamCpuMsPerRequest: perRequest(0),
    nginxCpuMsPerRequest: perRequest(1),
    // Processes that got no request meanwhile: their own work (the jobs every process runs), per second and process.
    idleCpuMsPerSecond: idle.length ? (after[2] - before[2]) / duration / idle.length : undefined,
  };
}

/** The section: both configurations and the bare route through nginx; undefined (with a line why) when something it needs is missing. */
export async function edgeBench({ duration = 10, connections = 20 } = {}) {
  console.log(
    `\n(h) Reads through nginx (deploy/nginx), the release on one PostgreSQL: one process, then two, beside the bare Fastify route behind the same nginx (autocannon, ${connections} connections × ${duration} s per call after a 1 s warm-up)\n`,
  );
  const missing = [
    [join(root, 'release/package.json'), 'no release/: run `npm run build` first'],
    [join(root, 'deploy/nginx/kimlong.conf'), 'no deploy/nginx/kimlong.conf'],
    [NGINX, `no ${NGINX}: apt-get install nginx`],
    [join(perfDir, 'node_modules/autocannon'), 'no autocannon: npm ci --prefix tools/perf'],
  ].find(([path]) => !existsSync(path));
  const binDir = systemProbe().postgresBin();
  if (missing || !binDir) {
    console.log(`    ${missing?.[1] ?? 'PostgreSQL is not installed (apt-get install postgresql)'}`);
    return undefined;
  }
  const work = mkdtempSync(join(tmpdir(), 'kl-bench-edge-'));
  // nginx's workers run as another user when it is started as root: they must reach its folders.
  chmodSync(work, 0o755);
  const cleanup = [() => rmSync(work, { recursive: true, force: true })];
  try {
    const folder = installRelease(work);

    const cluster = throwawayCluster({ binDir, asRoot: process.getuid?.() === 0 });
    cleanup.unshift(() => cluster.stop());
    const databaseUrl = await createDatabase((await cluster.start()).url);

    const env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? folder,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      // The demo merchant, its games and content, seeded by the first process.
      SEED_DEMO: '1',
      // What every process shares (docs/deployment.md).
      SECRET_KEYS: `k1:${randomBytes(32).toString('base64')}`,
      PAYMENT_CALLBACK_SECRET: randomBytes(32).toString('hex'),
      TRUST_PROXY: '127.0.0.1',
      // The limiter still runs, but must not answer 429 to the benchmark.
      RATE_LIMIT_MAX: '100000000',
    };
    const ports = [];
    const pids = [];
    // The first process migrates and seeds the empty database alone; the second starts on what it made.
    for (const name of ['first', 'second']) {
      const port = await freePort();
      const started = performance.now();
      const { child, output } = startChild(process.execPath, ['apps/server/src/main.js'], {
        cwd: folder,
        env: { ...env, PORT: String(port) },
      });
      cleanup.unshift(() => stopChild(child));
      await waitHealthy(`http://127.0.0.1:${port}/api/health`, child, `the ${name} process`, output);
      console.log(`    ${name} process ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      ports.push(port);
      pids.push(child.pid);
    }

    const barePort = await freePort();
    const bare = startChild(process.execPath, [join(perfDir, 'bare-fastify.mjs'), String(barePort)], {
      cwd: root,
    });
    cleanup.unshift(() => stopChild(bare.child));
    await waitHealthy(`http://127.0.0.1:${barePort}/bare`, bare.child, 'the bare route', bare.output);

    const prefix = join(work, 'nginx');
    mkdirSync(join(prefix, 'logs'), { recursive: true });
    const sites = [
      { name: 'kimlong_one', listen: await freePort(), ports: [ports[0]] },
      { name: 'kimlong_two', listen: await freePort(), ports },
      { name: 'kimlong_bare', listen: await freePort(), ports: [barePort] },
    ];
    writeFileSync(join(prefix, 'nginx.conf'), nginxConfig(prefix, sites));
    const nginx = startChild(NGINX, ['-p', prefix, '-c', join(prefix, 'nginx.conf')], { cwd: prefix });
    cleanup.unshift(() => stopChild(nginx.child));
    const edge = Object.fromEntries(sites.map((site) => [site.name, `http://127.0.0.1:${site.listen}`]));
    await waitHealthy(`${edge.kimlong_two}/api/health`, nginx.child, 'nginx', nginx.output);
    await waitHealthy(`${edge.kimlong_bare}/bare`, nginx.child, 'nginx', nginx.output);
    // Both processes answer behind the two-process upstream, in turn.
    const servedBy = new Set();
    for (let call = 0; call < 4; call += 1)
      servedBy.add((await get(`${edge.kimlong_two}/api/health`))?.servedBy);
    if (servedBy.size !== 2)
      throw new Error(`nginx did not share the calls between both processes: ${[...servedBy]}`);

    const workers = workersOf(nginx.child.pid);
    const options = { connections, duration, edge: workers };
    const upstreams = { kimlong_one: [pids[0]], kimlong_two: pids, kimlong_bare: [bare.child.pid] };
    const bareRun = () =>
      cannon(`${edge.kimlong_bare}/bare`, { ...options, upstream: upstreams.kimlong_bare, idle: pids });
    const load = { before: loadavg() };
    const bareBefore = await bareRun();
    const calls = [];
    // One process then two for the first call, two then one for the next…: a machine getting busier or
    // quieter during the run favours neither.
    for (const [index, path] of EDGE_CALLS.entries()) {
      const measure = (name) => cannon(`${edge[name]}${path}`, { ...options, upstream: upstreams[name] });
      const call = { path };
      if (index % 2 === 0) {
        call.one = await measure('kimlong_one');
        call.two = await measure('kimlong_two');
      } else {
        call.two = await measure('kimlong_two');
        call.one = await measure('kimlong_one');
      }
      calls.push(call);
    }
    const bareAfter = await bareRun();
    load.after = loadavg();
    const bareRequestsPerSecond = (bareBefore.requestsPerSecond + bareAfter.requestsPerSecond) / 2;
    for (const call of calls) {
      call.twoToOne = call.two.requestsPerSecond / call.one.requestsPerSecond;
      call.one.ratioToBare = call.one.requestsPerSecond / bareRequestsPerSecond;
      call.two.ratioToBare = call.two.requestsPerSecond / bareRequestsPerSecond;
    }
    printEdge({ calls, bareBefore, bareAfter, bareRequestsPerSecond, load });
    return {
      connections,
      seconds: duration,
      nginxWorkers: workers.length,
      cores: cpus().length,
      loadAverage: load,
      bare: { before: bareBefore, after: bareAfter, requestsPerSecond: bareRequestsPerSecond },
      calls,
    };
  } finally {
    for (const step of cleanup) await step();
  }
}

function printEdge({ calls, bareBefore, bareAfter, bareRequestsPerSecond, load }) {
  const pct = (ratio) => `${fmt(ratio * 100, 1)} %`;
  const row = (label, run, ratio) => [
    label,
    fmt(run.requestsPerSecond, 0),
    fmt(run.p50Ms, 1),
    fmt(run.p99Ms, 1),
    fmt(run.upstreamCpuMsPerRequest, 3),
    fmt(run.nginxCpuMsPerRequest, 3),
    run.non2xx,
    run.errors,
    ratio === undefined ? '–' : pct(ratio),
  ];
  console.log(
    table(
      [
        'through nginx',
        'req/s',
        'p50 ms',
        'p99 ms',
        'upstream CPU ms/req',
        'nginx CPU ms/req',
        'non-2xx',
        'errors',
        'ratio to bare',
      ],
      [
        row('bare Fastify route (before)', bareBefore),
        ...calls.flatMap((call) => [
          row(`${call.path}, one process`, call.one, call.one.ratioToBare),
          row(`${call.path}, two processes`, call.two, call.two.ratioToBare),
        ]),
        row('bare Fastify route (after)', bareAfter),
      ],
    ),
  );
  console.log('');
  console.log(
    table(
      ['call', 'two processes / one', 'one / bare', 'two / bare'],
      calls.map((call) => [
        call.path,
        `${fmt(call.twoToOne, 2)} ×`,
        pct(call.one.ratioToBare),
        pct(call.two.ratioToBare),
      ]),
    ),
  );
  const loads = (values) => values.map((value) => value.toFixed(1)).join(', ');
  const idle = [bareBefore, bareAfter].map((run) => fmt(run.idleCpuMsPerSecond, 1)).join(' and ');
  console.log(
    `\nThe bare route's figure is the mean of its two runs (${fmt(bareRequestsPerSecond, 0)} req/s). This machine has ${cpus().length} cores, shared by the processes, PostgreSQL, nginx (a worker per core) and autocannon itself: a second process can only use what the others leave, so the absolute figures say little; read the ratios, and the CPU time per request (the processes behind nginx, all of them together; nginx's workers), which waiting for a core does not change. A process of the release with no request used ${idle} ms of CPU a second (during the bare route's runs): its own jobs. Load average (1, 5, 15 min) ${loads(load.before)} before, ${loads(load.after)} after.`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({
    options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '20' } },
  });
  const [duration, connections] = ['duration', 'connections'].map((name) => {
    const count = Number(values[name]);
    if (Number.isInteger(count) && count > 0) return count;
    throw new Error(`--${name} must be a positive whole number`);
  });
  await edgeBench({ duration, connections });
}
