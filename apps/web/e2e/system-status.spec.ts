import { CACHE_KEYS } from '@kl/contracts/constants';
import type { SystemStatus } from '@kl/contracts/status';
import type { Page } from '@playwright/test';
import { STATUS_OWNER } from './constants.ts';
import { BASE_URL, expect, getSystemStatus, t, test } from './fixtures.ts';
import { setSystemStatus, workerOperatorSession } from './operator-api.ts';

/**
 * A visitor meets the maintenance page while the operator maintains the site, the region page when
 * visiting from a country the merchant does not serve, and a cached status that the server then
 * corrects (product.md §4).
 */

const FOREIGN_IP = '8.8.8.8';

const maintenancePage = (page: Page) => page.getByTestId('maintenance-page');
const regionPage = (page: Page) => page.getByTestId('region-restricted-page');
const homeScreen = (page: Page) => page.locator('[data-page="home"]');

/** Seeds localStorage before the app's first script runs, once per test (not again on reload). */
async function seedStorage(page: Page, key: string, value: string) {
  await page.addInitScript(
    ([storageKey, storageValue]) => {
      // Init scripts also run in the first blank document, which has no storage.
      if (window.location.protocol !== 'http:') return;
      if (sessionStorage.getItem('e2e-seeded') === storageKey) return;
      sessionStorage.setItem('e2e-seeded', storageKey);
      localStorage.setItem(storageKey, storageValue);
    },
    [key, value] as const,
  );
}

const cachedStatus = (page: Page) =>
  page.evaluate((key) => {
    const raw = localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as { status: number });
  }, CACHE_KEYS.status);

test.describe('the operator maintains the site', () => {
  // Whatever happens in a test, the shared server leaves maintenance again.
  test.afterEach(async ({ playwright }) => {
    const operator = await workerOperatorSession(playwright, STATUS_OWNER);
    await setSystemStatus(operator, { maintenance: false, maintenanceUntil: null });
  });

  test('visitors see the maintenance page until it ends', async ({ page, navigate, playwright }) => {
    // An owner signed in to the back office switches the site (docs/back-office.md, "Site status").
    const operator = await workerOperatorSession(playwright, STATUS_OWNER);
    const status = await setSystemStatus(operator, { maintenance: true });
    expect(status.status).toBe(1);

    await navigate('/m/home');
    await expect(maintenancePage(page)).toBeVisible();
    await expect(maintenancePage(page)).toContainText(t('en', 'maintenance.title'));
    await expect(homeScreen(page)).toHaveCount(0);

    await setSystemStatus(operator, { maintenance: false });
    await navigate('/m/home', { scan: false });
    await expect(homeScreen(page)).toBeVisible();
    await expect(maintenancePage(page)).toHaveCount(0);
  });

  test.describe('from a foreign address', () => {
    test.use({ extraHTTPHeaders: { 'x-forwarded-for': FOREIGN_IP } });

    test('maintenance wins over the region restriction', async ({ page, navigate, playwright }) => {
      await setSystemStatus(await workerOperatorSession(playwright, STATUS_OWNER), { maintenance: true });
      await navigate('/m/home');
      await expect(maintenancePage(page)).toBeVisible();
      await expect(regionPage(page)).toHaveCount(0);
    });
  });
});

test.describe('a visitor from a country the merchant does not serve', () => {
  test.use({ extraHTTPHeaders: { 'x-forwarded-for': FOREIGN_IP } });

  test('sees the region page with their address', async ({ page, navigate, request }) => {
    const status = (await (await request.get('/api/status')).json()) as { value: SystemStatus };
    expect(status.value).toMatchObject({ status: 2, regionRestriction: true, location: { ip: FOREIGN_IP } });

    await navigate('/m/home');
    await expect(regionPage(page)).toBeVisible();
    await expect(regionPage(page)).toContainText(t('en', 'region.title'));
    await expect(regionPage(page)).toContainText(FOREIGN_IP);
    await expect(homeScreen(page)).toHaveCount(0);
  });
});

test.describe('the status cache', () => {
  // Every page the server sends has the live status in it (docs/decisions/005-web-first-load.md); the cache
  // is what the service worker's app shell, /m/index.html, which has none, shows first until the server
  // answers.
  const activityScreen = (page: Page) => page.locator('[data-page="activity"]');

  test('a page brings the live status: a cached maintenance status is not shown, nor the status asked for', async ({
    page,
    navigate,
    request,
  }) => {
    const live = await getSystemStatus(request);
    expect(live.status).toBe(0);
    await seedStorage(page, CACHE_KEYS.status, JSON.stringify({ ...live, status: 1, maintenance: true }));
    const statusRequests: string[] = [];
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname === '/api/status') statusRequests.push(sent.url());
    });
    await page.addInitScript((testId) => {
      const shown = { maintenance: false };
      Object.assign(window, { klShown: shown });
      new MutationObserver(() => {
        if (document.querySelector(`[data-testid="${testId}"]`)) shown.maintenance = true;
      }).observe(document, { subtree: true, childList: true });
    }, 'maintenance-page');

    await navigate('/m/activity');
    await expect(activityScreen(page)).toBeVisible();
    const shown = await page.evaluate(
      () => (window as unknown as { klShown: { maintenance: boolean } }).klShown,
    );
    expect(shown.maintenance).toBe(false);
    expect(statusRequests).toEqual([]);
    // The page's status is kept as the cached one for the next visit.
    await expect.poll(async () => (await cachedStatus(page))?.status).toBe(0);
  });

  test('the app shell without a status shows the cached one first, then the server’s', async ({
    page,
    navigate,
    request,
    expectAccessible,
  }) => {
    const live = await getSystemStatus(request);
    expect(live.status).toBe(0);
    const stale: SystemStatus = { ...live, status: 1, maintenance: true };
    await seedStorage(page, CACHE_KEYS.status, JSON.stringify(stale));

    // Hold the server's answer until the cached status has been seen on screen.
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`${BASE_URL}/api/status`, async (route) => {
      await released;
      await route.continue();
    });

    try {
      // The file the service worker answers every navigation with: the app opens home from it.
      await navigate('/m/index.html', { scan: false });
      await expect(maintenancePage(page)).toBeVisible();
      await expect(homeScreen(page)).toHaveCount(0);
    } finally {
      release();
    }
    await expect(homeScreen(page)).toBeVisible();
    await expect(maintenancePage(page)).toHaveCount(0);
    await expect.poll(async () => (await cachedStatus(page))?.status).toBe(0);
    await expectAccessible('home after the status refresh');
  });

  test('a corrupt cache falls back to the server quietly', async ({ page, navigate }) => {
    await seedStorage(page, CACHE_KEYS.status, '{"status":1,"maint');
    await navigate('/m/home');
    await expect(homeScreen(page)).toBeVisible();
    await expect(maintenancePage(page)).toHaveCount(0);
    await expect.poll(async () => (await cachedStatus(page))?.status).toBe(0);
  });
});
