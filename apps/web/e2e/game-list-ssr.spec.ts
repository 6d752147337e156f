import { apiCallsOf, appTookOver, BASE_URL, expect, t, test, withoutScript } from './fixtures.ts';

/**
 * The game list rendered by the server for a visitor (docs/decisions/005-web-first-load.md), as home is:
 * its first games are in the page before any script runs; then the app takes it over without asking
 * again for what the page carried and without hydration errors, and its controls answer.
 */

const en = (key: string) => t('en', key);
const PATH = '/m/gameList?gameType=RNG&lang=en';

/** The calls whose answers the server puts in the page. */
const CARRIED = ['/api/status', '/api/games/vendors', '/api/games/search'];

test('the game list is readable with JavaScript off: its title, vendors and first games', async ({
  browser,
}) => {
  await withoutScript(browser, { path: PATH, lang: 'en' }, async (page) => {
    await expect(page).toHaveTitle(new RegExp(`^${en('route.gameList')} \\| `));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(en('category.RNG'));
    // The list's first page, each game with its picture, the first one drawn.
    const cards = page.getByTestId('game-card');
    await expect(cards).toHaveCount(25);
    // The card's picture is decorative (alt=""): the card's button is named by the game.
    const first = cards.first().locator('img.kl-game-card__art');
    await expect
      .poll(() => first.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: 'Kim Long Games' })).toBeVisible();
  });
});

test('with JavaScript the app takes the list over: nothing asked again, no hydration error, its filters answer', async ({
  page,
  expectAccessible,
}) => {
  const asked = apiCallsOf(page);
  const html = await (await page.request.get(`${BASE_URL}${PATH}`)).text();
  expect(html).toContain('data-server-rendered');
  await page.goto(PATH);
  await expect(page).toHaveURL((url) => url.pathname === '/m/gameList' && url.search === '?gameType=RNG');
  await appTookOver(page);
  await expect(page.getByTestId('game-card')).toHaveCount(25);
  await page.waitForLoadState('networkidle');
  for (const path of CARRIED) expect(asked, `${path} asked again`).not.toContain(path);
  await expectAccessible('/m/gameList (server rendered)');

  // The app has the page: a vendor narrows the list through the router, the page is not loaded again.
  await page.evaluate(() => {
    (window as Window & { stillHere?: boolean }).stillHere = true;
  });
  const narrowed = page.waitForResponse(
    (response) => response.url().includes('/api/games/search') && response.url().includes('vassalage=BGS'),
  );
  await page.getByRole('button', { name: 'Kim Long Games' }).click();
  await narrowed;
  await expect(page).toHaveURL((url) => url.searchParams.get('vassalage') === 'BGS');
  expect(await page.evaluate(() => (window as Window & { stillHere?: boolean }).stillHere)).toBe(true);
});
