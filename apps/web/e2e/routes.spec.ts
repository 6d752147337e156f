import { ROUTES, chromeFor } from '@kl/contracts/routes';
import { expect, t, test } from './fixtures.ts';
import { samplePath } from './support/route-paths.ts';

/**
 * A visitor opens every screen of the route table by its address: each renders, with the header,
 * title bar, back arrow and footer that product.md §2 gives its page. A gated route (product.md §6) sends the
 * visitor to /m/login instead.
 */

for (const route of ROUTES) {
  const path = samplePath(route);
  const chrome = chromeFor(route.page);

  if (route.gated) {
    test(`${path} sends a visitor to /m/login`, async ({ page, navigate }) => {
      await navigate(path);
      await expect(page).toHaveURL((url) => url.pathname === '/m/login');
      await expect(page.locator('[data-page="login"]')).toBeVisible();
      await expect(page.getByRole('dialog', { name: t('en', 'route.login') })).toBeVisible();
      await expect(page.getByTestId('app-footer')).toHaveCount(0);
    });
    continue;
  }

  test(`${path} shows the ${route.page} screen with its header and footer`, async ({ page, navigate }) => {
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
      await expect(title).toHaveText(t('en', route.titleKey));
      const back = header.locator('[data-back]');
      await expect(back).toHaveCount(1);
      await expect(back).toHaveAccessibleName(t('en', 'common.back'));
      await expect(back).toHaveAttribute('data-back', chrome.back);
    }

    const footer = page.getByTestId('app-footer');
    if (chrome.footer) await expect(footer).toBeVisible();
    else await expect(footer).toHaveCount(0);
  });
}
