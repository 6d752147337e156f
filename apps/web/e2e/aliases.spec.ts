import { CATEGORY_PATHS, HOME_ALIASES, HOME_PATH, fullPath } from '@kl/contracts/routes';
import type { Page } from '@playwright/test';
import { expect, t, test } from './fixtures.ts';

/**
 * A visitor arrives by an old or mistyped address and lands on home, goes home with the footer from a
 * category and finds their way back with the title bar's arrow (product.md §2). Each category's own
 * path is opened with the rest of the route table (layout.spec.ts, the English visitor).
 */

const homeScreen = (page: Page) => page.locator('[data-page="home"]');
const footerItem = (page: Page, key: string) =>
  page.getByTestId('app-footer').getByRole('link', { name: t('en', `footer.${key}`) });
const backArrow = (page: Page) =>
  page.getByTestId('app-header').getByRole('button', { name: t('en', 'common.back') });
const onPath = (path: string) => (url: URL) => url.pathname === path;

/**
 * The addresses are opened one after another in one browser tab (a visitor's tab), each a page load and
 * a step of its own (as the English visitor of layout.spec.ts does, docs/decisions/031-test-suite-time.md). The landing is home,
 * which axe scans where layout.spec.ts opens it by its own address: it is not scanned again here.
 */
test('old and unknown addresses land on home', async ({ page, navigate }) => {
  for (const alias of [...HOME_ALIASES, '/m/no-such-page', '/m/member/no-such-page']) {
    await test.step(`${alias} lands on ${HOME_PATH}`, async () => {
      await navigate(alias, { scan: false });
      await expect(page).toHaveURL(onPath(HOME_PATH));
      await expect(homeScreen(page)).toBeVisible();
      await expect(page.getByTestId('app-header')).toHaveAttribute('data-kind', 'special');
    });
  }
});

test('the footer’s home item goes home from a category', async ({ page, navigate, expectAccessible }) => {
  await navigate(CATEGORY_PATHS.LIVE);
  await expect(page.getByRole('main')).toHaveAttribute('data-category', 'LIVE');
  await footerItem(page, 'home').click();
  await expect(page).toHaveURL(onPath(HOME_PATH));
  await expect(homeScreen(page)).toBeVisible();
  await expect(page.getByRole('main')).toHaveAttribute('data-category', 'HOT');
  await expect(footerItem(page, 'home')).toHaveAttribute('aria-current', 'page');
  await expectAccessible('home, reached by the footer');
});

test.describe('the back arrow', () => {
  test('goes home from promotions, whatever came before', async ({ page, navigate, expectAccessible }) => {
    await navigate(fullPath('inviteFriends'));
    await footerItem(page, 'promotions').click();
    await expect(page).toHaveURL(onPath(fullPath('activity')));
    await expectAccessible('promotions, reached by the footer');

    await backArrow(page).click();
    await expect(page).toHaveURL(onPath(HOME_PATH));
    await expect(homeScreen(page)).toBeVisible();
  });

  test('goes back to the previous screen elsewhere', async ({ page, navigate, expectAccessible }) => {
    await navigate(fullPath('activity'));
    await footerItem(page, 'invite').click();
    await expect(page).toHaveURL(onPath(fullPath('inviteFriends')));
    await expect(page.locator('[data-page="inviteFriends"]')).toBeVisible();
    await expectAccessible('invite, reached by the footer');

    await backArrow(page).click();
    await expect(page).toHaveURL(onPath(fullPath('activity')));
    await expect(page.locator('[data-page="activity"]')).toBeVisible();
  });

  test('stays on the site when the screen was the first one opened', async ({ page, navigate }) => {
    await navigate(fullPath('notice'));
    await backArrow(page).click();
    await expect(page).toHaveURL(onPath(HOME_PATH));
    await expect(homeScreen(page)).toBeVisible();
  });
});
