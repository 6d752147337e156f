import { ROUTES, chromeFor, type RouteDefinition } from '@kl/contracts/routes';
import type { Page } from '@playwright/test';
import { expect, t, test, type Navigate } from './fixtures.ts';
import { inGroups } from './support/groups.ts';
import { samplePath } from './support/route-paths.ts';

/**
 * A visitor opens every screen of the route table by its address: each renders, with the header,
 * title bar, back arrow and footer that product.md §2 gives its page; a category path shows its category,
 * named in the title bar. A gated route (product.md §6) sends the visitor to /m/login instead.
 *
 * Each address is a page load of its own, one after another in one browser tab per group of routes (a
 * visitor's tab, logged out): a fresh browser per address cost about twice the time for the same loads
 * (docs/decisions/031-test-suite-time.md). Each address is a step named after it, so a failure says which.
 *
 * Every gated address lands on the same login screen: axe scans it at /m/login and once as the landing
 * of a gated address (the table's first), not again for each of the others.
 */

/** Groups the table is split into (support/groups.ts). */
const GROUPS = 8;

/** The gated route whose login screen axe scans (the others land on the same screen). */
const SCANNED_GATED = ROUTES.find((route) => route.gated);

async function checkGated(page: Page, navigate: Navigate, path: string, scan: boolean) {
  await navigate(path, { scan });
  await expect(page).toHaveURL((url) => url.pathname === '/m/login');
  await expect(page.locator('[data-page="login"]')).toBeVisible();
  await expect(page.getByRole('dialog', { name: t('en', 'route.login') })).toBeVisible();
  await expect(page.getByTestId('app-footer')).toHaveCount(0);
}

async function checkScreen(page: Page, navigate: Navigate, route: RouteDefinition, path: string) {
  const chrome = chromeFor(route.page);
  await navigate(path);

  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(page.locator(`[data-page="${route.page}"]`)).toBeVisible();

  const header = page.getByTestId('app-header');
  if (chrome.header === 'none') {
    await expect(header).toHaveCount(0);
  } else {
    await expect(header).toBeVisible();
    await expect(header).toHaveAttribute('data-kind', chrome.header);
  }

  if (chrome.header === 'title') {
    const title = header.getByRole('heading', { level: 1 });
    // A category path's title is its category's name, and the screen lists that category.
    await expect(title).toHaveText(t('en', route.category ? `category.${route.category}` : route.titleKey));
    if (route.category) await expect(page.getByRole('main')).toHaveAttribute('data-category', route.category);
    const back = header.locator('[data-back]');
    await expect(back).toHaveCount(1);
    await expect(back).toHaveAccessibleName(t('en', 'common.back'));
    await expect(back).toHaveAttribute('data-back', chrome.back);
  }

  const footer = page.getByTestId('app-footer');
  if (chrome.footer) await expect(footer).toBeVisible();
  else await expect(footer).toHaveCount(0);
}

for (const [group, routes] of inGroups(ROUTES, GROUPS).entries()) {
  test(`every screen opens by its address (routes ${group + 1} of every ${GROUPS})`, async ({
    page,
    navigate,
  }) => {
    test.setTimeout(120_000);
    for (const route of routes) {
      const path = samplePath(route);
      if (route.gated) {
        await test.step(`${path} sends a visitor to /m/login`, () =>
          checkGated(page, navigate, path, route === SCANNED_GATED));
      } else {
        await test.step(`${path} shows the ${route.page} screen with its header and footer`, () =>
          checkScreen(page, navigate, route, path));
      }
    }
  });
}
