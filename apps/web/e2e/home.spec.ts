import type { Page } from '@playwright/test';
import { expect, t, test } from './fixtures.ts';
import { asNewMember } from './members.ts';

/**
 * Home and the side menu against the real server and its seeded content (product.md §2 Home, Home header,
 * Side menu, Other widgets; §9 banner autoplay, footer limits, jackpot ticker).
 */

const en = (key: string) => t('en', key);

/** The suite's phone (playwright.config.ts) and a tablet, where the header has room for everything. */
const PHONE = { width: 390, height: 844 };
const WIDE = { width: 768, height: 844 };

/** Scrolls down until the footer block (loaded when scrolled near) is on the screen. */
async function scrollToFooter(page: Page) {
  const footer = page.getByTestId('home-footer');
  await expect(async () => {
    await page.mouse.wheel(0, 3000);
    await expect(footer).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await footer.scrollIntoViewIfNeeded();
  return footer;
}

test('home shows banners, the marquee, shortcuts, game sections and the footer', async ({
  page,
  navigate,
  expectAccessible,
}) => {
  test.setTimeout(90_000);
  await navigate('/m/home');

  // Banners of m_home: the first picture is loaded at once; the carousel moves on by itself.
  const carousel = page.getByRole('region', { name: en('home.banners.label') });
  await expect(carousel).toBeVisible();
  const first = carousel.getByRole('img').first();
  await expect(first).toHaveAttribute('loading', 'eager');
  await expect.poll(() => first.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  const dots = carousel.getByRole('group', { name: en('home.banners.choose') }).getByRole('button');
  const currentDot = () =>
    dots.evaluateAll((buttons) =>
      buttons.findIndex((button) => button.getAttribute('aria-current') === 'true'),
    );
  const before = await currentDot();
  await expect.poll(currentDot, { timeout: 8_000 }).not.toBe(before);

  // The marquee runs the popular announcements.
  await expect(page.getByTestId('marquee')).toContainText('Weekly scheduled maintenance');

  // Shortcuts: every link of the demo merchant exists.
  const shortcuts = page.getByRole('navigation', { name: en('home.quickNav.label') });
  for (const key of ['telegram', 'app', 'vip', 'deposit', 'withdraw']) {
    await expect(
      shortcuts.getByRole('link', { name: new RegExp(`^${en(`home.quickNav.${key}`)}`) }),
    ).toBeVisible();
  }
  await expect(shortcuts.getByRole('button', { name: en('home.quickNav.service') })).toBeVisible();

  // Header download button (the merchant has app links; not an installed app), where the header has
  // room: on a phone it leaves for the side menu's entry (docs/layout.md).
  const headerDownload = page.getByTestId('app-header').getByRole('button', { name: en('header.download') });
  await expect(headerDownload).toBeHidden();
  await page.setViewportSize(WIDE);
  await expect(headerDownload).toBeVisible();
  await page.setViewportSize(PHONE);

  // The game sections.
  await expect(
    page
      .getByRole('region', { name: en('category.HOT') })
      .getByTestId('game-card')
      .first(),
  ).toBeVisible();
  await expect(page.getByTestId('home-footer')).toHaveCount(0);
  // The new-games section ends with the merchant's m_newgame banners, each a link.
  const newGameBanners = page
    .getByRole('region', { name: en('category.NEW_GAME') })
    .getByRole('list', { name: en('home.newGameBanners') });
  await expect(newGameBanners.getByRole('link').first()).toBeAttached();
  expect(await newGameBanners.getByRole('img').count()).toBeGreaterThan(0);

  // The footer block comes when scrolled near.
  const footer = await scrollToFooter(page);
  const vendors = footer.getByTestId('footer-vendors').getByRole('img');
  await expect(vendors).toHaveCount(28);
  await expect(footer.getByTestId('footer-partners').getByRole('img').first()).toBeVisible();
  await expect(footer.getByTestId('footer-badges').getByRole('img').first()).toBeVisible();
  await expect(footer.getByRole('list', { name: en('home.footer.social') }).getByRole('link')).toHaveCount(3);
  await expect(footer.getByTestId('download-area').getByRole('link').first()).toBeVisible();
  await expect(footer).toContainText('© 2025 Kim Long');
  // The site's progressive jackpot: what the jackpot machine's real-money pools hold, in whole đồng.
  const jackpot = footer.getByTestId('jackpot').locator('[data-value]');
  await expect(jackpot).toHaveText(/^\d{1,3}(,\d{3})*$/);
  const pool = Number(await jackpot.getAttribute('data-value'));
  expect(Number.isSafeInteger(pool) && pool >= 0).toBe(true);
  await expect(jackpot).toHaveText(new Intl.NumberFormat('en').format(pool));
  await expectAccessible('home, scrolled to the footer');
});

test('the promo button, the download popup and the marquee lead where they should', async ({
  page,
  navigate,
  expectAccessible,
}) => {
  test.setTimeout(90_000);
  await navigate('/m/home');

  const shortcuts = page.getByRole('navigation', { name: en('home.quickNav.label') });
  await shortcuts.getByRole('button', { name: en('home.quickNav.service') }).click();
  const service = page.getByRole('dialog', { name: en('customerService.title') });
  await expect(service.getByRole('link').first()).toBeVisible();
  await expectAccessible('customer-service popup from the shortcuts');
  await service.getByRole('button', { name: en('common.close') }).click();
  await expect(service).toHaveCount(0);

  await page.getByRole('button', { name: en('home.promo.open') }).click();
  const promo = page.getByRole('dialog', { name: en('home.promo.title') });
  await expect(promo.getByRole('img').first()).toBeVisible();
  await expectAccessible('home promo dialog');
  await promo.getByRole('button', { name: en('common.close') }).click();
  await expect(promo).toHaveCount(0);

  // The header's download button shows where the header has room (docs/layout.md).
  await page.setViewportSize(WIDE);
  await page
    .getByTestId('app-header')
    .getByRole('button', { name: en('header.download') })
    .click();
  const download = page.getByRole('dialog', { name: en('appDownload.title') });
  await expect(
    download.getByRole('link', { name: new RegExp(en('appDownload.android')) }).first(),
  ).toBeVisible();
  await expectAccessible('download popup');
  await download.getByRole('link', { name: en('appDownload.more') }).click();
  await expect(page).toHaveURL(/\/m\/app$/);
  await page.setViewportSize(PHONE);
  await expect(page.locator('[data-page="app"]').getByRole('link').first()).toBeVisible();
  await expectAccessible('/m/app');

  await navigate('/m/home', { scan: false });
  await page.getByTestId('marquee').click();
  await expect(page).toHaveURL(/\/m\/notice$/);
});

test('the side menu is complete for a visitor and for a member', async ({
  page,
  navigate,
  expectAccessible,
}) => {
  test.setTimeout(90_000);
  await navigate('/m/home', { scan: false });
  await page.getByRole('button', { name: en('header.menu') }).click();
  let menu = page.getByRole('dialog', { name: en('sideMenu.title') });
  /** The menu's links (a banner below may be named as one of them). */
  const links = () => menu.getByRole('navigation', { name: en('sideMenu.title') });
  await expect(menu.getByRole('link', { name: en('sideMenu.announcements') })).toBeVisible();
  await expect(links().getByRole('link', { name: en('sideMenu.invite') })).toBeVisible();
  await expect(links().getByRole('link', { name: en('sideMenu.messageCentre') })).toHaveAttribute(
    'href',
    '/m/message',
  );
  // The seeded merchant's m_leftmenu banners, each a link.
  const featured = menu.getByRole('region', { name: en('sideMenu.featured') });
  await expect(featured.getByRole('link')).toHaveCount(2);
  await expect(featured.getByRole('link').first()).toHaveAttribute('href', '/m/inviteFriends');
  await expect(menu.getByRole('link', { name: new RegExp(en('sideMenu.agent')) })).toBeVisible();
  await expect(menu.getByRole('link', { name: en('sideMenu.liveChat') })).toBeVisible();
  await expect(menu.getByRole('link', { name: en('sideMenu.about') })).toHaveAttribute(
    'href',
    '/m/help?tag=about',
  );
  await expect(menu.getByTestId('menu-download')).toBeVisible();
  await expect(menu.getByRole('region', { name: en('sideMenu.social') }).getByRole('link')).toHaveCount(3);
  await expect(menu.getByTestId('gmt8-clock')).toBeVisible();
  await expectAccessible('side menu, visitor');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);

  await asNewMember(page, 'hm');
  await navigate('/m/home', { scan: false });
  await page.getByRole('button', { name: en('header.menu') }).click();
  menu = page.getByRole('dialog', { name: en('sideMenu.title') });
  await expect(menu.getByTestId('member-panel')).toBeVisible();
  await expect(menu.getByTestId('announcement-badge')).toHaveText(/^\d+/);
  await expect(
    menu.getByTestId('member-actions').getByRole('link', { name: en('sideMenu.deposit') }),
  ).toBeVisible();
  // The seeded merchant runs a REFERRAL promotion (INVITE50): members are offered invite too.
  await expect(links().getByRole('link', { name: en('sideMenu.invite') })).toHaveAttribute(
    'href',
    '/m/inviteFriends',
  );
  await expect(menu.getByRole('button', { name: en('auth.signOut') })).toBeVisible();
  await expectAccessible('side menu, member');
});

/**
 * The durations of the animations run on the screen's frame (`main`) from now for `ms`, as the browser
 * reports them: watched frame by frame, since a 300 ms transition may be over before a later look.
 */
function frameAnimations(page: Page, ms: number): Promise<number[]> {
  return page.evaluate(
    (within) =>
      new Promise<number[]>((resolve) => {
        const seen = new Map<Animation, number>();
        const until = performance.now() + within;
        const look = () => {
          for (const animation of document.querySelector('main')?.getAnimations() ?? []) {
            seen.set(animation, Number(animation.effect?.getTiming().duration));
          }
          if (performance.now() < until) requestAnimationFrame(look);
          else resolve([...seen.values()]);
        };
        look();
      }),
    ms,
  );
}

// In Vietnamese, the site's default language (the transition has no text of its own).
test('a screen reached in the site fades in over 300 ms, the first one and under reduced motion none', async ({
  page,
  navigate,
  expectAccessible,
}) => {
  const lang = 'vi';
  const footer = page.getByTestId('app-footer');
  await navigate('/m/home', { lang });
  expect(await frameAnimations(page, 400), 'the first screen').toEqual([]);

  let seen = frameAnimations(page, 1_500);
  await footer.getByRole('link', { name: t(lang, 'footer.promotions') }).click();
  expect(await seen, 'home → promotions').toEqual([300]);
  await expect(page.locator('[data-page="activity"]')).toBeVisible();
  await expectAccessible(`promotions reached from home (${lang})`);

  // A change of the query alone is the same screen: no transition.
  seen = frameAnimations(page, 800);
  await page.evaluate(() => {
    window.history.pushState(null, '', `${location.pathname}?ref=footer`);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  });
  expect(await seen, 'the same screen, another query').toEqual([]);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  seen = frameAnimations(page, 1_000);
  await footer.getByRole('link', { name: t(lang, 'footer.home') }).click();
  expect(await seen, 'promotions → home under reduced motion').toEqual([]);
  await expect(page.locator('[data-page="home"]')).toBeVisible();
});
