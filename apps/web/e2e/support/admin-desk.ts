import { readFileSync } from 'node:fs';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { totpCode, totpStep } from '../../../server/src/platform/totp.ts';
import { checkAccessibility, expect } from '../fixtures.ts';

/**
 * The back office as its operators use it in the journeys (docs/back-office.md): a desktop browser, the
 * English texts of its screens, signing in with a password and the code of an authenticator app.
 */

const ADMIN_TEXTS = JSON.parse(
  readFileSync(new URL('../../../admin/src/locales/en.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

/** The back office's English text of an i18n key. */
export function admin(key: string, values: Record<string, string> = {}): string {
  const text = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], ADMIN_TEXTS);
  if (typeof text !== 'string') throw new Error(`the back office has no English text for "${key}"`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

export interface Desk {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/**
 * A desktop browser for the back office at `baseURL`, that records console and page errors. Its operator
 * asked their system for reduced motion, which the back office honours by turning its animations off
 * (app/theme.ts): an accessibility scan then reads the colours a screen settles on, not those of a menu
 * item halfway through its change to the selected one.
 */
export async function openDesk(browser: Browser, baseURL: string): Promise<Desk> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1366, height: 900 },
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    serviceWorkers: 'block',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error at ${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page error at ${page.url()}: ${error.message}`));
  return { context, page, errors };
}

/**
 * The authenticator app of a journey's operators. A code is used once: when an earlier sign-in used the
 * current 30-second step, `moveClock` (a server whose clock tests may move) moves the server's clock on to
 * the next step; without it the app waits for the next step, as a person would.
 */
export class Authenticator {
  private readonly usedSteps = new Map<string, number>();
  /** How far the journey moved the server's clock ahead of the real time. */
  aheadMs = 0;

  constructor(private readonly moveClock?: (request: APIRequestContext, offsetMs: number) => Promise<void>) {}

  private now() {
    return new Date(Date.now() + this.aheadMs);
  }

  /** Types the current code of `secret` and submits it. */
  async enterCode(page: Page, secret: string): Promise<void> {
    const code = page.getByLabel(admin('login.code'));
    await expect(code).toBeVisible();
    let step = totpStep(this.now());
    if (this.usedSteps.get(secret) === step) {
      const next = (step + 1) * 30_000 - this.now().getTime() + 1_000;
      if (this.moveClock) {
        this.aheadMs += next;
        await this.moveClock(page.request, this.aheadMs);
      } else {
        await page.waitForTimeout(next);
      }
      step = totpStep(this.now());
    }
    this.usedSteps.set(secret, step);
    await code.fill(totpCode(secret, step));
    await page.getByRole('button', { name: admin('login.verify') }).click();
  }
}

/** The enrolment shown (QR code and secret): answers the secret, for the code and later sign-ins. */
export async function enrolment(page: Page, screen: string): Promise<string> {
  const enrol = page.getByRole('region', { name: admin('login.enrolTitle') });
  await expect(enrol.getByRole('img', { name: admin('login.qrAlt') })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await checkAccessibility(page, screen);
  return secret;
}

/** Signed in: the menu and who is signed in show. */
export async function expectSignedIn(desk: Desk, username: string): Promise<void> {
  await expect(desk.page.getByRole('navigation', { name: admin('menu.label') })).toBeVisible();
  await expect(desk.page.getByText(username, { exact: true })).toBeVisible();
}

/**
 * Signs in at /admin/login: password, then the code of the authenticator app — enrolling it first at the
 * first sign-in of an operator made on the command line; the caller keeps the secret for later sign-ins.
 */
export async function signIn(
  desk: Desk,
  authenticator: Authenticator,
  who: { username: string; password: string },
  known?: string,
): Promise<string> {
  const { page } = desk;
  await page.goto('/admin/login?lang=en');
  await page.getByLabel(admin('login.username')).fill(who.username);
  await page.getByLabel(admin('login.password')).fill(who.password);
  await page.getByRole('button', { name: admin('login.submit') }).click();
  const secret = known ?? (await enrolment(page, 'back office: two-factor enrolment'));
  await authenticator.enterCode(page, secret);
  await expectSignedIn(desk, who.username);
  return secret;
}

export async function signOut(desk: Desk): Promise<void> {
  await desk.page.getByRole('button', { name: admin('layout.signOut') }).click();
  await expect(desk.page.getByRole('button', { name: admin('login.submit') })).toBeVisible();
}

export const menu = (desk: Desk) => desk.page.getByRole('navigation', { name: admin('menu.label') });

/** Opens a screen from the side menu; its heading is the menu entry's label. */
export async function openArea(desk: Desk, label: string): Promise<void> {
  await menu(desk).getByRole('menuitem', { name: label }).click();
  await expect(desk.page.getByRole('heading', { name: label, level: 1 })).toBeVisible();
}
