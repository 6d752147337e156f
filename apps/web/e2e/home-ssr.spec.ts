import type { Locator } from '@playwright/test';
import { apiCallsOf, appTookOver, BASE_URL, expect, t, test, withoutScript } from './fixtures.ts';

/**
 * Home rendered by the server (docs/decisions/005-web-first-load.md): the first screen is there before
 * any JavaScript runs, its links are real links; then the app takes it over without refetching what
 * the page carried and without hydration errors.
 */

const en = (key: string) => t('en', key);

/**
 * How far the marquee's text has come from the window's left edge (negative once it has moved on
 * to the left), in CSS pixels: where the text starts, less where the window starts.
 */
function marqueeTextOffset(marquee: Locator): Promise<number> {
  return marquee.evaluate((element) => {
    const line = element.querySelector<HTMLElement>('.kl-marquee__line')!;
    const window = line.parentElement!.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(line);
    return range.getBoundingClientRect().left - window.left;
  });
}

/** The calls whose answers the server puts in the page. */
const CARRIED = [
  '/api/status',
  '/api/banners',
  '/api/announcements/popular',
  '/api/games/vendors',
  '/api/games/hot',
];

test('home is readable with JavaScript off: banner, marquee, games and real links', async ({ browser }) => {
  await withoutScript(browser, { path: '/m/home?lang=en', lang: 'en' }, async (page) => {
    // The first banner, asked for first.
    const carousel = page.getByRole('region', { name: en('home.banners.label') });
    const first = carousel.getByRole('img').first();
    await expect(first).toBeVisible();
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    await expect
      .poll(() => first.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);

    // The marquee's text, a real link to the notices.
    const marquee = page.getByTestId('marquee');
    await expect(marquee).toContainText('Weekly scheduled maintenance');
    await expect(marquee).toHaveAttribute('href', '/m/notice');
    // It stands at its start, its first words in the window (it moves once the app has the page and the
    // page has settled).
    await expect(marquee).toHaveAttribute('data-moving', 'false');
    expect(Math.abs(await marqueeTextOffset(marquee))).toBeLessThan(1);

    // The first game section with its games.
    const hot = page.getByRole('region', { name: en('category.HOT') });
    await expect(hot.getByTestId('game-card').first()).toBeVisible();
    expect(await hot.getByTestId('game-card').count()).toBeGreaterThan(3);

    // The header's and shortcuts' links go where they say, without the app's router.
    const login = page.getByTestId('app-header').getByRole('link', { name: en('header.login') });
    await expect(login).toHaveAttribute('href', '/m/login');
    const deposit = page
      .getByRole('navigation', { name: en('home.quickNav.label') })
      .getByRole('link', { name: new RegExp(`^${en('home.quickNav.deposit')}`) });
    await expect(deposit).toHaveAttribute('href', '/m/voucherCenter');
    await login.click();
    await expect(page).toHaveURL(/\/m\/login$/);
  });
});

test('the head asks for the first banner and no script chunk: the chunks wait for the first paint', async ({
  request,
}) => {
  const html = await (await request.get(`${BASE_URL}/m/home?lang=en`)).text();
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).toMatch(/<link rel="preload" as="image" href="[^"]+\.webp[^"]*" fetchpriority="high">/);
  // Only the small entry is a script of the head; a chunk it imported itself would be preloaded here,
  // on a slow line sharing the bandwidth with the banner (docs/performance.md).
  expect(head.match(/<script type="module"/g)).toHaveLength(1);
  expect(head).not.toContain('rel="modulepreload"');
  // The chunks the entry preloads after the first paint: the app's sources as one chunk, the modules
  // home shares with other screens as another, each a request and a task of its own
  // (apps/web src/shared/lib/first-screen-chunks.ts).
  const chunks = /<meta name="kl-first-screen-chunks" content="([^"]*)"/.exec(head)?.[1]?.split(' ') ?? [];
  expect(chunks.filter((chunk) => /^\/m\/assets\/app-[\w-]+\.js$/.test(chunk))).toHaveLength(1);
  expect(chunks.filter((chunk) => /^\/m\/assets\/shared-[\w-]+\.js$/.test(chunk))).toHaveLength(1);
  expect(chunks.length).toBeLessThanOrEqual(16);
});

test('with JavaScript the app takes the page over: no data asked again, no hydration error', async ({
  page,
  expectAccessible,
}) => {
  const asked = apiCallsOf(page);
  await page.goto('/m/home?lang=en');
  // The app has started when the language parameter has left the address, and has the page when
  // the root no longer says it is the server's.
  await expect(page).toHaveURL(/\/m\/home$/);
  await appTookOver(page);
  const marquee = page.getByTestId('marquee');
  await expect(marquee).toContainText('Weekly scheduled maintenance');
  // Once the page has settled the marquee moves on from where its text stood, at the window's left
  // edge, to the left: it does not start again from the right.
  await expect(marquee).toHaveAttribute('data-moving', 'true');
  const offset = await marqueeTextOffset(marquee);
  expect(offset).toBeLessThanOrEqual(1);
  expect(offset).toBeGreaterThan(-300);
  await expect.poll(() => marqueeTextOffset(marquee)).toBeLessThan(offset - 10);
  await page.waitForLoadState('networkidle');
  for (const path of CARRIED) expect(asked, `${path} asked again`).not.toContain(path);
  await expectAccessible('/m/home (server rendered)');

  // After hydration the router follows the links: the page is not loaded again.
  await page.evaluate(() => {
    (window as Window & { stillHere?: boolean }).stillHere = true;
  });
  await marquee.click();
  await expect(page).toHaveURL(/\/m\/notice$/);
  expect(await page.evaluate(() => (window as Window & { stillHere?: boolean }).stillHere)).toBe(true);
});

test('the language and theme chosen in the app are the ones the server renders next time', async ({
  page,
}) => {
  await page.goto('/m/home?lang=en');
  await expect(page).toHaveURL(/\/m\/home$/);
  // The app writes the cookies as it starts, before it takes the page over.
  await appTookOver(page);
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'kl_lang')?.value).toBe('en');
  expect(cookies.find((cookie) => cookie.name === 'kl_theme')?.value).toBe('dark');

  // A reload without ?lang= comes back from the server in English.
  const reloaded = await page.request.get(`${BASE_URL}/m/home`);
  expect(await reloaded.text()).toContain('<html lang="en"');
});
