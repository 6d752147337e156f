import { readFileSync } from 'node:fs';
import { test as base, expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { formatMoney } from '@kl/contracts/money';
import { API } from '@kl/contracts/api-paths';
import type { SystemStatus } from '@kl/contracts/status';
import { E2E_PORT, E2E_SANDBOXES_PORT } from './constants.ts';
import { axeViolations } from './support/axe.ts';

/**
 * Fixtures of every journey:
 * - `page` fails the test on any console error or uncaught page error (collected over the whole test);
 * - `navigate(path, { lang })` opens a screen in a language (English unless told), waits until it has
 *   rendered and settled, and checks it with axe;
 * - `expectAccessible()` checks the screen as it is now (after an in-app navigation);
 * - `t(lang, key)` reads the web app's own translation files, so expectations follow its texts.
 */

export type Lang = 'vi' | 'en';

/** An amount in đồng as the English screens write it. */
export const vnd = (amount: number) => formatMoney(amount, 'VND', 'en');

export interface NavigateOptions {
  /** Appended as `lang=<lang>`; `null` leaves the address as it is (default `en`). */
  lang?: Lang | null;
  /** Skip the axe check (only for a screen that another step, or another test of the spec, checks). */
  scan?: boolean;
}

/** The `navigate` fixture: opens a screen by its address and waits until it is ready. */
export type Navigate = (path: string, options?: NavigateOptions) => Promise<void>;

interface Fixtures {
  navigate: Navigate;
  expectAccessible: (label?: string) => Promise<void>;
  consoleErrors: ConsoleErrors;
}

/** Console errors and page errors seen during a test. */
export class ConsoleErrors {
  readonly seen: string[] = [];
  private readonly allowed: RegExp[] = [];

  /** Lets a test accept an error it provokes on purpose; the reason is part of the call. */
  allow(pattern: RegExp, _reason: string): void {
    this.allowed.push(pattern);
  }

  unexpected(): string[] {
    return this.seen.filter((message) => !this.allowed.some((pattern) => pattern.test(message)));
  }
}

/** A selector that matches whatever screen the app is showing. */
export const ANY_SCREEN =
  '[data-page], [data-testid="maintenance-page"], [data-testid="region-restricted-page"]';

/**
 * Waits until the app has taken the page over: a page the server rendered (home) is on the screen
 * before its script runs, and its buttons answer only after (docs/decisions/005-web-first-load.md).
 */
export async function appTookOver(page: Page): Promise<void> {
  await expect(page.locator('#root[data-server-rendered]'), 'the app takes the page over').toHaveCount(0, {
    timeout: 15_000,
  });
}

/**
 * Opens `path` in a browser that runs no script, checks it is the server's page in `lang` (answered 200,
 * not taken over) and hands it to `check` (docs/decisions/005-web-first-load.md).
 */
export async function withoutScript(
  browser: Browser,
  { path, lang }: { path: string; lang: Lang },
  check: (page: Page) => Promise<void>,
): Promise<void> {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: BASE_URL });
  const page = await context.newPage();
  try {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    // No script ran: the page is still the server's.
    await expect(page.locator('#root')).toHaveAttribute('data-server-rendered', '');
    await check(page);
  } finally {
    await context.close();
  }
}

/**
 * The paths of the API calls the page makes from now on, as they are made: what a page the server
 * rendered carried must not be asked again once the app has it.
 */
export function apiCallsOf(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) asked.push(url.pathname);
  });
  return asked;
}

/** `path` with `lang=<lang>` appended to its query (before any hash). */
export function withLang(path: string, lang: Lang | null): string {
  if (lang === null) return path;
  const [beforeHash = '', hash] = path.split('#', 2);
  const separator = beforeHash.includes('?') ? '&' : '?';
  return `${beforeHash}${separator}lang=${lang}${hash === undefined ? '' : `#${hash}`}`;
}

/** Waits for finite animations and transitions (page transitions, popups) to end, at most 2 s. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  // A short toast (1–2 s) fades in and out with JavaScript-driven opacity that getAnimations() does
  // not see; scan the screen once it has gone, not its faint text mid-fade. On a busy machine its timers
  // run late: the wait allows several times its length.
  await page
    .locator('.adm-toast-mask')
    .waitFor({ state: 'detached', timeout: 8_000 })
    .catch(() => undefined);
  // The back office's messages (3 s) fade out by an animation that may start after the wait below.
  await page
    .locator('.ant-message-notice')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
  await page
    .evaluate(() => {
      const finite = document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
      return Promise.race([
        Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, 2_000)),
      ]);
    })
    .catch(() => undefined);
}

/** What axe measured of a contrast it found too low: the colours and their ratio, e.g. ` (#fff on #1677ff, 4.1:1)`. */
function contrastOf(node: { any: readonly { data?: unknown }[] }): string {
  const data = node.any[0]?.data as
    { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
  if (!data?.fgColor || !data.bgColor) return '';
  return ` (${data.fgColor} on ${data.bgColor}, ${data.contrastRatio ?? '?'}:1)`;
}

/** Runs axe on the page and records every violation (soft: the journey goes on, the test fails). */
export async function checkAccessibility(page: Page, label: string): Promise<void> {
  await settle(page);
  // One axe.run in the page (same-origin frames included; the site embeds no other origin): running each
  // frame apart and merging the results in a blank page took about twice as long on home for the same
  // findings. axe is loaded once per document (support/axe.ts).
  const found = await axeViolations(page);
  const violations = found.map((violation) => {
    const targets = violation.nodes
      .slice(0, 5)
      .map((node) => `${node.target.join(' ')}${contrastOf(node)}`)
      .join(' | ');
    const more = violation.nodes.length > 5 ? ` (+${violation.nodes.length - 5} more)` : '';
    return `[${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help} — ${targets}${more}`;
  });
  expect.soft(violations, `accessibility violations on ${label}`).toEqual([]);
}

export const test = base.extend<Fixtures>({
  // Playwright reads a fixture's dependencies from its first parameter, which must be destructured.
  // eslint-disable-next-line no-empty-pattern
  consoleErrors: async ({}, use) => {
    await use(new ConsoleErrors());
  },

  page: async ({ page, consoleErrors }, use) => {
    page.on('console', (message) => {
      if (message.type() === 'error') {
        const location = message.location();
        consoleErrors.seen.push(`console.error at ${location.url || page.url()}: ${message.text()}`);
      }
    });
    page.on('pageerror', (error) => {
      consoleErrors.seen.push(`page error at ${page.url()}: ${error.stack ?? error.message}`);
    });
    await use(page);
    expect(consoleErrors.unexpected(), 'console errors and page errors during the test').toEqual([]);
  },

  expectAccessible: async ({ page }, use) => {
    await use(async (label) => {
      await checkAccessibility(page, label ?? new URL(page.url()).pathname);
    });
  },

  navigate: async ({ page }, use) => {
    await use(async (path, options = {}) => {
      const { lang = 'en', scan = true } = options;
      const response = await page.goto(withLang(path, lang));
      expect(response?.status(), `HTTP status of ${path}`).toBeLessThan(400);
      // A page load runs the app from nothing: on a busy two-core machine, and in a browser whose cache is
      // still cold, that takes longer than a step on a screen already drawn.
      await expect(page.locator(ANY_SCREEN).first(), `a screen rendered for ${path}`).toBeVisible({
        timeout: 15_000,
      });
      await appTookOver(page);
      if (scan) await checkAccessibility(page, path);
    });
  },
});

export { expect };

// ── Texts of the web app ───────────────────────────────────────────────────────────────────────

const localeUrl = (lang: Lang) => new URL(`../src/locales/${lang}.json`, import.meta.url);
const locales = new Map<Lang, unknown>();

/** The web app's text for an i18n key (nested objects or flat dotted keys). */
export function t(lang: Lang, key: string): string {
  if (!locales.has(lang)) locales.set(lang, JSON.parse(readFileSync(localeUrl(lang), 'utf8')));
  const messages = locales.get(lang) as Record<string, unknown>;
  const flat = messages[key];
  const value =
    typeof flat === 'string'
      ? flat
      : key
          .split('.')
          .reduce<unknown>(
            (node, part) =>
              node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
            messages,
          );
  if (typeof value !== 'string' || value.trim() === '') {
    throw new Error(`the ${lang} translation has no text for "${key}"`);
  }
  return value;
}

// ── The operator's side of the server ──────────────────────────────────────────────────────────

export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/** The server's status as seen from the loopback address. */
export async function getSystemStatus(request: APIRequestContext): Promise<SystemStatus> {
  const response = await request.get(`${BASE_URL}/api/status`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { value: SystemStatus }).value;
}

/** The sandboxes process beside the server (the payment gateway's page, the game provider's API). */
export const SANDBOXES_URL = `http://127.0.0.1:${E2E_SANDBOXES_PORT}`;

/**
 * Moves the server's clock `offsetMs` from the real time (PUT /api/dev/clock, DEV_CLOCK; 0 puts it back),
 * and the sandboxes' with it (PUT /dev/clock): the provider's rounds and matches keep the site's time.
 * Only the site-wide journeys move it: every other journey shares the server.
 */
export async function moveServerClock(request: APIRequestContext, offsetMs: number): Promise<void> {
  const response = await request.put(`${BASE_URL}${API.devClock.path}`, {
    headers: { 'x-module-id': API.devClock.moduleId },
    data: { offsetMs },
  });
  expect(response.status(), await response.text()).toBe(200);
  const sandboxes = await request.put(`${SANDBOXES_URL}/dev/clock`, { data: { offsetMs } });
  expect(sandboxes.status(), await sandboxes.text()).toBe(200);
}
