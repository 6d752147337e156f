import {
  CATEGORY_PATHS,
  HOME_ALIASES,
  HOME_PATH,
  ROUTES,
  fullPath,
  type CategoryWithPath,
} from '@kl/contracts/routes';
import type { Page } from '@playwright/test';
import { expect, t, test } from './fixtures.ts';
import { inGroups } from './support/groups.ts';

/**
 * A visitor arrives by an old or mistyped address and lands on home, opens a category by its path,
 * goes home with the footer and finds their way back with the title bar's arrow (product.md §2).
 */

const homeScreen = (page: Page) => page.locator('[data-page="home"]');
const footerItem = (page: Page, key: string) =>
  page.getByTestId('app-footer').getByRole('link', { name: t('en', `footer.${key}`) });
const backArrow = (page: Page) =>
  page.getByTestId('app-header').getByRole('button', { name: t('en', 'common.back') });
const onPath = (path: string) => (url: URL) => url.pathname === path;

/**
 * The tables below are opened address after address in one browser tab per group (a visitor's tab), each
 * address a page load and a step of its own (as routes.spec.ts does, docs/decisions/031-test-suite-time.md).
 */
test.describe('addresses that land on home', () => {
  const aliases = [...HOME_ALIASES, '/m/no-such-page', '/m/member/no-such-page'];
  for (const [group, members] of inGroups(aliases, 2).entries()) {
    test(`old and unknown addresses land on ${HOME_PATH} (${group + 1} of 2)`, async ({ page, navigate }) => {
      for (const alias of members) {
        await test.step(`${alias} lands on ${HOME_PATH}`, async () => {
          await navigate(alias);
          await expect(page).toHaveURL(onPath(HOME_PATH));
          await expect(homeScreen(page)).toBeVisible();
          await expect(page.getByTestId('app-header')).toHaveAttribute('data-kind', 'special');
        });
      }
    });
  }
});

test.describe('category paths', () => {
  const categories = Object.entries(CATEGORY_PATHS) as [CategoryWithPath, string][];
  for (const [group, members] of inGroups(categories, 3).entries()) {
    test(`each category opens by its path (${group + 1} of 3)`, async ({ page, navigate }) => {
      for (const [category, path] of members) {
        const route = ROUTES.find((candidate) => fullPath(candidate.pattern) === path);
        await test.step(`${path} opens the ${category} category`, async () => {
          expect(route?.category, `the route table maps ${path} to ${category}`).toBe(category);
          await navigate(path);
          await expect(page).toHaveURL(onPath(path));
          await expect(page.locator(`[data-page="${route?.page}"]`)).toBeVisible();
          await expect(page.getByTestId('app-header').getByRole('heading', { level: 1 })).toHaveText(
            t('en', `category.${category}`),
          );
          await expect(page.getByRole('main')).toHaveAttribute('data-category', category);
        });
      }
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
