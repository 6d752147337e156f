import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_MESSAGES } from '@kl/contracts/error-messages';
import type { Page } from '@playwright/test';
import { DEVELOPMENT_SANDBOX_PROVIDER_SECRET } from '@kl/signing/development';
import { DEVELOPMENT_SECRET_KEYS_VALUE } from '../../server/src/platform/config.ts';
import { PAYMENT_CALLBACK_SECRET, siteCopyOf } from './constants.ts';
import { BASE_URL, expect, t, test } from './fixtures.ts';
import { createDatabase, dropDatabase, siteDatabasesOf } from './support/site-database.ts';

/**
 * The installable web app: the manifest and its icons as the browser reads them, the service worker
 * that keeps the app shell, the app opened again without the network, and a new version offered
 * to the user.
 */

// The browser's default, said out loud: this journey is about the service worker.
test.use({ serviceWorkers: 'allow' });
// Each test waits for the worker to install, that is to download the whole build once.
test.describe.configure({ timeout: 90_000 });

const OFFLINE = ERROR_MESSAGES.en.NETWORK_OFFLINE;

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): string {
  expect(png.subarray(1, 4).toString('latin1'), 'PNG signature').toBe('PNG');
  return `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
}

/** Waits until the page's service worker is active (registered after load, when the browser is idle). */
async function activeWorker(page: Page): Promise<{ scope: string; script: string }> {
  const read = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const active = registration?.active;
      return registration && active?.state === 'activated'
        ? { scope: registration.scope, script: active.scriptURL }
        : null;
    });
  await expect.poll(read, { message: 'an active service worker', timeout: 20_000 }).not.toBeNull();
  return (await read())!;
}

interface WorkerVersion {
  versionId: string;
  runningStatus: string;
  status: string;
}

/**
 * The browser's own account of the page's service worker versions (the DevTools protocol): each version's
 * running status (stopped, starting, running, stopping) and lifecycle status, as they change.
 */
async function watchWorkers(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const started = Date.now();
  const log: string[] = [];
  const latest = new Map<string, WorkerVersion>();
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }: { versions: WorkerVersion[] }) => {
    for (const version of versions) {
      latest.set(version.versionId, version);
      log.push(
        `${Date.now() - started} ms: v${version.versionId} ${version.runningStatus}/${version.status}`,
      );
    }
  });
  await cdp.send('ServiceWorker.enable');
  const active = () => [...latest.values()].find((version) => version.status === 'activated');
  return {
    cdp,
    /** The active version's running status. */
    activeRunning: () => active()?.runningStatus,
    /** Every change seen, one line each, for a failure's message. */
    history: () => log.join('\n'),
    /** Events sent before this call have arrived once it answers (one session, in order). */
    settle: () => cdp.send('ServiceWorker.enable'),
  };
}

test('the manifest is valid for the browser, with an icon of every size it lists', async ({
  page,
  navigate,
}) => {
  await navigate('/m/home', { scan: false });
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/m/manifest.webmanifest');

  const response = await page.request.get(`${BASE_URL}${href}`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  expect(response.headers()['cache-control']).toBe('no-cache');
  const manifest = (await response.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
  expect(manifest.name).toBe('Kim Long');
  expect(manifest.short_name).toBeTruthy();
  expect(manifest.display).toBe('standalone');
  expect(manifest.scope).toBe('/m/');
  expect(String(manifest.start_url)).toMatch(/^\/m\//);

  for (const purpose of ['any', 'maskable']) {
    const sizes = manifest.icons
      .filter((icon) => (icon.purpose ?? 'any') === purpose)
      .map((icon) => icon.sizes);
    expect(sizes, `${purpose} icons`).toEqual(expect.arrayContaining(['192x192', '512x512']));
  }
  for (const icon of manifest.icons) {
    const image = await page.request.get(`${BASE_URL}${icon.src}`);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type'], icon.src).toBe('image/png');
    expect(pngSize(await image.body()), icon.src).toBe(icon.sizes);
  }
  const appleIcons = page.locator('link[rel="apple-touch-icon"]');
  await expect(appleIcons).not.toHaveCount(0);
  for (const link of await appleIcons.all()) {
    const src = await link.getAttribute('href');
    const image = await page.request.get(`${BASE_URL}${src}`);
    expect(image.headers()['content-type'], String(src)).toBe('image/png');
    expect(pngSize(await image.body()), String(src)).toBe(await link.getAttribute('sizes'));
  }

  // Chromium's own reading of the manifest, and its installability checks.
  const cdp = await page.context().newCDPSession(page);
  const parsed = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
  expect(parsed.url).toBe(`${BASE_URL}/m/manifest.webmanifest`);
  expect(parsed.errors).toEqual([]);
  await activeWorker(page);
  const installability = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  // The test browser's contexts are private windows, where Chromium never offers to install.
  const errors = installability.installabilityErrors.map((error) => error.errorId);
  expect(errors.filter((id) => id !== 'in-incognito')).toEqual([]);
});

test('the service worker activates, keeps the app shell and never an API answer', async ({
  page,
  navigate,
}) => {
  await navigate('/m/home', { scan: false });
  const worker = await activeWorker(page);
  expect(worker).toEqual({ scope: `${BASE_URL}/m/`, script: `${BASE_URL}/m/sw.js` });

  const script = await page.request.get(`${BASE_URL}/m/sw.js`);
  expect(script.headers()['content-type']).toMatch(/javascript/);
  expect(script.headers()['cache-control']).toBe('no-cache');

  // A page the worker controls calls the API (status, games)…
  await navigate('/m/gameList?gameType=RNG', { scan: false });
  await expect(page.getByTestId('game-card').first()).toBeVisible();
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  // …and only the build's files are stored.
  expect(cached).toContain('/m/index.html');
  expect(cached.filter((path) => path.startsWith('/m/assets/')).length).toBeGreaterThan(10);
  expect(cached.filter((path) => !path.startsWith('/m/'))).toEqual([]);
});

test('a stopped worker is not woken by the API nor by the build’s files, only by a navigation', async ({
  page,
  navigate,
}) => {
  await navigate('/m/gameList?gameType=RNG', { scan: false });
  await activeWorker(page);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(page.getByTestId('game-card').first()).toBeVisible();
  const workers = await watchWorkers(page);
  await workers.cdp.send('ServiceWorker.stopAllWorkers');
  await expect.poll(workers.activeRunning, { message: workers.history() }).toBe('stopped');

  // The API, with and without a query, and a game's art, from the network (rules.ts, staticRoutesOf).
  const art = await page.getByTestId('game-card').first().locator('img').getAttribute('src');
  const fetchStatuses = (paths: string[]) =>
    page.evaluate((list) => Promise.all(list.map(async (path) => (await fetch(path)).status)), paths);
  expect(await fetchStatuses(['/api/health', '/api/health?from=page', String(art)])).toEqual([200, 200, 200]);
  await workers.settle();
  expect(workers.activeRunning(), workers.history()).toBe('stopped');

  // Files of the build, from the worker's cache, by the browser's own account, and the worker sleeps on.
  const files = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[rel="stylesheet"]')]
      .map((element) => new URL('src' in element ? element.src : element.href).pathname)
      .filter((path) => path.startsWith('/m/assets/')),
  );
  expect(files.length).toBeGreaterThan(1);
  const sources = new Map<string, string | undefined>();
  workers.cdp.on('Network.responseReceived', ({ response }) => {
    sources.set(new URL(response.url).pathname, response.serviceWorkerRouterInfo?.actualSourceType);
  });
  await workers.cdp.send('Network.enable');
  expect(await fetchStatuses(files)).toEqual(files.map(() => 200));
  await workers.settle();
  expect(files.map((path) => sources.get(path))).toEqual(files.map(() => 'cache'));
  expect(workers.activeRunning(), workers.history()).toBe('stopped');

  // A navigation is the worker's to answer (the app shell): it starts.
  await page.reload();
  await expect(page.getByTestId('game-card').first()).toBeVisible();
  await expect.poll(workers.activeRunning, { message: workers.history() }).toBe('running');
});

test('offline, the app still opens and says the network is offline', async ({
  page,
  context,
  navigate,
  consoleErrors,
  expectAccessible,
}) => {
  // Offline, the game list retries its call twice (1 s, then 2 s) before it shows the failure.
  consoleErrors.allow(/ERR_INTERNET_DISCONNECTED|Failed to fetch/, 'the test takes the browser offline');
  await navigate('/m/home');
  await activeWorker(page);

  await context.setOffline(true);
  await page.reload();
  // The app shell came from the service worker: the home screen renders, and its calls, unanswered,
  // bring the notice (the browser's own word, navigator.onLine, is not relied on alone).
  await expect(page.locator('[data-page="home"]')).toBeVisible();
  const notice = page.getByRole('complementary', { name: t('en', 'pwa.offline.label') });
  await expect(notice).toHaveText(OFFLINE);

  // A screen that needs the server says so too, and the page passes the accessibility scan.
  await page.goto('/m/gameList?gameType=RNG');
  await expect(page.locator('[data-page]').getByText(OFFLINE)).toBeVisible();
  await expect(notice).toBeVisible();
  await expectAccessible('game list offline');

  // Back online, the notice goes — at the latest when the app next asks the server whether it answers
  // (every 4 s at most) — and the screen loads its data.
  await context.setOffline(false);
  await expect(notice).toHaveCount(0, { timeout: 10_000 });
  await page.reload();
  await expect(page.getByTestId('game-card').first()).toBeVisible();
});

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** A free port of the experiments' range (18000–18999). */
async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = 18_000 + Math.floor(Math.random() * 1_000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 18000–18999');
}

/**
 * A second server of its own, on a copy of the build, so that the test can release a "new version"
 * (change sw.js) without touching the build the other journeys use.
 */
async function startServerOnCopyOfBuild() {
  const webDist = mkdtempSync(join(tmpdir(), 'kl-e2e-pwa-dist-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'kl-e2e-pwa-data-'));
  cpSync(join(repoRoot, 'apps/web/dist'), webDist, { recursive: true });
  // The site's data as the test server started on it, copied (constants.ts): no database made from nothing.
  // On the run's PostgreSQL server, a database made from the site's copy (support/site-database.ts).
  const runData = process.env.E2E_DATA_DIR;
  if (!runData) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const databases = siteDatabasesOf(runData, process.env.TEST_DATABASE_URL);
  const ownDatabase = databases ? `${databases.site}_pwa_${randomBytes(4).toString('hex')}` : undefined;
  if (databases && ownDatabase) await createDatabase(databases.serverUrl, ownDatabase, databases.copy);
  else cpSync(siteCopyOf(runData), dataDir, { recursive: true });
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      DATABASE_URL: databases && ownDatabase ? databases.urlOf(ownDatabase) : '',
      // What every process on a shared database must be given (the development values outside production).
      ...(ownDatabase && {
        SECRET_KEYS: DEVELOPMENT_SECRET_KEYS_VALUE,
        PAYMENT_CALLBACK_SECRET,
        SANDBOX_PROVIDER_SECRET: DEVELOPMENT_SANDBOX_PROVIDER_SECRET,
      }),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(webDist, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
    if (databases && ownDatabase) await dropDatabase(databases.serverUrl, ownDatabase);
  };
  try {
    await expect
      .poll(
        async () => {
          if (child.exitCode !== null) throw new Error(`the second server exited:\n${stderr}`);
          return fetch(`${base}/api/health`).then(
            (response) => response.ok,
            () => false,
          );
        },
        { message: 'the second server answers', timeout: 90_000, intervals: [250] },
      )
      .toBe(true);
  } catch (error) {
    await stop();
    throw error;
  }
  /** Publishes a new version: the worker script changes (sent uncompressed from now on). */
  const release = () => {
    appendFileSync(join(webDist, 'sw.js'), '\n// next release\n');
    rmSync(join(webDist, 'sw.js.br'), { force: true });
    rmSync(join(webDist, 'sw.js.gz'), { force: true });
  };
  return { base, release, stop };
}

// Taking the new version: after Reload the old worker is stopped, made redundant, and the new one activates
// and claims the page (about a second on a busy two-core machine); the journey has no retries.
test.describe('a new version', () => {
  test('a new version is offered, and taken only when the user chooses to reload', async ({
    page,
    expectAccessible,
  }) => {
    // A server of its own starts (on a copy of the site's embedded database) before the journey.
    test.setTimeout(150_000);
    const server = await startServerOnCopyOfBuild();
    try {
      const workers = await watchWorkers(page);
      await page.goto(`${server.base}/m/gameList?gameType=RNG&lang=en`);
      await activeWorker(page);
      await page.reload();
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

      // The member is typing when the new version comes out.
      const search = page.locator('input[type="search"]');
      await search.fill('half a search');
      await page.evaluate(() => {
        (window as unknown as { keptPage: boolean }).keptPage = true;
      });
      server.release();
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });

      const notice = page.getByRole('complementary', { name: t('en', 'pwa.update.label') });
      await expect(notice).toContainText(t('en', 'pwa.update.message'), { timeout: 20_000 });
      await expect(search).toBeFocused();
      await expectAccessible('update notice');

      // Nothing reloads on its own: the new version waits (the page reloads only once it takes over), and
      // the page and what was typed stay.
      expect(
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state),
      ).toBe('installed');
      await expect(search).toHaveValue('half a search');
      expect(await page.evaluate(() => (window as unknown as { keptPage?: boolean }).keptPage)).toBe(true);

      // "Later" puts it off; the next visit offers it again; "Reload" takes it.
      await notice.getByRole('button', { name: t('en', 'pwa.update.later') }).click();
      await expect(notice).toHaveCount(0);
      await page.reload();
      await expect(notice).toBeVisible({ timeout: 20_000 });
      await notice.getByRole('button', { name: t('en', 'pwa.update.reload') }).click();
      // The outgoing worker stops, the new one activates and takes the page, which reloads. The app's API
      // calls and the first touch's downloads go on meanwhile; none of them may start the outgoing worker
      // again (rules.ts, staticRoutesOf). On a failure, the browser's account of the versions says which step stalled.
      await expect(notice)
        .toHaveCount(0, { timeout: 20_000 })
        .catch((error: unknown) => {
          throw new Error(`${String(error)}\nservice worker versions:\n${workers.history()}`);
        });
      await expect
        .poll(() =>
          page.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            return registration?.waiting === null && registration.active?.state === 'activated';
          }),
        )
        .toBe(true);
      await expect(page.locator('[data-page="gameList"]')).toBeVisible();
    } finally {
      // The page leaves the server before it stops: a status request of the app racing the shutdown
      // would be refused (or answered 503 while the server closes) and fail the journey's console check.
      await page.goto('about:blank');
      await server.stop();
    }
  });
});
