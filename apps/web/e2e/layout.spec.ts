import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ROUTES, type RouteDefinition } from '@kl/contracts/routes';
import {
  ANY_SCREEN,
  appTookOver,
  checkAccessibility,
  expect,
  test,
  withLang,
  type Lang,
} from './fixtures.ts';
import { asNewMember } from './members.ts';
import { axeViolations } from './support/axe.ts';
import { inGroups } from './support/groups.ts';
import { findLayoutProblems, nextPaint, waitForQuietNetwork } from './support/layout-check.ts';
import { SAMPLE_ROUTE_PARAMS, samplePath } from './support/route-paths.ts';

/**
 * Small screens (docs/layout.md): every screen of the route table at the phone widths of the site's
 * visitors, in both languages, logged out and logged in, has no horizontal scroll, no overlap in its
 * header, title bar or footer, no text clipped in a button and tap targets large enough. One page per
 * language and login state goes through the routes in the app (as a link would) and resizes across the
 * widths; axe checks each screen once, logged in, in Vietnamese (the site's default language), at 360 px:
 * the routes spec scans the visitor's screens in English, and both languages' texts are complete (the
 * catalogues' tests), so scanning every screen again in English checked the same markup
 * (docs/decisions/031-test-suite-time.md). The check is itself tested on fixture pages, and five screens
 * keep screenshot baselines at 360 px (updated with `--update-snapshots`, docs/layout.md).
 */

const WIDTHS = [320, 360, 390, 414] as const;
const SCAN_WIDTH = 360;
const HEIGHT = 800;
const LANGS: readonly Lang[] = ['vi', 'en'];
/** The language axe scans the logged-in screens in. */
const SCAN_LANG: Lang = 'vi';

/**
 * Sample values for the parameters of parameterised routes (the shared samples, with a lottery game of the
 * demo catalogue, Siêu Tốc 1 Phút: a logged-in member's lottery screen loads it).
 */
const SAMPLE_PARAMS = { ...SAMPLE_ROUTE_PARAMS, gameId: '1742' };

const pathOf = (route: RouteDefinition) => samplePath(route, SAMPLE_PARAMS);

/** The longest username the register form allows (15 characters), of wide letters: the header's worst case. */
const LONG_NAME_PREFIX = 'WWWW';

/** Goes to `path` inside the app, as a link does (the router follows the history), and waits for it to settle. */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await waitForQuietNetwork(page);
  await expect(page.locator(ANY_SCREEN).first(), `a screen rendered for ${path}`).toBeVisible();
  await nextPaint(page);
}

/**
 * The runs: per language, logged out (no axe: every screen is scanned logged in, where the gated ones
 * are themselves) in 2 parts and logged in in 2, or 3 where axe scans, each part every 2nd or 3rd route,
 * so the two workers share the table evenly and a part stays well within its time.
 */
const RUNS = LANGS.flatMap((lang) => {
  const loggedInParts = lang === SCAN_LANG ? 3 : 2;
  return [
    ...Array.from({ length: loggedInParts }, (_, part) => ({
      lang,
      loggedIn: true,
      part,
      parts: loggedInParts,
    })),
    ...[0, 1].map((part) => ({ lang, loggedIn: false, part, parts: 2 })),
  ];
});

/**
 * The routes a visitor's runs go through. Every gated route shows a visitor the same login screen (the
 * routes spec checks where each one lands): it is measured at /m/login and as the landing of the first
 * gated route, not again for each of the others (docs/decisions/031-test-suite-time.md).
 */
const firstGated = ROUTES.find((route) => route.gated);
const VISITOR_ROUTES = ROUTES.filter((route) => !route.gated || route === firstGated);

for (const { lang, loggedIn, part, parts } of RUNS) {
  const state = loggedIn ? 'logged in' : 'logged out';
  const routes = inGroups(loggedIn ? ROUTES : VISITOR_ROUTES, parts)[part] ?? [];
  test(`every screen fits 320–414 px in ${lang}, ${state} (routes ${part + 1} of every ${parts})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    if (loggedIn) await asNewMember(page, LONG_NAME_PREFIX);
    await page.setViewportSize({ width: SCAN_WIDTH, height: HEIGHT });
    await page.goto(withLang('/m/home', lang));
    await expect(page.locator(ANY_SCREEN).first()).toBeVisible();
    await appTookOver(page);
    await waitForQuietNetwork(page);

    for (const route of routes) {
      const path = pathOf(route);
      await openInApp(page, path);
      const where = `${path} (${lang}, ${state})`;
      if (loggedIn && lang === SCAN_LANG) {
        await page.setViewportSize({ width: SCAN_WIDTH, height: HEIGHT });
        await checkAccessibility(page, `${where} at ${SCAN_WIDTH} px`);
      }
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: HEIGHT });
        await nextPaint(page);
        expect.soft(await findLayoutProblems(page), `layout of ${where} at ${width} px`).toEqual([]);
      }
    }
  });
}

test.describe('the layout check', () => {
  const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

  test('reports overlapping header buttons, a clipped button and a horizontal scroll', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: HEIGHT });
    await page.setContent(fixture('layout-broken.html'));
    const problems = await findLayoutProblems(page);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^horizontal scroll: the document is \d+ px wide in a 360 px viewport$/),
        expect.stringMatching(/^overlap in header.*"Download".*"Log in"/),
        expect.stringMatching(/^clipped text: button.*"Register for free today"/),
        expect.stringMatching(/^tap target too small: button.*"x" is 16 × 16 px, button.*"\?" within 12 px/),
        expect.stringMatching(/^tap target too small: button.*"\?" is 16 × 16 px, button.*"x" within 12 px/),
      ]),
    );
    expect(problems).toHaveLength(5);
  });

  test('passes a header that fits', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: HEIGHT });
    await page.setContent(fixture('layout-sound.html'));
    expect(await findLayoutProblems(page)).toEqual([]);
  });
});

test('the accessibility check reports what axe finds in the page and its frames, scan after scan', async ({
  page,
}) => {
  // Served from one origin, as the site's own frames are: axe reaches only same-origin frames.
  const origin = 'http://accessibility.check.test';
  const pages = { '/': 'axe-broken.html', '/receipt': 'axe-frame.html' } as Record<string, string>;
  await page.route(`${origin}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: readFileSync(
        new URL(`./fixtures/${pages[new URL(route.request().url()).pathname]}`, import.meta.url),
      ),
    }),
  );
  await page.goto(`${origin}/`);
  await expect(page.frameLocator('iframe').locator('input')).toBeVisible();
  const ids = async () => (await axeViolations(page)).map((violation) => violation.id).sort();
  // The unnamed button and the picture without text in the page, the unlabelled field in its frame.
  expect(await ids()).toEqual(['button-name', 'image-alt', 'label']);
  // A second scan of the same document, axe already loaded, finds the same, and what changed since.
  await page.locator('img').evaluate((image) => image.setAttribute('alt', 'Logo'));
  expect(await ids()).toEqual(['button-name', 'label']);
});

/**
 * Baselines at 360 px: what moves on its own (carousels, marquees, tickers, clocks, balances, the
 * member's generated name, countdowns) is masked, animations are stopped.
 */
const SCREENSHOTS = [
  { name: 'home', path: '/m/home' },
  { name: 'game-list', path: '/m/gameList' },
  { name: 'lottery', path: '/m/lottery' },
  { name: 'deposit', path: '/m/voucherCenter' },
  { name: 'member-centre', path: '/m/member/home' },
] as const;
const MOVING_PARTS = [
  // The member's generated name, balances.
  '[data-testid="header-member"]',
  '.kl-member-profile',
  '[data-testid="wallet-amount"]',
  '[data-testid="lottery-balance"]',
  // Carousels, marquees, tickers.
  '.kl-banners',
  '.kl-marquee',
  '.kl-jackpot',
  '.kl-winners',
  // Draws (issue, time, countdown) and clocks.
  '.kl-lottery-note',
  '[data-testid="lottery-countdown"]',
  '[role="timer"]',
  'time',
].join(', ');

/**
 * One member per language goes through the five screens, each a page load: the layout runs above scan them
 * with axe at this width, logged in and in this language, so they are not scanned again here.
 */
for (const lang of LANGS) {
  test(`five screens at 360 px in ${lang} look as their baselines`, async ({ page }) => {
    test.setTimeout(120_000);
    await asNewMember(page, LONG_NAME_PREFIX);
    await page.setViewportSize({ width: 360, height: HEIGHT });
    for (const { name, path } of SCREENSHOTS) {
      await test.step(`${path} looks as its baseline`, async () => {
        await page.goto(withLang(path, lang));
        await expect(page.locator(ANY_SCREEN).first()).toBeVisible();
        await waitForQuietNetwork(page);
        await expect.soft(page, `${path} (${lang})`).toHaveScreenshot(`${name}-${lang}.png`, {
          animations: 'disabled',
          caret: 'hide',
          mask: [page.locator(MOVING_PARTS)],
          maxDiffPixelRatio: 0.002,
        });
      });
    }
  });
}
