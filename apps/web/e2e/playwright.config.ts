import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import {
  E2E_PORT,
  E2E_SANDBOXES_PORT,
  operatorSecretsOf,
  PAYMENT_CALLBACK_SECRET,
  siteCopyOf,
} from './constants.ts';
import { DEVELOPMENT_SANDBOX_PROVIDER_SECRET } from '@kl/signing/development';
import { DEVELOPMENT_SECRET_KEYS_VALUE } from '../../server/src/platform/config.ts';
import { dropDatabasesSync, siteDatabasesOf } from './support/site-database.ts';

/**
 * End-to-end tests: Debian's Chromium on a phone viewport against the real server and, beside it, the
 * sandboxes process (the stand-ins of the payment gateway and the game provider, apps/sandboxes), as
 * `npm start` runs them outside production, on a fresh database per run: on the run's PostgreSQL server when
 * `npm test` gives one (TEST_DATABASE_URL), else embedded (support/site-database.ts). The web app must be
 * built first (`npm run build`; `npm test` does it).
 */

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const builtIndex = join(repoRoot, 'apps/web/dist/index.html');
if (!existsSync(builtIndex)) {
  throw new Error(
    `The web app is not built (${builtIndex} is missing): run \`npm run build\` before the end-to-end tests.`,
  );
}

// The configuration is read by the runner and again by each worker: the data folder is made once, by
// the runner, and handed to the workers through the environment. The runner removes it on exit, after
// the server has been stopped.
if (!process.env.E2E_DATA_DIR) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kl-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  const databases = siteDatabasesOf(dataDir, process.env.TEST_DATABASE_URL);
  process.on('exit', () => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}-sandboxes`, { recursive: true, force: true });
    rmSync(siteCopyOf(dataDir), { recursive: true, force: true });
    rmSync(operatorSecretsOf(dataDir), { recursive: true, force: true });
    if (databases) dropDatabasesSync(databases.serverUrl, [databases.site, databases.copy], repoRoot);
  });
}

/**
 * The site's database on the run's PostgreSQL server when there is one (support/site-database.ts), else
 * the embedded one in the data folder.
 */
const siteDatabases = siteDatabasesOf(process.env.E2E_DATA_DIR ?? '', process.env.TEST_DATABASE_URL);
const databaseEnv: Record<string, string> = siteDatabases
  ? {
      DATABASE_URL: siteDatabases.urlOf(siteDatabases.site),
      // What every process on a shared database must be given (the development values outside production).
      SECRET_KEYS: DEVELOPMENT_SECRET_KEYS_VALUE,
      SANDBOX_PROVIDER_SECRET: DEVELOPMENT_SANDBOX_PROVIDER_SECRET,
    }
  : {};

/**
 * The journeys that change what every visitor of the shared server sees: the site in maintenance or
 * behind the region page (system-status), a popular announcement published and the audit log written by
 * the back office (back-office; the message centre's unread counts of another journey would move under
 * it). They run one at a time, after all the other journeys, which share nothing but the seeded data
 * and run two at a time. The agents journey moves the server's clock to the next day to settle one
 * (agents.spec.ts), and the sports book's past the end of its matches (provider-sports.spec.ts).
 */
/**
 * The release's tests (release.spec.ts, launch.spec.ts): a copy of the release installed and started apart, sharing nothing
 * with the journeys' server. It runs beside the site-wide journeys, which take one worker of the two.
 */
const BESIDE_SITE_WIDE = ['release.spec.ts', 'launch.spec.ts'];

/**
 * The journeys that take longest (the 1-minute lottery waits for a real draw; the layout sweeps visit every
 * route; each of the others well over 20 s): a project of their own, listed first, so that the two workers
 * start them first and the journeys end on short tests. The runner hands out the tests of a phase in the
 * order of its projects; when a long journey was handed out last, one worker ran it alone for up to 47 s
 * while the other stood idle, with the site-wide journeys waiting for both (docs/decisions/031-test-suite-time.md).
 */
const LONG_JOURNEYS = [
  'lottery.spec.ts',
  'withdraw.spec.ts',
  'layout.spec.ts',
  'two-factor.spec.ts',
  'free-rounds.spec.ts',
];

const SITE_WIDE = [
  'system-status.spec.ts',
  'back-office.spec.ts',
  'agents.spec.ts',
  'provider-sports.spec.ts',
];

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: join(repoRoot, 'test-results'),
  // Two browsers on a 2-core machine: most of a journey is waiting for the server, the draws and axe.
  workers: 2,
  // Every test of the journeys registers its own member; tests of one file spread over the workers too.
  fullyParallel: true,
  projects: [
    { name: 'journeys-long', testMatch: LONG_JOURNEYS },
    { name: 'journeys', testIgnore: [...LONG_JOURNEYS, ...SITE_WIDE, ...BESIDE_SITE_WIDE] },
    {
      name: 'site-wide',
      testMatch: SITE_WIDE,
      dependencies: ['journeys-long', 'journeys'],
      workers: 1,
      fullyParallel: false,
    },
    // Runs on the worker the site-wide journeys leave idle, after the journeys like them.
    { name: 'release', testMatch: BESIDE_SITE_WIDE, dependencies: ['journeys-long', 'journeys'] },
  ],
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Journeys scan several screens with axe on a 2-core machine.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    browserName: 'chromium',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    // The visitors of the site: Vietnamese phones (GMT+7; the side-menu clock shows GMT+8).
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    // The service worker has its own spec (pwa.spec.ts, which allows it); elsewhere it would answer
    // from its cache and hide requests from page.route.
    serviceWorkers: 'block',
    // A failed journey keeps its trace (actions and DOM snapshots) and a screenshot of the end. The
    // trace's screencast is left out: at this viewport's 3× scale it halved the journeys' speed. In
    // continuous integration (CI set) nothing reads the traces afterwards, and recording one for every
    // journey costs time: there a failure keeps its error and screenshot only.
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium headless shell (package chromium-headless-shell), the browser without the desktop
      // browser's layers that Chromium's headless mode runs since the old one left its main program: the
      // journeys' screens render alike in it (the pixel baselines pass unchanged) and the browser's work,
      // three quarters of a run's processor time, is about a fifth less (decision 031).
      executablePath: '/usr/lib/chromium/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      // As an operator sets up a site, with the server stopped (the embedded database is one process): the
      // merchant (the demo seed here) and the back-office operators, by the commands of `npm run seed:demo`
      // and `npm run operator:create`, each password piped on its input (never on a command line), in one
      // process (support/prepare-site.ts); then the server.
      // prepare-site.ts also makes the site's copy (constants.ts, siteCopyOf).
      command: [
        'node --import tsx apps/web/e2e/support/prepare-site.ts',
        'exec node --import tsx apps/server/src/main.ts',
      ].join(' && '),
      cwd: repoRoot,
      url: `http://127.0.0.1:${E2E_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      env: {
        PORT: String(E2E_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        ...databaseEnv,
        TRUST_PROXY: '1',
        PAYMENT_CALLBACK_SECRET,
        NODE_ENV: 'test',
        DEV_OUTBOX: '1',
        // The agents journey closes a GMT+8 day to settle it (PUT /api/dev/clock; never in production).
        DEV_CLOCK: '1',
        // The lottery's draw scheduler (off by default under NODE_ENV=test): fast draws settle as in production.
        LOTTERY_SCHEDULER: 'on',
        LOG_LEVEL: 'warn',
        // Every page of every test comes from this one machine: the per-IP limit of real visitors
        // would throttle the suite, not test anything.
        RATE_LIMIT_MAX: '100000',
        // The sandbox gateway's payment page, in the sandboxes process below.
        PAYMENT_GATEWAY_URL: `http://127.0.0.1:${E2E_SANDBOXES_PORT}/gateway/pay`,
        // The sandbox game provider, in the same process: its API (for its game client) and its report.
        SANDBOX_PROVIDER_URL: `http://127.0.0.1:${E2E_SANDBOXES_PORT}`,
      },
    },
    {
      // The stand-ins of the outside parties, in their own process: they call the server above over HTTP.
      command: 'exec node --import tsx apps/sandboxes/src/main.ts',
      cwd: repoRoot,
      url: `http://127.0.0.1:${E2E_SANDBOXES_PORT}/health`,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      env: {
        SANDBOXES_PORT: String(E2E_SANDBOXES_PORT),
        SANDBOXES_HOST: '127.0.0.1',
        SANDBOXES_SITE_URL: `http://127.0.0.1:${E2E_PORT}`,
        SANDBOXES_DATA_DIR: `${process.env.E2E_DATA_DIR}-sandboxes`,
        PAYMENT_CALLBACK_SECRET,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        // The sandbox game provider's tables deal and settle, and its sports book plays matches, as in development.
        SANDBOX_PROVIDER_SCHEDULER: 'on',
        // The provider's clock moves with the server's (moveServerClock, site-wide journeys).
        DEV_CLOCK: '1',
      },
    },
  ],
});
