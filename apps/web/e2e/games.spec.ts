import type { Page } from '@playwright/test';
import { appTookOver, expect, t, test, withLang } from './fixtures.ts';
import { asNewMember } from './members.ts';

/**
 * The game catalogue against the real server (product.md §2 game entry, game list, game card; §4
 * Favourites, Lists; §5 launch; §6 visitors). The member is registered through the API, with the
 * captcha read from the development outbox, and the page is given the session the server answered.
 */

const cards = (page: Page) => page.getByTestId('game-card');
const en = (key: string) => t('en', key);

test('a member browses, filters, searches, scrolls, favourites and launches a game', async ({
  page,
  navigate,
  expectAccessible,
}) => {
  // A long journey with several accessibility scans.
  test.setTimeout(90_000);
  await asNewMember(page, 'gm');

  await navigate('/m/game');
  const menu = page.getByRole('navigation', { name: en('games.categories') });
  await expect(cards(page).first()).toBeVisible();

  // RNG opens the game list.
  await menu.getByRole('link', { name: en('category.RNG') }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/m/gameList' && url.search === '?gameType=RNG');
  await expect(cards(page)).toHaveCount(25);
  await expectAccessible('game list RNG');

  // Scrolling loads the next page.
  const nextPage = page.waitForResponse(
    (response) => response.url().includes('/api/games/search') && response.url().includes('pageNo=2'),
  );
  await cards(page).last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 4000);
  await nextPage;
  await expect(cards(page)).toHaveCount(50);

  // A vendor and a class.
  await page.getByRole('button', { name: 'Kim Long Games' }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('vassalage') === 'BGS');
  await page.getByRole('button', { name: en('games.filter') }).click();
  const filtered = page.waitForResponse(
    (response) => response.url().includes('gameClassify=JP') && response.url().includes('vassalage=BGS'),
  );
  await page.getByText(en('games.classes.JP'), { exact: true }).click();
  const answer = (await (await filtered).json()) as { value: { games: { gameName: string }[] } };
  const wanted = answer.value.games[0]?.gameName ?? '';
  expect(wanted).not.toBe('');
  await expectAccessible('game list filtered');

  // Search by name (on Enter).
  const box = page.getByRole('searchbox', { name: en('games.search') });
  await box.fill(wanted);
  await box.press('Enter');
  await expect(cards(page).first()).toContainText(wanted);

  // Favourite it.
  const heart = page.getByRole('button', { name: t('en', 'games.favourite').replace('{{name}}', wanted) });
  await heart.first().click();
  await expect(page.getByText(en('games.changeSuccess')).first()).toBeVisible();
  await expect(heart.first()).toHaveAttribute('aria-pressed', 'true');

  // It is under FAV.
  await page.getByRole('button', { name: en('games.types.fav') }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('type') === 'fav');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText(wanted);
  await expectAccessible('game list favourites');

  // And on home, in the favourites section (members only).
  await navigate('/m/home');
  const favourites = page.getByRole('region', { name: en('category.FAV') });
  await favourites.scrollIntoViewIfNeeded();
  await expect(favourites.getByTestId('game-card')).toHaveCount(1);
  await expect(favourites.getByTestId('game-card').first()).toContainText(wanted);
  // The winner board, at the end of home, fills in when it comes near the screen.
  const board = page.getByRole('region', { name: en('games.winners.title') });
  await board.scrollIntoViewIfNeeded();
  await expect(board.getByRole('listitem').first()).toBeVisible();
  await expectAccessible('home with favourites');

  // Launch from there: the page goes where the server's answer says.
  const launched = page.waitForResponse((response) => response.url().endsWith('/api/games/launch'));
  await favourites.getByRole('button', { name: t('en', 'games.play').replace('{{name}}', wanted) }).click();
  const launch = (await (await launched).json()) as { value: { url: string } };
  expect(launch.value.url).toMatch(/^\/m\/slotsCenter\?launch=/);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === launch.value.url);

  // The launch is remembered: the game is first among the recently played.
  await navigate('/m/gameList?gameType=RNG&type=recent');
  await expect(cards(page).first()).toContainText(wanted);
  await expectAccessible('game list recent');
});

test('a visitor is sent to log in when launching, and told to log in for favourites', async ({
  page,
  navigate,
}) => {
  await navigate('/m/gameList?gameType=FISH');
  await expect(cards(page).first()).toBeVisible();
  await page.getByRole('button', { name: en('games.types.fav') }).click();
  await expect(page.getByText(en('in_logged_login')).first()).toBeVisible();
  await expect(page.getByRole('button', { name: en('games.types.all'), exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await cards(page).first().getByRole('button').first().click();
  await expect(page).toHaveURL((url) => url.pathname === '/m/login');
});

test('a visitor sees the home sections and the winner board, and a live vendor tile asks to log in', async ({
  page,
  navigate,
  expectAccessible,
}) => {
  await navigate('/m/home');
  // The sections below the first screen draw their cards as the page is scrolled down to them.
  for (const key of ['HOT', 'NEW_GAME', 'BGS', 'BG']) {
    const region = page.getByRole('region', { name: en(`category.${key}`), exact: true });
    await region.scrollIntoViewIfNeeded();
    await expect(region.getByTestId('game-card').first()).toBeVisible();
  }
  await expect(page.getByRole('region', { name: en('category.FAV') })).toHaveCount(0);
  const board = page.getByRole('region', { name: en('games.winners.title') });
  await board.scrollIntoViewIfNeeded();
  await expect(board.getByRole('listitem').first()).toBeVisible();
  await expectAccessible('home');

  await page
    .getByRole('navigation', { name: en('games.categories') })
    .getByRole('button', { name: en('category.LIVE') })
    .click();
  const tiles = page.getByRole('list', {
    name: en('games.vendorsOf').replace('{{category}}', en('category.LIVE')),
  });
  await expect(tiles.getByRole('button').first()).toBeVisible();
  await expectAccessible('home live casino');
  await tiles.getByRole('button').first().click();
  await expect(page).toHaveURL((url) => url.pathname === '/m/login');
});

test('a category path opens its category', async ({ page, navigate }) => {
  await navigate('/m/slot-games');
  await expect(page.getByTestId('category-content')).toHaveAttribute('data-category', 'RNG');
  await expect(cards(page).first()).toBeVisible();
});

test('the category menu shows its selected entry, when a path opens far along it and after a choice', async ({
  page,
  navigate,
  expectAccessible,
}) => {
  await navigate('/m/esport-games', { lang: 'vi' });
  const menuVi = page.getByRole('navigation', { name: t('vi', 'games.categories') });
  const esports = menuVi.getByRole('button', { name: t('vi', 'category.ESPORTS') });
  await expect(esports).toHaveAttribute('aria-pressed', 'true');
  await expect(esports).toBeInViewport({ ratio: 1 });
  // The first entry has gone out of the row's view to the left.
  await expect(menuVi.getByRole('button', { name: t('vi', 'category.HOME') })).not.toBeInViewport();
  await expectAccessible('e-sports games (Vietnamese)');

  await navigate('/m/live-games', { lang: 'en' });
  const menu = page.getByRole('navigation', { name: en('games.categories') });
  await expect(menu.getByRole('button', { name: en('category.LIVE') })).toBeInViewport({ ratio: 1 });
  // Choosing the next entry, in view to the right, moves the row to bring it to the middle.
  const scrolled = () => menu.getByRole('list').evaluate((list) => list.scrollLeft);
  const before = await scrolled();
  const sports = menu.getByRole('button', { name: en('category.SPORTS'), exact: true });
  await expect(sports).toBeInViewport({ ratio: 1 });
  await sports.click();
  await expect(sports).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(scrolled).toBeGreaterThan(before);
  await expectAccessible('sports chosen in the category menu (English)');
});

test('a home section waiting for its games keeps the height it has once its cards are drawn', async ({
  page,
}) => {
  // The searches are held: the sections that show their answers wait.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/games/search?**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(withLang('/m/home', 'en'));
  await appTookOver(page);
  const section = page.getByRole('region', { name: en('category.BGS'), exact: true });
  await expect(section.getByRole('status')).toBeVisible();
  const heightOf = () => section.evaluate((element) => element.getBoundingClientRect().height);
  const waiting = await heightOf();

  release();
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByTestId('game-card').first()).toBeVisible();
  expect(Math.abs((await heightOf()) - waiting)).toBeLessThan(1);
});
