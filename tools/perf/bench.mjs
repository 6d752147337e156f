#!/usr/bin/env node
/**
 * Benchmark of the site, to compare a change before and after (tools/perf/README.md):
 *   (a) JavaScript each route loads, as the server sends it (brotli and gzip), against the home budget;
 *   (b) Lighthouse mobile run of /m/home;
 *   (c) API latency and throughput on loopback, sequential and concurrent;
 *   (d) game search latency (p50/p99) on the demo catalogue and on 100,000 games;
 *   (e) the in-house slot's return to player over 2,000,000 simulated rounds, against 96% ± 0.5 points.
 * Prints the numbers and writes a JSON copy to tools/perf/reports/. Exits 0 when it could measure.
 *
 * Options: --skip-lighthouse, --skip-bundles, --skip-api, --skip-search, --skip-slot, --requests=<n> (per API run, default 2000),
 * --concurrency=<n> (default 16).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const perfDir = fileURLToPath(new URL('.', import.meta.url));
const root = fileURLToPath(new URL('../..', import.meta.url));
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const HOME_BUDGET_KB = 150;
/** Sample values for the parameters of parameterised routes. */
const ROUTE_PARAMS = { mui: 'kimlong', playType: 'trad', gameId: '1001' };

const args = new Set(process.argv.slice(2));
const option = (name, fallback) => {
  const arg = process.argv.find((value) => value.startsWith(`--${name}=`));
  const parsed = arg ? Number(arg.split('=')[1]) : fallback;
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`--${name} must be a positive whole number`);
  return parsed;
};
const API_REQUESTS = option('requests', 2000);
const API_CONCURRENCY = option('concurrency', 16);
/** No API run lasts longer than this, whatever the request count. */
const API_RUN_MAX_MS = 15_000;

const kb = (bytes) => bytes / 1024;
const fmt = (value, digits = 1) => (value === undefined || value === null ? '–' : value.toFixed(digits));

function table(headers, rows) {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => String(row[column]).length)),
  );
  const line = (cells) =>
    cells
      .map((cell, column) =>
        column === 0 ? String(cell).padEnd(widths[column]) : String(cell).padStart(widths[column]),
      )
      .join('  ');
  return [line(headers), line(widths.map((width) => '─'.repeat(width))), ...rows.map(line)].join('\n');
}

function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { stdio: ['ignore', 'inherit', 'inherit'], ...options });
  if (result.error || result.status !== 0) {
    throw new Error(
      `${command} ${commandArgs.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`})`,
    );
  }
  return result;
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ── Preparation ────────────────────────────────────────────────────────────────────────────────

function prepare() {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`);
  run(process.execPath, [join(root, 'scripts/build-if-needed.mjs')], { cwd: root });
  if (!existsSync(join(perfDir, 'node_modules/lighthouse'))) {
    console.log('bench: installing Lighthouse into tools/perf/node_modules (npm ci --prefix tools/perf)');
    run('npm', ['ci', '--prefix', perfDir, '--no-audit', '--no-fund'], { cwd: root });
  }
}

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'kl-bench-'));
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      // The pages measured need the demo merchant, its games and content (a production start has none).
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      // One client on loopback sends thousands of requests a minute: the limiter still runs, but must
      // not answer 429 to the benchmark.
      RATE_LIMIT_MAX: '100000000',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${stderr}`);
    if (performance.now() - started > 90_000)
      throw new Error(`the server did not answer within 90 s:\n${stderr}`);
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  const readyMs = performance.now() - started;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await Promise.race([new Promise((resolve) => child.once('exit', resolve)), sleep(10_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { base, readyMs, stop };
}

// ── (a) JavaScript per route ───────────────────────────────────────────────────────────────────

/** Bytes of the body the server sends for `url` with one Accept-Encoding (not decoded). */
function transferredBytes(url, encoding) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { 'accept-encoding': encoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => {
        bytes += chunk.length;
      });
      response.on('end', () =>
        resolve({ bytes, encoding: response.headers['content-encoding'] ?? 'identity' }),
      );
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function measureBundles(base, routes) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  const sizes = new Map();
  const sizeOf = async (url) => {
    if (!sizes.has(url)) {
      const [br, gzip] = await Promise.all([transferredBytes(url, 'br'), transferredBytes(url, 'gzip')]);
      sizes.set(url, { br, gzip });
    }
    return sizes.get(url);
  };
  const rows = [];
  try {
    for (const route of routes) {
      // A fresh context per route: an empty cache, as a first visit; no service worker.
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      const scripts = new Set();
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.origin === base && url.pathname.endsWith('.js')) scripts.add(`${url.origin}${url.pathname}`);
      });
      await page.goto(`${base}${route.path}?lang=en`, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
      const landed = new URL(page.url()).pathname;
      await context.close();
      let br = 0;
      let gzip = 0;
      const encodings = new Set();
      for (const url of scripts) {
        const size = await sizeOf(url);
        br += size.br.bytes;
        gzip += size.gzip.bytes;
        encodings.add(size.br.encoding);
      }
      rows.push({
        route: route.path,
        landed: landed === route.path ? undefined : landed,
        requests: scripts.size,
        gzipKB: kb(gzip),
        brotliKB: kb(br),
        scripts: [...scripts].map((url) => ({
          path: new URL(url).pathname,
          gzipKB: kb(sizes.get(url).gzip.bytes),
          brotliKB: kb(sizes.get(url).br.bytes),
        })),
      });
    }
  } finally {
    await browser.close();
  }
  return rows;
}

// ── (b) Lighthouse ─────────────────────────────────────────────────────────────────────────────

function lighthouse(url) {
  const out = mkdtempSync(join(tmpdir(), 'kl-lighthouse-'));
  const report = join(out, 'report.json');
  try {
    const cli = join(perfDir, 'node_modules/lighthouse/cli/index.js');
    const result = spawnSync(
      process.execPath,
      [
        cli,
        url,
        '--quiet',
        '--output=json',
        `--output-path=${report}`,
        '--only-categories=performance,accessibility,best-practices',
        '--form-factor=mobile',
        '--max-wait-for-load=45000',
        `--chrome-flags=--headless=new ${CHROME_FLAGS.join(' ')}`,
      ],
      {
        env: { ...process.env, CHROME_PATH: CHROMIUM },
        stdio: ['ignore', 'inherit', 'inherit'],
        timeout: 240_000,
      },
    );
    if (result.error || result.status !== 0 || !existsSync(report)) {
      throw new Error(`Lighthouse failed (${result.error?.message ?? `exit ${result.status}`})`);
    }
    const lhr = JSON.parse(readFileSync(report, 'utf8'));
    const audit = (id) => lhr.audits[id]?.numericValue;
    const score = (id) =>
      lhr.categories[id]?.score == null ? undefined : Math.round(lhr.categories[id].score * 100);
    const scriptSummary = lhr.audits['resource-summary']?.details?.items?.find(
      (item) => item.resourceType === 'script',
    );
    return {
      url,
      lighthouseVersion: lhr.lighthouseVersion,
      userAgent: lhr.environment?.hostUserAgent,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      firstContentfulPaintMs: audit('first-contentful-paint'),
      largestContentfulPaintMs: audit('largest-contentful-paint'),
      totalBlockingTimeMs: audit('total-blocking-time'),
      cumulativeLayoutShift: audit('cumulative-layout-shift'),
      speedIndexMs: audit('speed-index'),
      scriptRequests: scriptSummary?.requestCount,
      scriptTransferKB: scriptSummary ? kb(scriptSummary.transferSize) : undefined,
      failedAudits: Object.values(lhr.audits)
        .filter(
          (entry) =>
            entry.score !== null &&
            entry.score < 1 &&
            ['binary', 'numeric'].includes(entry.scoreDisplayMode) &&
            lhr.categories.accessibility.auditRefs.some((ref) => ref.id === entry.id),
        )
        .map((entry) => entry.id),
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

// ── (c) API latency ────────────────────────────────────────────────────────────────────────────

function percentile(sorted, p) {
  if (sorted.length === 0) return undefined;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function loadRun(url, { requests, concurrency }) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const once = () =>
    new Promise((resolve, reject) => {
      const started = process.hrtime.bigint();
      const req = httpRequest(url, { agent, headers: { 'accept-language': 'en' } }, (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, status: response.statusCode }),
        );
      });
      req.on('error', reject);
      req.end();
    });

  for (let i = 0; i < Math.min(50, requests); i += 1) await once(); // warm-up
  const latencies = [];
  const statuses = {};
  const started = performance.now();
  const deadline = started + API_RUN_MAX_MS;
  let sent = 0;
  const worker = async () => {
    while (sent < requests && performance.now() < deadline) {
      sent += 1;
      const { ms, status } = await once();
      latencies.push(ms);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    concurrency,
    seconds,
    requestsPerSecond: latencies.length / seconds,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.at(-1),
    statuses,
  };
}

async function measureApi(base) {
  const results = [];
  for (const path of ['/api/health', '/api/status']) {
    for (const concurrency of [1, API_CONCURRENCY]) {
      const requests = concurrency === 1 ? Math.min(API_REQUESTS, 1000) : API_REQUESTS;
      results.push({
        path,
        mode: concurrency === 1 ? 'sequential' : 'concurrent',
        ...(await loadRun(`${base}${path}`, { requests, concurrency })),
      });
    }
  }
  return results;
}

// ── Main ───────────────────────────────────────────────────────────────────────────────────────

function gitCommit() {
  const result = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

function chromiumVersion() {
  const result = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

async function main() {
  prepare();
  const { tsImport } = await import('tsx/esm/api');
  const { ROUTES, HOME_PATH, fullPath } = await tsImport(
    '../../packages/contracts/src/routes.ts',
    import.meta.url,
  );
  const routes = ROUTES.map((route) => ({
    ...route,
    path: fullPath(route.pattern.replace(/:(\w+)/g, (_, name) => ROUTE_PARAMS[name] ?? name)),
  }));

  const report = {
    date: new Date().toISOString(),
    commit: gitCommit(),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model,
      node: process.version,
      chromium: chromiumVersion(),
    },
  };

  const server = await startServer();
  console.log(
    `\nbench: server ready in ${(server.readyMs / 1000).toFixed(1)} s on ${server.base} (fresh PGlite, NODE_ENV=production)`,
  );
  report.serverReadyMs = server.readyMs;
  try {
    if (!args.has('--skip-bundles')) {
      console.log(
        '\n(a) JavaScript per route, as sent (scripts the browser loaded on a first visit; bytes the server sends for each with Accept-Encoding br, then gzip)\n',
      );
      const rows = await measureBundles(server.base, routes);
      console.log(
        table(
          ['route', 'JS gzip KB', 'JS brotli KB', 'requests', 'landed on'],
          rows.map((row) => [row.route, fmt(row.gzipKB), fmt(row.brotliKB), row.requests, row.landed ?? '']),
        ),
      );
      const home = rows.find((row) => row.route === HOME_PATH);
      if (home) {
        console.log(`\nscripts of ${HOME_PATH}, largest first\n`);
        console.log(
          table(
            ['script', 'gzip KB', 'brotli KB'],
            [...home.scripts]
              .sort((a, b) => b.brotliKB - a.brotliKB)
              .map((script) => [script.path, fmt(script.gzipKB), fmt(script.brotliKB)]),
          ),
        );
        const verdict = (value) =>
          value <= HOME_BUDGET_KB ? 'within' : `OVER by ${fmt(value - HOME_BUDGET_KB)} KB`;
        console.log(
          `\nbudget ${HOME_BUDGET_KB} KB of JS on ${HOME_PATH}: brotli ${fmt(home.brotliKB)} KB (${verdict(home.brotliKB)}), gzip ${fmt(home.gzipKB)} KB (${verdict(home.gzipKB)})`,
        );
      }
      report.bundles = {
        budgetKB: HOME_BUDGET_KB,
        method: 'browser-loaded scripts, bytes as served per encoding',
        routes: rows,
      };
    }

    if (!args.has('--skip-lighthouse')) {
      console.log(`\n(b) Lighthouse mobile run of ${HOME_PATH} (simulated slow 4G, 4× CPU slowdown)\n`);
      const result = lighthouse(`${server.base}${HOME_PATH}`);
      console.log(
        table(
          ['metric', 'value'],
          [
            ['performance', result.performance ?? '–'],
            ['accessibility', result.accessibility ?? '–'],
            ['best practices', result.bestPractices ?? '–'],
            ['FCP ms', fmt(result.firstContentfulPaintMs, 0)],
            ['LCP ms', fmt(result.largestContentfulPaintMs, 0)],
            ['TBT ms', fmt(result.totalBlockingTimeMs, 0)],
            ['CLS', fmt(result.cumulativeLayoutShift, 3)],
            ['Speed Index ms', fmt(result.speedIndexMs, 0)],
            ['script requests', result.scriptRequests ?? '–'],
            ['script transfer KB', fmt(result.scriptTransferKB)],
          ],
        ),
      );
      if (result.failedAudits.length)
        console.log(`accessibility audits not passed: ${result.failedAudits.join(', ')}`);
      report.lighthouse = result;
    }

    if (!args.has('--skip-api')) {
      console.log(
        `\n(c) API latency on loopback (keep-alive; sequential: up to ${Math.min(API_REQUESTS, 1000)} requests, concurrent: ${API_REQUESTS} requests ${API_CONCURRENCY} at a time; each run at most ${API_RUN_MAX_MS / 1000} s; client and server share the machine's ${cpus().length} cores)\n`,
      );
      const results = await measureApi(server.base);
      console.log(
        table(
          ['call', 'mode', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'statuses'],
          results.map((r) => [
            r.path,
            r.mode,
            r.requests,
            fmt(r.requestsPerSecond, 0),
            fmt(r.p50Ms, 2),
            fmt(r.p95Ms, 2),
            fmt(r.p99Ms, 2),
            fmt(r.maxMs, 2),
            Object.entries(r.statuses)
              .map(([status, count]) => `${status}×${count}`)
              .join(' '),
          ]),
        ),
      );
      report.api = results;
    }
  } finally {
    await server.stop();
  }

  if (!args.has('--skip-search')) {
    // (d) Game search on the demo catalogue and on 100,000 games (its own in-memory database).
    console.log(
      '\n(d) Game search latency through the API (in-memory PGlite; the demo catalogue, then 100,000 games)\n',
    );
    const searchJson = join(tmpdir(), `kl-search-bench-${process.pid}.json`);
    const result = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/scripts/search-bench.ts',
        '--games=100000',
        '--runs=100',
        `--json=${searchJson}`,
      ],
      { cwd: root, stdio: 'inherit' },
    );
    if (result.status === 0 && existsSync(searchJson)) {
      report.search = JSON.parse(readFileSync(searchJson, 'utf8'));
      rmSync(searchJson, { force: true });
    } else {
      console.log('search bench: failed (see above)');
    }
  }

  if (!args.has('--skip-slot')) {
    // (e) The slot's return to player, simulated with the real engine and provably fair draws.
    console.log('\n(e) In-house slot: return to player over 2,000,000 simulated rounds\n');
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'apps/server/scripts/slot-rtp.ts', '--rounds=2000000'],
      { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    );
    process.stdout.write(result.stdout ?? '');
    report.slotRtp = { ok: result.status === 0, output: (result.stdout ?? '').trim() };
    if (result.status !== 0) console.log('slot return to player: out of tolerance or failed (see above)');
  }

  const reportsDir = join(perfDir, 'reports');
  mkdirSync(reportsDir, { recursive: true });
  const file = join(reportsDir, `bench-${report.date.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nbench: report written to ${file.slice(root.length)}`);
}

main().catch((error) => {
  console.error(`bench: ${error.stack ?? error.message}`);
  process.exit(1);
});
