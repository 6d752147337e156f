import { SSR_STATE_ID } from '@kl/contracts/server-rendering';
import { appTookOver, BASE_URL, expect, t, test, withoutScript } from './fixtures.ts';

/**
 * The lottery list rendered by the server for a visitor (docs/decisions/005-web-first-load.md), as home
 * and the game list are: the lotteries and their countdowns are in the page before any script runs; the
 * app then takes it over without asking again for what the page carried and without a hydration error,
 * on a phone whose time zone is neither the server's nor the site's, and its countdowns tick.
 */

const en = (key: string) => t('en', key);
const PATH = '/m/lottery?lang=en';

/** The calls whose answers the server puts in the page. */
const CARRIED = ['/api/status', '/api/lottery/games'];

// Neither the server's zone nor the site's (Asia/Ho_Chi_Minh): a draw's time names the site's zone once
// the app has the page, which the server's page could not know.
test.use({ timezoneId: 'America/New_York' });

test('the lottery list is readable with JavaScript off: its groups, lotteries and countdowns', async ({
  browser,
}) => {
  await withoutScript(browser, { path: PATH, lang: 'en' }, async (page) => {
    await expect(page).toHaveTitle(new RegExp(`^${en('route.lottery')} \\| `));
    await expect(page.getByRole('heading', { level: 1, name: en('route.lottery') })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: en('lottery.group.fast') })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: en('lottery.group.daily') })).toBeVisible();
    const games = page.getByTestId('lottery-game');
    expect(await games.count()).toBeGreaterThan(1);
    await expect(page.getByRole('button', { name: 'Play Siêu Tốc 1 Phút' })).toBeVisible();
    await expect(games.first().getByTestId('lottery-countdown')).toHaveText(/^closes in \d\d:\d\d/);
  });
});

/** When the soonest open draw of an answer of /api/lottery/games closes (ms since the epoch). */
function soonestClose({ list }: { list: { nextDraw: { closeAt: string } | null }[] }): number {
  return Math.min(...list.map((game) => (game.nextDraw ? Date.parse(game.nextDraw.closeAt) : Infinity)));
}

test('with JavaScript the app takes the list over: nothing asked again, no hydration error, the countdowns tick', async ({
  page,
  expectAccessible,
}) => {
  // The list is asked again when a draw closes (the 1-minute lottery's, every minute): the page is
  // opened just after one, so that the next is well after the taking over.
  const answer = (await (await page.request.get(`${BASE_URL}/api/lottery/games`)).json()) as {
    value: Parameters<typeof soonestClose>[0];
  };
  const wait = soonestClose(answer.value) - Date.now();
  if (wait < 15_000) await page.waitForTimeout(Math.max(wait, 0) + 1_000);

  const asked: { path: string; at: number }[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) asked.push({ path: pathname, at: Date.now() });
  });
  await page.goto(PATH);
  await expect(page).toHaveURL((url) => url.pathname === '/m/lottery' && url.search === '');
  await appTookOver(page);
  const first = page.getByTestId('lottery-game').first();
  // The app's own render names the site's zone beside the draw's time: the phone's is another.
  await expect(first.locator('.kl-lottery-note').first()).toContainText('(GMT+7)');
  const countdown = first.getByTestId('lottery-countdown');
  const seconds = async () => Number(await countdown.getAttribute('data-seconds'));
  const before = await seconds();
  await expect.poll(seconds, { timeout: 5_000 }).not.toBe(before);
  await page.waitForLoadState('networkidle');
  // Nothing the page carried is asked again before a draw closes (server and browser share this clock).
  const state = JSON.parse((await page.locator(`#${SSR_STATE_ID}`).textContent()) ?? '{}') as {
    queries: { queries: { queryKey: unknown[]; state: { data: Parameters<typeof soonestClose>[0] } }[] };
  };
  const carried = state.queries.queries.find(({ queryKey }) => queryKey.join('/') === 'lottery/games');
  expect(carried, 'the lotteries are in the page').toBeDefined();
  const closes = soonestClose(carried!.state.data);
  for (const path of CARRIED) {
    const early = asked.filter((call) => call.path === path && call.at < closes);
    expect(early, `${path} asked again`).toEqual([]);
  }
  await expectAccessible('/m/lottery (server rendered)');

  // The app has the page: a visitor who opens a lottery is sent to log in through the router.
  await page.evaluate(() => {
    (window as Window & { stillHere?: boolean }).stillHere = true;
  });
  await page.getByRole('button', { name: 'Play Siêu Tốc 1 Phút' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/m/login');
  expect(await page.evaluate(() => (window as Window & { stillHere?: boolean }).stillHere)).toBe(true);
});
