#!/usr/bin/env node
/**
 * Benchmark of the site, to compare a change before and after (tools/perf/README.md). Every figure that
 * depends on the machine is printed beside a baseline measured in the same run, and their ratio:
 *   (a) JavaScript each route loads, as the server sends it (brotli and gzip), against the home budget;
 *   (b) Lighthouse mobile, median of 3, of /m/home beside a bare React 19 + Vite page served by the same
 *       server: first with Lighthouse's default 4× CPU slowdown, then with the slowdown Lighthouse's
 *       calculator gives for this machine's benchmark index (cpu-slowdown.mjs), which the goals read;
 *   (c) API throughput and latency (autocannon, 20 connections × 10 s per call) beside a bare Fastify
 *       route, including game search on the demo catalogue and on 100,000 games;
 *   (d) game search latency through app.inject (p50/p99) on the demo catalogue and on 100,000 games;
 *   (e) each in-house studio machine's return to player over 2,000,000 simulated rounds, against what it
 *       declares ± 0.5 points;
 *   (f) a game provider's wallet calls (signed bet then win, 1, 4 and 20 callers) on PostgreSQL and on PGlite,
 *       beside bare transactions on the same database (money.mjs);
 *   (g) the server's start: the compiled release (npm run build) beside the sources through tsx (start.mjs);
 *   (h) reads through nginx (deploy/nginx): the release's processes on one PostgreSQL, one then two behind
 *       nginx, beside the bare Fastify route behind the same nginx (edge.mjs).
 * Ends with the goals table (docs/performance.md) and writes a JSON copy to tools/perf/reports/. Exits 0
 * when it could measure.
 *
 * Options: --skip-lighthouse, --skip-bundles, --skip-api, --skip-search (both search runs), --skip-search-inject
 * (the app.inject one only), --skip-slot, --skip-money, --skip-start, --skip-edge, --money-seconds=<s> (per step of (f), default 5),
 * --money-cpu-prof (profile the server during (f)'s 20-caller PostgreSQL run), --runs=<n> (Lighthouse
 * runs per page, default 3), --screens=<words> ((b)'s screens whose label holds one of them, e.g. member), --connections=<n> (default 20), --duration=<s> (per API call of (c) and (h), default 10),
 * --games=<n> (catalogue size of the large search run, default 100000), --cpu-slowdown=<factor> (the
 * slowdown the goals are read at, instead of the calibrated one; 4 reads them at Lighthouse's default).
 */
import { randomBytes } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Agent, request as httpRequest } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuSlowdownFor } from './cpu-slowdown.mjs';
import {
  MONEY_GOALS,
  embeddedDatabaseWithCaptchas,
  moneyBench,
  moneyGoal,
  registerOverHttp,
} from './money.mjs';
import { edgeBench } from './edge.mjs';
import { startBench } from './start.mjs';
import { freePort, table } from './report.mjs';

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
const MEMBER_HOME_PATH = '/m/member/home';
/**
 * The screens Lighthouse measures (section (b)), each against the same goals: home first (the goals table's
 * JavaScript row reads (a)'s figure of it), then the client-rendered ones; `member`: signed in.
 */
const LIGHTHOUSE_SCREENS = [
  { label: '/m/home', path: '/m/home' },
  { label: '/m/gameList?gameType=RNG', path: '/m/gameList?gameType=RNG' },
  { label: '/m/lottery', path: '/m/lottery' },
  { label: `${MEMBER_HOME_PATH}, member`, path: MEMBER_HOME_PATH, member: true },
];
/** --screens=<words>: only the screens of (b) whose label holds one of the comma-separated words. */
const CHOSEN_SCREENS = process.argv
  .find((value) => value.startsWith('--screens='))
  ?.slice('--screens='.length)
  .split(',')
  .filter(Boolean);
/** Sample values for the parameters of parameterised routes. */
const ROUTE_PARAMS = { mui: 'kimlong', playType: 'trad', gameId: '1001' };

const args = new Set(process.argv.slice(2));
const option = (name, fallback) => {
  const arg = process.argv.find((value) => value.startsWith(`--${name}=`));
  const parsed = arg ? Number(arg.split('=')[1]) : fallback;
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`--${name} must be a positive whole number`);
  return parsed;
};
const LIGHTHOUSE_RUNS = option('runs', 3);
const CONNECTIONS = option('connections', 20);
const DURATION_S = option('duration', 10);
const LARGE_CATALOGUE = option('games', 100_000);
const MONEY_SECONDS = option('money-seconds', 5);
/** Lighthouse's own CPU slowdown for its mobile run. */
const DEFAULT_CPU_SLOWDOWN = 4;
/** A slowdown given on the command line (--cpu-slowdown=<factor>), else the calibrated one. */
const GIVEN_CPU_SLOWDOWN = (() => {
  const arg = process.argv.find((value) => value.startsWith('--cpu-slowdown='));
  if (!arg) return undefined;
  const factor = Number(arg.split('=')[1]);
  if (!Number.isFinite(factor) || factor < 1)
    throw new Error('--cpu-slowdown must be a number of at least 1');
  return factor;
})();
/** Where the baseline page is served, inside a copy of the web build (tools/perf/baseline/). */
const BASELINE_PATH = '/m/bench-baseline/';
const SEARCH_QUERY = '/api/games/search?gameName=dragon';
/** The goals the figures are read against (docs/performance.md). */
const GOALS = {
  lighthousePerformance: 95,
  lcpRatio: 1.3,
  cls: 0.02,
  tbtMs: 150,
  homeJsKB: HOME_BUDGET_KB,
  apiRatio: 0.3,
  searchP99Ms: 10,
};

const kb = (bytes) => bytes / 1024;
const fmt = (value, digits = 1) => (value === undefined || value === null ? '–' : value.toFixed(digits));

function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { stdio: ['ignore', 'inherit', 'inherit'], ...options });
  if (result.error || result.status !== 0) {
    throw new Error(
      `${command} ${commandArgs.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`})`,
    );
  }
  return result;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ── Preparation ────────────────────────────────────────────────────────────────────────────────

function prepare() {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`);
  run(process.execPath, [join(root, 'scripts/build-if-needed.mjs')], { cwd: root });
  const installed = ['lighthouse', 'autocannon'].every((name) =>
    existsSync(join(perfDir, 'node_modules', name)),
  );
  if (!installed) {
    console.log(
      'bench: installing Lighthouse and autocannon into tools/perf/node_modules (npm ci --prefix tools/perf)',
    );
    run('npm', ['ci', '--prefix', perfDir, '--no-audit', '--no-fund'], { cwd: root });
  }
}

/**
 * A copy of the web build with the baseline page beside the app, under /m/bench-baseline/: the server
 * serves both the same way (static files, precompressed copies, the same headers).
 */
async function prepareWebDist() {
  const dist = mkdtempSync(join(tmpdir(), 'kl-bench-web-'));
  cpSync(join(root, 'apps/web/dist'), dist, { recursive: true });
  // Vite and the React plugin as the web app has them.
  const webRequire = createRequire(join(root, 'apps/web/package.json'));
  const { build } = await import(webRequire.resolve('vite'));
  const { default: react } = await import(webRequire.resolve('@vitejs/plugin-react'));
  const outDir = join(dist, 'bench-baseline');
  await build({
    root: join(perfDir, 'baseline'),
    base: BASELINE_PATH,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
  run(process.execPath, [join(root, 'scripts/precompress.mjs'), outDir], { cwd: root });
  return dist;
}

async function waitFor(url, child, started, stderrOf) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${stderrOf()}`);
    if (performance.now() - started > 180_000)
      throw new Error(`the server did not answer within 180 s:\n${stderrOf()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
}

/**
 * The real server on a free loopback port, NODE_ENV=production, the demo data, a fresh embedded database
 * (or `dataDir`, prepared beforehand), and a rate limit the benchmark's own requests stay under.
 */
async function startServer({ webDist, dataDir = mkdtempSync(join(tmpdir(), 'kl-bench-')) }) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      // Production asks for the keys of the secrets it keeps: one made for this run.
      SECRET_KEYS: `bench:${randomBytes(32).toString('base64')}`,
      // The pages measured need the demo merchant, its games and content (a production start has none).
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      // One client on loopback sends tens of thousands of requests a minute: the limiter still runs, but
      // must not answer 429 to the benchmark.
      RATE_LIMIT_MAX: '100000000',
      DATABASE_URL: '',
      WEB_DIST: webDist,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, child, started, () => stderr);
  const readyMs = performance.now() - started;
  const stop = async () => {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { base, readyMs, stop };
}

async function stopChild(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await Promise.race([new Promise((resolve) => child.once('exit', resolve)), sleep(10_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** The baseline of the API figures: a bare Fastify route (tools/perf/bare-fastify.mjs). */
async function startBareFastify() {
  const port = await freePort();
  const child = spawn(process.execPath, [join(perfDir, 'bare-fastify.mjs'), String(port)], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const url = `http://127.0.0.1:${port}/bare`;
  await waitFor(url, child, performance.now(), () => stderr);
  return { url, stop: () => stopChild(child) };
}

/**
 * A database holding the demo data and a catalogue grown to `games` games
 * (apps/server/scripts/catalogue-grow.ts), in a folder the server then opens.
 */
function grownCatalogue(games) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kl-bench-large-'));
  run(process.execPath, ['--import', 'tsx', 'apps/server/scripts/catalogue-grow.ts', `--games=${games}`], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // The bench's own process may say production (a library it loads sets NODE_ENV), which asks for the
      // keys of the secrets the seed keeps: one made for this step, as for the server.
      SECRET_KEYS: `bench:${randomBytes(32).toString('base64')}`,
    },
  });
  return dataDir;
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

/** The member of the pages measured signed in: its session cookie and the stored session the app reads. */
async function registerMember(base, captcha, sessionStorageKey) {
  const agent = new Agent({ keepAlive: false });
  try {
    const { cookie, session } = await registerOverHttp(
      agent,
      base,
      `lh${randomBytes(4).toString('hex')}`,
      captcha,
    );
    const at = cookie.indexOf('=');
    return {
      cookie: { name: cookie.slice(0, at), value: cookie.slice(at + 1) },
      storage: { [sessionStorageKey]: JSON.stringify(session) },
    };
  } finally {
    agent.destroy();
  }
}

/** Gives a Playwright context the member's session, as the browser holds it after signing in. */
async function signIn(context, base, session) {
  await context.addCookies([{ ...session.cookie, url: base, httpOnly: true }]);
  await context.addInitScript((storage) => {
    for (const [key, value] of Object.entries(storage)) globalThis.localStorage.setItem(key, value);
  }, session.storage);
}

async function measureBundles(base, routes, query = '?lang=en') {
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
      if (route.session) await signIn(context, base, route.session);
      const page = await context.newPage();
      const scripts = new Set();
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.origin === base && url.pathname.endsWith('.js')) scripts.add(`${url.origin}${url.pathname}`);
      });
      await page.goto(`${base}${route.path}${query}`, { waitUntil: 'load' });
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
        route: route.label ?? route.path,
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

/**
 * Lighthouse now and then fails to record a page load at all (NO_NAVSTART, NO_FCP on a busy
 * machine): such a run is made again, at most twice, and the output says so.
 */
function lighthouse(url, cpuSlowdown, session) {
  for (let attempt = 1; ; attempt++) {
    try {
      return lighthouseOnce(url, cpuSlowdown, session);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`bench: ${error.message} on ${url}; running it again`);
    }
  }
}

/**
 * Where a run's main thread went, as Lighthouse tells it: the time by kind of work
 * (`mainthread-work-breakdown`), the scripts that took the longest to evaluate and run (`bootup-time`), and
 * the longest tasks with the script each is attributed to (`long-tasks`), in ms at the run's slowdown.
 */
function mainThreadOf(lhr) {
  const items = (id) => lhr.audits[id]?.details?.items ?? [];
  const path = (url) => {
    try {
      return new URL(url).pathname;
    } catch {
      return url ?? '(unattributable)';
    }
  };
  return {
    byKind: items('mainthread-work-breakdown').map((item) => ({
      kind: item.groupLabel ?? item.group,
      ms: item.duration,
    })),
    scripts: items('bootup-time')
      .slice(0, 5)
      .map((item) => ({
        url: path(item.url),
        scriptingMs: item.scripting,
        parseMs: item.scriptParseCompile,
      })),
    longTasks: items('long-tasks')
      .slice(0, 8)
      .map((item) => ({ url: path(item.url), startMs: item.startTime, ms: item.duration })),
  };
}

/**
 * One run from a fresh Chromium: Lighthouse's CLI for a visitor; for a member (`session`: the cookie and
 * the stored session), the same run through Lighthouse's Node API on a page given them first
 * (lighthouse-member.mjs).
 */
function lighthouseOnce(url, cpuSlowdown, session) {
  const out = mkdtempSync(join(tmpdir(), 'kl-lighthouse-'));
  const report = join(out, 'report.json');
  try {
    let commandArgs;
    if (session) {
      const sessionFile = join(out, 'session.json');
      writeFileSync(sessionFile, JSON.stringify(session));
      commandArgs = [
        join(perfDir, 'lighthouse-member.mjs'),
        url,
        String(cpuSlowdown),
        report,
        sessionFile,
        '--headless=new',
        ...CHROME_FLAGS,
      ];
    } else {
      commandArgs = [
        join(perfDir, 'node_modules/lighthouse/cli/index.js'),
        url,
        '--quiet',
        '--output=json',
        `--output-path=${report}`,
        '--only-categories=performance,accessibility,best-practices',
        '--form-factor=mobile',
        `--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`,
        '--max-wait-for-load=45000',
        `--chrome-flags=--headless=new ${CHROME_FLAGS.join(' ')}`,
      ];
    }
    const result = spawnSync(process.execPath, commandArgs, {
      env: { ...process.env, CHROME_PATH: CHROMIUM },
      stdio: ['ignore', 'inherit', 'inherit'],
      timeout: 240_000,
    });
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
    const lcpDetails = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0];
    // What moved, with its share of the layout shift (Lighthouse 12's `layout-shifts` audit).
    const shifts = (lhr.audits['layout-shifts']?.details?.items ?? []).map((item) => ({
      element: item.node?.snippet,
      score: item.score,
    }));
    return {
      url,
      mainThread: mainThreadOf(lhr),
      lcpElement: lcpDetails?.items?.[0]?.node?.snippet ?? lcpDetails?.node?.snippet,
      layoutShifts: shifts,
      lighthouseVersion: lhr.lighthouseVersion,
      userAgent: lhr.environment?.hostUserAgent,
      benchmarkIndex: lhr.environment?.benchmarkIndex,
      cpuSlowdown: lhr.configSettings?.throttling?.cpuSlowdownMultiplier,
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

/** One pass's medians beside the bare page's, and each run of home. */
function printLighthouse(homePath, home, baseline, homeRuns) {
  const ratio = (a, b) => (a === undefined || !b ? '–' : `${fmt(a / b, 2)} ×`);
  console.log(
    table(
      ['metric', homePath, 'bare React page', 'ratio'],
      [
        ['performance', home.performance ?? '–', baseline.performance ?? '–', ''],
        ['accessibility', home.accessibility ?? '–', baseline.accessibility ?? '–', ''],
        ['best practices', home.bestPractices ?? '–', baseline.bestPractices ?? '–', ''],
        ...[
          ['FCP ms', 'firstContentfulPaintMs', 0],
          ['LCP ms', 'largestContentfulPaintMs', 0],
          ['TBT ms', 'totalBlockingTimeMs', 0],
          ['CLS', 'cumulativeLayoutShift', 3],
          ['Speed Index ms', 'speedIndexMs', 0],
          ['script transfer KB', 'scriptTransferKB', 1],
        ].map(([label, key, digits]) => [
          label,
          fmt(home[key], digits),
          fmt(baseline[key], digits),
          ratio(home[key], baseline[key]),
        ]),
      ],
    ),
  );
  console.log(
    `runs of ${homePath}: performance ${homeRuns.map((r) => r.performance).join(', ')}; TBT ms ${homeRuns.map((r) => fmt(r.totalBlockingTimeMs, 0)).join(', ')}; LCP ms ${homeRuns.map((r) => fmt(r.largestContentfulPaintMs, 0)).join(', ')}`,
  );
  if (home.lcpElement) console.log(`LCP element of ${homePath}: ${home.lcpElement}`);
  const thread = home.mainThread;
  if (thread) {
    const ms = (value) => `${fmt(value, 0)} ms`;
    console.log(
      `main thread of ${homePath} (the run whose TBT is the median): ${thread.byKind.map((k) => `${k.kind} ${ms(k.ms)}`).join(', ')}`,
    );
    console.log(
      `  scripts: ${thread.scripts.map((x) => `${x.url} ${ms(x.scriptingMs)} + ${ms(x.parseMs)} compile`).join('; ')}`,
    );
    console.log(
      `  long tasks: ${thread.longTasks.map((x) => `${ms(x.ms)} at ${ms(x.startMs)} (${x.url})`).join('; ')}`,
    );
  }
  for (const shift of home.layoutShifts ?? [])
    console.log(`layout shift of ${homePath}: ${fmt(shift.score, 3)} ${shift.element ?? '(no element)'}`);
  if (home.failedAudits.length)
    console.log(`accessibility audits not passed: ${home.failedAudits.join(', ')}`);
}

// ── (c) API throughput and latency ─────────────────────────────────────────────────────────────

const require = createRequire(import.meta.url);

/** autocannon: CONNECTIONS keep-alive connections for DURATION_S seconds against one URL. */
async function cannon(url) {
  const autocannon = require('autocannon');
  // A short warm-up first (JIT, caches), not counted.
  await autocannon({ url, connections: CONNECTIONS, duration: 1 });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  return {
    url: new URL(url).pathname + new URL(url).search,
    connections: CONNECTIONS,
    seconds: DURATION_S,
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

function apiTable(rows) {
  return table(
    ['call', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'ratio to bare'],
    rows.map((row) => [
      row.label,
      fmt(row.requestsPerSecond, 0),
      fmt(row.p50Ms, 1),
      fmt(row.p99Ms, 1),
      row.non2xx,
      row.errors,
      row.ratio === undefined ? '–' : `${fmt(row.ratio * 100, 1)} %`,
    ]),
  );
}

// ── Summary ────────────────────────────────────────────────────────────────────────────────────

const median = (values) => {
  const defined = values.filter((value) => typeof value === 'number').sort((a, b) => a - b);
  if (defined.length === 0) return undefined;
  const middle = Math.floor(defined.length / 2);
  return defined.length % 2 ? defined[middle] : (defined[middle - 1] + defined[middle]) / 2;
};

/** Each metric's median over the runs (Lighthouse's own advice: several runs, the median). */
function medianRun(runs) {
  const keys = [
    'performance',
    'accessibility',
    'bestPractices',
    'firstContentfulPaintMs',
    'largestContentfulPaintMs',
    'totalBlockingTimeMs',
    'cumulativeLayoutShift',
    'speedIndexMs',
    'scriptTransferKB',
    'benchmarkIndex',
    'cpuSlowdown',
  ];
  return {
    runs: runs.length,
    ...Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[key]))])),
    lcpElement: runs[0]?.lcpElement,
    // The main thread of the run whose blocking time is the median.
    mainThread: [...runs].sort((a, b) => (a.totalBlockingTimeMs ?? 0) - (b.totalBlockingTimeMs ?? 0))[
      Math.floor(runs.length / 2)
    ]?.mainThread,
    // The shifts of the run whose layout shift is the median.
    layoutShifts: [...runs].sort((a, b) => (a.cumulativeLayoutShift ?? 0) - (b.cumulativeLayoutShift ?? 0))[
      Math.floor(runs.length / 2)
    ]?.layoutShifts,
    failedAudits: [...new Set(runs.flatMap((run) => run.failedAudits))],
  };
}

function goalsRows(report) {
  const rows = [];
  const add = (what, now, baseline, ratio, goal, met) => rows.push({ what, now, baseline, ratio, goal, met });
  const bare = report.lighthouse?.baseline;
  const screens = report.lighthouse?.screens ?? {};
  for (const [label, screen] of bare ? Object.entries(screens) : []) {
    if (!screen) continue;
    const slowdown = `CPU ${fmt(report.lighthouse.cpuSlowdown, 1)}×`;
    add(
      `${label} Lighthouse mobile performance (median, ${slowdown})`,
      screen.performance,
      bare.performance,
      undefined,
      `≥ ${GOALS.lighthousePerformance}`,
      screen.performance >= GOALS.lighthousePerformance,
    );
    const lcpRatio = screen.largestContentfulPaintMs / bare.largestContentfulPaintMs;
    add(
      `${label} LCP`,
      `${fmt(screen.largestContentfulPaintMs / 1000, 2)} s`,
      `${fmt(bare.largestContentfulPaintMs / 1000, 2)} s`,
      `${fmt(lcpRatio, 2)} ×`,
      `≤ ${GOALS.lcpRatio} ×`,
      lcpRatio <= GOALS.lcpRatio,
    );
    add(
      `${label} CLS`,
      fmt(screen.cumulativeLayoutShift, 3),
      fmt(bare.cumulativeLayoutShift, 3),
      undefined,
      `≤ ${GOALS.cls}`,
      screen.cumulativeLayoutShift <= GOALS.cls,
    );
    add(
      `${label} TBT (${slowdown})`,
      `${fmt(screen.totalBlockingTimeMs, 0)} ms`,
      `${fmt(bare.totalBlockingTimeMs, 0)} ms`,
      undefined,
      `≤ ${GOALS.tbtMs} ms`,
      screen.totalBlockingTimeMs <= GOALS.tbtMs,
    );
    // The same two figures at Lighthouse's default slowdown: goals too (docs/performance.md), read apart.
    const reference = report.lighthouse.atDefaultSlowdown;
    const atDefault = reference?.screens[label];
    if (reference && atDefault) {
      const at = `CPU ${DEFAULT_CPU_SLOWDOWN}×`;
      add(
        `${label} Lighthouse mobile performance (${at})`,
        atDefault.performance,
        reference.baseline.performance,
        undefined,
        `≥ ${GOALS.lighthousePerformance}`,
        atDefault.performance >= GOALS.lighthousePerformance,
      );
      add(
        `${label} TBT (${at})`,
        `${fmt(atDefault.totalBlockingTimeMs, 0)} ms`,
        `${fmt(reference.baseline.totalBlockingTimeMs, 0)} ms`,
        undefined,
        `≤ ${GOALS.tbtMs} ms`,
        atDefault.totalBlockingTimeMs <= GOALS.tbtMs,
      );
    }
  }
  // The JavaScript budget of the first load, on each screen Lighthouse measures ((a)'s figures).
  const bareJs = report.bundles?.baseline;
  const budgeted = ['/m/home', '/m/gameList', '/m/lottery', '/m/home, member', `${MEMBER_HOME_PATH}, member`];
  for (const route of budgeted) {
    const js = report.bundles?.routes.find((row) => row.route === route);
    if (!js) continue;
    add(
      `${route} JavaScript transferred (brotli)`,
      `${fmt(js.brotliKB)} KB`,
      bareJs ? `${fmt(bareJs.brotliKB)} KB` : '–',
      bareJs ? `${fmt(js.brotliKB / bareJs.brotliKB, 2)} ×` : undefined,
      `≤ ${GOALS.homeJsKB} KB`,
      js.brotliKB <= GOALS.homeJsKB,
    );
  }
  const bareApi = report.api?.bare;
  for (const row of report.api?.calls ?? []) {
    const ratioOk = row.ratio >= GOALS.apiRatio;
    const p99Goal = row.large ? ` and p99 ≤ ${GOALS.searchP99Ms} ms` : '';
    add(
      `GET ${row.label}, ${CONNECTIONS} connections`,
      `${fmt(row.requestsPerSecond, 0)} req/s, p99 ${fmt(row.p99Ms, 1)} ms`,
      `${fmt(bareApi.requestsPerSecond, 0)} req/s`,
      `${fmt(row.ratio * 100, 1)} %`,
      `≥ ${GOALS.apiRatio * 100} % of bare${p99Goal}`,
      ratioOk && (!row.large || row.p99Ms <= GOALS.searchP99Ms) && row.non2xx === 0 && row.errors === 0,
    );
  }
  const money = report.money && moneyGoal(report.money.results);
  if (money) {
    add(
      `provider wallet bet+win, ${MONEY_GOALS.callers} callers on PostgreSQL`,
      `${fmt(money.row.callsPerSecond, 0)} calls/s, p99 ${fmt(money.row.p99Ms, 1)} ms`,
      `${fmt(money.row.bareTransactionsPerSecond, 0)} bare tx/s`,
      `${fmt(money.row.ratio * 100, 1)} %`,
      `≥ ${MONEY_GOALS.ratio * 100} % of bare tx/s and p99 ≤ ${MONEY_GOALS.p99Ms} ms`,
      money.met,
    );
  }
  // (h) has no goal of its own: its ratios are printed for reading beside the others.
  for (const call of report.edge?.calls ?? []) {
    add(
      `GET ${call.path} through nginx, two processes (${report.edge.connections} connections)`,
      `${fmt(call.two.requestsPerSecond, 0)} req/s, p99 ${fmt(call.two.p99Ms, 1)} ms`,
      `one process ${fmt(call.one.requestsPerSecond, 0)} req/s; bare route ${fmt(report.edge.bare.requestsPerSecond, 0)} req/s`,
      `${fmt(call.twoToOne, 2)} × one; ${fmt(call.two.ratioToBare * 100, 1)} % of bare`,
      '–',
      undefined,
    );
  }
  return rows;
}

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
    goals: GOALS,
  };

  const { SESSION_STORAGE_KEY } = await tsImport(
    '../../packages/contracts/src/constants.ts',
    import.meta.url,
  );
  const webDist = await prepareWebDist();
  // The server's database made beforehand with a captcha whose answer the bench knows: a member registers
  // with it for the pages measured signed in.
  const dataDir = mkdtempSync(join(tmpdir(), 'kl-bench-'));
  const [captcha] = await embeddedDatabaseWithCaptchas(dataDir, 1);
  const server = await startServer({ webDist, dataDir });
  console.log(
    `\nbench: server ready in ${(server.readyMs / 1000).toFixed(1)} s on ${server.base} (fresh PGlite, NODE_ENV=production)`,
  );
  report.serverReadyMs = server.readyMs;
  const member = await registerMember(server.base, captcha, SESSION_STORAGE_KEY);
  /** The screens of (b), each with its goals; the member's are measured signed in. */
  const screens = LIGHTHOUSE_SCREENS.filter(
    (screen) => !CHOSEN_SCREENS || CHOSEN_SCREENS.some((word) => screen.label.includes(word)),
  ).map((screen) => ({ ...screen, session: screen.member ? member : undefined }));
  const baselineUrl = `${server.base}${BASELINE_PATH}index.html`;
  try {
    if (!args.has('--skip-bundles')) {
      console.log(
        '\n(a) JavaScript per route, as sent (scripts the browser loaded on a first visit; bytes the server sends for each with Accept-Encoding br, then gzip)\n',
      );
      const memberRoutes = [HOME_PATH, MEMBER_HOME_PATH].map((path) => ({
        path,
        label: `${path}, member`,
        session: member,
      }));
      const rows = await measureBundles(server.base, [...routes, ...memberRoutes]);
      const [baseline] = await measureBundles(server.base, [{ path: BASELINE_PATH + 'index.html' }], '');
      console.log(
        table(
          ['route', 'JS gzip KB', 'JS brotli KB', 'requests', 'landed on'],
          [...rows, { ...baseline, route: 'baseline: bare React page' }].map((row) => [
            row.route,
            fmt(row.gzipKB),
            fmt(row.brotliKB),
            row.requests,
            row.landed ?? '',
          ]),
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
          `\nbudget ${HOME_BUDGET_KB} KB of JS on ${HOME_PATH}: brotli ${fmt(home.brotliKB)} KB (${verdict(home.brotliKB)}), gzip ${fmt(home.gzipKB)} KB (${verdict(home.gzipKB)}); the bare React page: brotli ${fmt(baseline.brotliKB)} KB`,
        );
      }
      report.bundles = {
        budgetKB: HOME_BUDGET_KB,
        method: 'browser-loaded scripts, bytes as served per encoding',
        routes: rows,
        baseline,
      };
    }

    if (!args.has('--skip-lighthouse')) {
      // Runs of each screen and of the bare page, alternated, at one CPU slowdown; each page's medians.
      const pass = (cpuSlowdown) => {
        const runs = new Map(screens.map((screen) => [screen.label, []]));
        const baselineRuns = [];
        for (let i = 0; i < LIGHTHOUSE_RUNS; i += 1) {
          for (const screen of screens)
            runs
              .get(screen.label)
              .push(lighthouse(`${server.base}${screen.path}`, cpuSlowdown, screen.session));
          baselineRuns.push(lighthouse(baselineUrl, cpuSlowdown));
        }
        const baseline = medianRun(baselineRuns);
        const measured = {};
        for (const screen of screens) {
          const screenRuns = runs.get(screen.label);
          const medians = medianRun(screenRuns);
          console.log('');
          printLighthouse(screen.label, medians, baseline, screenRuns);
          measured[screen.label] = { ...medians, runsOf: screenRuns };
        }
        const homeRuns = runs.get(LIGHTHOUSE_SCREENS[0].label) ?? [];
        return {
          cpuSlowdown,
          home: measured[LIGHTHOUSE_SCREENS[0].label],
          baseline,
          homeRuns,
          baselineRuns,
          screens: measured,
        };
      };
      console.log(
        `\n(b) Lighthouse mobile (simulated slow 4G), ${LIGHTHOUSE_RUNS} runs of each of ${screens.map((screen) => screen.label).join(', ')} and of the bare React page, alternated; medians\n` +
          `\n    at Lighthouse's default ${DEFAULT_CPU_SLOWDOWN}× CPU slowdown\n`,
      );
      const reference = pass(DEFAULT_CPU_SLOWDOWN);
      // This machine's benchmark index, as Lighthouse measured it in every run of that pass.
      const benchmarkIndex = median(
        [
          ...Object.values(reference.screens).flatMap((screen) => screen.runsOf),
          ...reference.baselineRuns,
        ].map((run) => run.benchmarkIndex),
      );
      const cpuSlowdown = GIVEN_CPU_SLOWDOWN ?? cpuSlowdownFor(benchmarkIndex);
      let calibrated = reference;
      if (cpuSlowdown !== DEFAULT_CPU_SLOWDOWN) {
        console.log(
          `\n    at ${fmt(cpuSlowdown, 1)}× CPU slowdown: ${GIVEN_CPU_SLOWDOWN ? 'as given' : `Lighthouse's calculator for this machine's benchmark index, ${fmt(benchmarkIndex, 0)} (median of the runs above)`}\n`,
        );
        calibrated = pass(cpuSlowdown);
      } else {
        console.log(
          `\n    this machine's benchmark index, ${fmt(benchmarkIndex, 0)}, calls for the default slowdown\n`,
        );
      }
      report.lighthouse = {
        benchmarkIndex,
        cpuSlowdown,
        calibration: GIVEN_CPU_SLOWDOWN ? 'given' : 'lighthouse-calculator',
        home: calibrated.home,
        baseline: calibrated.baseline,
        homeRuns: calibrated.homeRuns,
        baselineRuns: calibrated.baselineRuns,
        screens: calibrated.screens,
        atDefaultSlowdown: cpuSlowdown === DEFAULT_CPU_SLOWDOWN ? undefined : reference,
      };
    }

    if (!args.has('--skip-api')) {
      console.log(
        `\n(c) API throughput on loopback (autocannon, ${CONNECTIONS} connections × ${DURATION_S} s per call after a 1 s warm-up; client and server share the machine's ${cpus().length} cores), beside a bare Fastify route\n`,
      );
      const bare = await startBareFastify();
      const calls = [];
      let bareRun;
      try {
        bareRun = { label: 'bare Fastify route', ...(await cannon(bare.url)) };
        for (const path of ['/api/status', '/api/banners', SEARCH_QUERY]) {
          calls.push({ label: path, ...(await cannon(`${server.base}${path}`)) });
        }
      } finally {
        await bare.stop();
      }
      report.api = { bare: bareRun, calls };
    }
  } finally {
    await server.stop();
  }

  if (!args.has('--skip-api') && !args.has('--skip-search')) {
    const catalogueScript = join(root, 'apps/server/scripts/catalogue-grow.ts');
    if (existsSync(catalogueScript)) {
      console.log(`\nbench: growing a catalogue to ${LARGE_CATALOGUE.toLocaleString('en')} games…`);
      const large = await startServer({ webDist, dataDir: grownCatalogue(LARGE_CATALOGUE) });
      const bare = await startBareFastify();
      try {
        // The bare route again, in the same minute as the large search.
        const bareAgain = await cannon(bare.url);
        const row = await cannon(`${large.base}${SEARCH_QUERY}`);
        report.api.calls.push({
          ...row,
          label: `${SEARCH_QUERY} (${LARGE_CATALOGUE.toLocaleString('en')} games)`,
          large: true,
          bareRequestsPerSecond: bareAgain.requestsPerSecond,
        });
      } finally {
        await bare.stop();
        await large.stop();
      }
    }
  }
  if (report.api) {
    for (const row of report.api.calls)
      row.ratio = row.requestsPerSecond / (row.bareRequestsPerSecond ?? report.api.bare.requestsPerSecond);
    console.log(apiTable([report.api.bare, ...report.api.calls]));
  }
  rmSync(webDist, { recursive: true, force: true });

  if (!args.has('--skip-search') && !args.has('--skip-search-inject')) {
    // (d) Game search on the demo catalogue and on 100,000 games (its own in-memory database).
    console.log(
      '\n(d) Game search latency through the API (app.inject, in-memory PGlite; the demo catalogue, then 100,000 games)\n',
    );
    const searchJson = join(tmpdir(), `kl-search-bench-${process.pid}.json`);
    const result = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/scripts/search-bench.ts',
        `--games=${LARGE_CATALOGUE}`,
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
    // (e) Each studio machine's return to player, simulated with the real engine and provably fair draws.
    console.log("\n(e) In-house studio: each machine's return to player over 2,000,000 simulated rounds\n");
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'apps/server/scripts/slot-rtp.ts', '--rounds=2000000'],
      { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    );
    process.stdout.write(result.stdout ?? '');
    report.slotRtp = { ok: result.status === 0, output: (result.stdout ?? '').trim() };
    if (result.status !== 0) console.log('slot return to player: out of tolerance or failed (see above)');
  }

  if (!args.has('--skip-money')) {
    // (f) A game provider's wallet calls, beside bare transactions on the same database (money.mjs).
    try {
      report.money = await moneyBench({ seconds: MONEY_SECONDS, cpuProf: args.has('--money-cpu-prof') });
    } catch (error) {
      console.log(`money bench: failed (${error.message})`);
    }
  }

  if (!args.has('--skip-start')) {
    // (g) The server's start: the compiled release beside the sources through tsx (start.mjs).
    try {
      report.start = await startBench();
    } catch (error) {
      console.log(`start bench: failed (${error.message})`);
    }
  }

  if (!args.has('--skip-edge')) {
    // (h) Reads through nginx, one process of the release then two, beside the bare route (edge.mjs).
    try {
      report.edge = await edgeBench({ duration: DURATION_S, connections: CONNECTIONS });
    } catch (error) {
      console.log(`edge bench: failed (${error.message})`);
    }
  }

  const goals = goalsRows(report);
  if (goals.length) {
    console.log('\nGoals (docs/performance.md): each figure beside its baseline in this run\n');
    console.log(
      table(
        ['what', 'now', 'baseline', 'ratio', 'goal', 'met'],
        goals.map((row) => [
          row.what,
          row.now,
          row.baseline,
          row.ratio ?? '',
          row.goal,
          row.met === undefined ? '–' : row.met ? 'yes' : 'NO',
        ]),
      ),
    );
    report.summary = goals;
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
