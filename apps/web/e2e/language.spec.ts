import { CLOCK_UTC_OFFSET_HOURS, TIMING_MS } from '@kl/contracts/constants';
import type { Page } from '@playwright/test';
import { expect, t, test, type Lang } from './fixtures.ts';

/**
 * A visitor reads the site in Vietnamese by default, switches to English by link or in the side menu,
 * finds the choice kept on the next visit, reads the GMT+8 clock and switches to the light theme.
 */

const CLOCK_FORMAT = /^(\d{2}):(\d{2}):(\d{2}) \| (\d{2})\/(\d{2})\/(\d{4})$/;

const footerHome = (page: Page, lang: Lang) =>
  page.getByTestId('app-footer').getByRole('link', { name: t(lang, 'footer.home') });

async function openSideMenu(page: Page, lang: Lang) {
  await page.getByRole('button', { name: t(lang, 'header.menu') }).click();
  const menu = page.getByTestId('side-menu');
  await expect(menu).toBeVisible();
  await expect(menu).toHaveAttribute('role', 'dialog');
  return menu;
}

/** Seconds since midnight 1 Jan 1970 of a clock text read as GMT+8. */
function clockInstant(text: string): number {
  const match = CLOCK_FORMAT.exec(text);
  if (!match) throw new Error(`clock text "${text}" is not HH:mm:ss | DD/MM/YYYY`);
  const [, hh, mm, ss, dd, mo, yyyy] = match.map(Number) as number[];
  return Date.UTC(yyyy!, mo! - 1, dd!, hh! - CLOCK_UTC_OFFSET_HOURS, mm!, ss!) / 1000;
}

test('a first visit is in Vietnamese', async ({ page, navigate }) => {
  await navigate('/m/home', { lang: null });
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await expect(footerHome(page, 'vi')).toBeVisible();
  await expect(page.getByRole('button', { name: t('vi', 'header.menu') })).toBeVisible();
});

test('?lang=en switches to English and the choice is kept without the parameter', async ({
  page,
  navigate,
}) => {
  await navigate('/m/home', { lang: 'en' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(footerHome(page, 'en')).toBeVisible();

  await navigate('/m/activity', { lang: null });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('app-header').getByRole('heading', { level: 1 })).toHaveText(
    t('en', 'route.activity'),
  );

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('app-header').getByRole('heading', { level: 1 })).toHaveText(
    t('en', 'route.activity'),
  );
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
});

test('the language chosen in the side menu changes the texts and is kept', async ({
  page,
  navigate,
  expectAccessible,
}) => {
  await navigate('/m/home', { lang: 'en' });
  const menu = await openSideMenu(page, 'en');
  await expectAccessible('side menu (English)');

  const languages = menu.getByRole('radiogroup', { name: t('en', 'sideMenu.language') });
  await expect(languages.getByRole('radio', { name: 'English' })).toBeChecked();
  await languages.getByRole('radio', { name: 'Tiếng Việt' }).click();

  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await expect(menu.getByRole('radiogroup', { name: t('vi', 'sideMenu.language') })).toBeVisible();
  await expect(menu.getByRole('radio', { name: 'Tiếng Việt' })).toBeChecked();

  // ?lang= was taken out of the address once applied, so a reload shows the stored choice.
  expect(new URL(page.url()).searchParams.has('lang')).toBe(false);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await expect(footerHome(page, 'vi')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('vi');
});

test('three quick language switches apply the last one alone, with one set of calls', async ({
  page,
  navigate,
  expectAccessible,
}) => {
  await navigate('/m/home');
  const menu = await openSideMenu(page, 'en');
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(url.pathname + url.search);
  });
  const radio = (name: string) => menu.getByRole('radio', { name });
  // English → Vietnamese → English → Vietnamese, as quick as a thumb does them: the three taps in the page
  // within one task, so that a busy machine cannot space them further apart than the wait to settle.
  const vietnamese = await radio('Tiếng Việt').elementHandle();
  const english = await radio('English').elementHandle();
  await page.evaluate(
    ([first, second, third]) => {
      for (const choice of [first, second, third]) (choice as HTMLInputElement | null)?.click();
    },
    [vietnamese, english, vietnamese] as const,
  );
  await expect(radio('Tiếng Việt')).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await expect(menu.getByRole('radiogroup', { name: t('vi', 'sideMenu.language') })).toBeVisible();

  // The server's texts are asked again in Vietnamese, once: the vendors (asked once per language).
  const vendorCalls = () => calls.filter((call) => call.startsWith('/api/games/vendors')).length;
  await expect.poll(vendorCalls).toBe(1);
  // Longer than the wait for the choice to settle: no second set follows.
  await page.waitForTimeout(2 * TIMING_MS.languageChangeDebounce);
  expect(vendorCalls(), `calls: ${calls.join(', ')}`).toBe(1);
  // English, the choice in between, was never applied: nothing was asked in it.
  expect(calls.filter((call) => /language=EN/i.test(call))).toEqual([]);
  await expectAccessible('side menu after three language switches (Vietnamese)');
});

test('the side-menu clock shows GMT+8 time and ticks every second', async ({ page, navigate }) => {
  await navigate('/m/home');
  const menu = await openSideMenu(page, 'en');
  const clock = menu.getByTestId('gmt8-clock');
  await expect(clock).toHaveText(CLOCK_FORMAT);

  const first = (await clock.textContent())?.trim() ?? '';
  // The browser runs in GMT+7 (Ho Chi Minh City): the clock must not follow the local zone.
  expect(Math.abs(clockInstant(first) - Date.now() / 1000), `clock "${first}" is GMT+8 now`).toBeLessThan(3);

  await expect.poll(async () => (await clock.textContent())?.trim(), { timeout: 3_000 }).not.toBe(first);
  const later = (await clock.textContent())?.trim() ?? '';
  expect(clockInstant(later)).toBeGreaterThan(clockInstant(first));
});

test('the light theme chosen in the side menu is kept after a reload', async ({
  page,
  navigate,
  expectAccessible,
}) => {
  await navigate('/m/home');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  const menu = await openSideMenu(page, 'en');
  const name = t('en', 'sideMenu.lightTheme');
  const lightTheme = menu.getByRole('switch', { name }).or(menu.getByRole('checkbox', { name }));
  await expect(lightTheme).not.toBeChecked();
  await lightTheme.click();
  await expect(lightTheme).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.locator('[data-page="home"]')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  await expectAccessible('home in the light theme');
});
