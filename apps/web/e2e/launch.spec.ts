import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { checkAccessibility, expect, t, test } from './fixtures.ts';
import { admin, Authenticator, type Desk, openArea, openDesk, signIn } from './support/admin-desk.ts';
import {
  emptyDatabase,
  freePort,
  installRelease,
  type ReleaseProcess,
  REPO_ROOT,
  solveCaptcha,
  startRelease,
} from './support/release-cluster.ts';

/**
 * A merchant launched as a new operator does it (docs/deployment.md, docs/back-office.md): the release on an
 * empty PostgreSQL database in production, the merchant and the first owner made with the release's
 * commands, and everything else through /admin alone — no SQL, no demo seed. The payment gateway and the
 * game provider are the sandboxes, in a process of their own that knows this site as outside parties do.
 */

test.describe.configure({ mode: 'serial', timeout: 300_000 });
// A step that cannot be done says so at once, not at the end of the journey's time.
test.use({ actionTimeout: 20_000 });

const OWNER = { username: 'launcher', password: 'launch-owner-pass-2026' };
const MERCHANT = { code: 'kl', name: 'Kim Long Launch', domain: 'kimlong-launch.example' };

let folder = '';
let database: Awaited<ReturnType<typeof emptyDatabase>> | undefined;
let site: ReleaseProcess | undefined;
let sandboxes: ChildProcess | undefined;
let siteUrl = '';
let env: Record<string, string> = {};

/** Runs one of the release's npm commands (compiled), its input piped; fails the test on a non-zero exit. */
function releaseCommand(args: string[], input?: string) {
  const ran = spawnSync('npm', ['run', ...args], { cwd: folder, env, input, encoding: 'utf8' });
  expect(ran.status, `npm run ${args.join(' ')}: ${ran.stdout}${ran.stderr}`).toBe(0);
  return ran.stdout;
}

test.beforeAll(async () => {
  folder = installRelease();
  database = await emptyDatabase();
  const [sitePort, sandboxesPort] = await Promise.all([freePort(), freePort()]);
  siteUrl = `http://127.0.0.1:${sitePort}`;
  const sandboxesUrl = `http://127.0.0.1:${sandboxesPort}`;
  const callbackSecret = randomBytes(24).toString('hex');
  const providerSecret = randomBytes(32).toString('hex');
  env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? folder,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.url,
    MERCHANT_CODE: MERCHANT.code,
    SECRET_KEYS: `k1:${randomBytes(32).toString('base64')}`,
    // The payment gateway and the game provider this merchant signed with: the sandboxes.
    PAYMENT_GATEWAY_URL: `${sandboxesUrl}/gateway/pay`,
    PAYMENT_CALLBACK_SECRET: callbackSecret,
    SANDBOX_PROVIDER: '1',
    SANDBOX_PROVIDER_SECRET: providerSecret,
    SANDBOX_PROVIDER_URL: sandboxesUrl,
  };
  sandboxes = spawn(process.execPath, ['--import', 'tsx', 'apps/sandboxes/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      PATH: env.PATH,
      HOME: env.HOME,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SANDBOXES_PORT: String(sandboxesPort),
      SANDBOXES_HOST: '127.0.0.1',
      SANDBOXES_SITE_URL: siteUrl,
      SANDBOXES_DATA_DIR: mkdtempSync(join(tmpdir(), 'kl-launch-sandboxes-')),
      PAYMENT_CALLBACK_SECRET: callbackSecret,
      SANDBOX_PROVIDER_SECRET: providerSecret,
    },
    stdio: 'ignore',
  });

  // The merchant and the first owner, with the release's commands, the password piped (never an argument).
  releaseCommand([
    'merchant:create',
    '--',
    '--code',
    MERCHANT.code,
    '--name',
    MERCHANT.name,
    '--domain',
    MERCHANT.domain,
  ]);
  releaseCommand(
    ['operator:create', '--', '--username', OWNER.username, '--role', 'owner'],
    `${OWNER.password}\n`,
  );
  site = startRelease(folder, env, sitePort);
  for (const url of [`${siteUrl}/api/health`, `${sandboxesUrl}/health`]) {
    await expect
      .poll(
        async () => {
          if (site?.child.exitCode !== null) throw new Error(`the site stopped: ${site?.output()}`);
          return (await fetch(url).catch(() => undefined))?.status;
        },
        { timeout: 90_000, message: url },
      )
      .toBe(200);
  }
});

test.afterAll(async () => {
  site?.child.kill('SIGTERM');
  sandboxes?.kill('SIGTERM');
  await site?.exited;
  await database?.drop();
  rmSync(folder, { recursive: true, force: true });
});

/** A member's phone on the launched site, in English. */
async function openPhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: siteUrl,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    serviceWorkers: 'block',
  });
  return context.newPage();
}

/** Saves a dialog's form by its submit button and waits for it to close. */
async function submitDialog(dialog: Locator, submit: string) {
  await dialog.getByRole('button', { name: submit, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** An option of the antd select open now (not the hidden copies antd keeps for screen readers). */
const dropdownOption = (desk: Desk, option: string | RegExp) =>
  desk.page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first();

/** Picks `option` in the antd select labelled `label` inside `scope`. */
async function choose(desk: Desk, scope: Locator, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await dropdownOption(desk, option).click();
}

const CHANNEL = { code: 'acb-launch', vi: 'Chuyển khoản ACB', en: 'ACB bank transfer' };

test('a merchant launched from an empty production database through the back office alone', async ({
  browser,
}) => {
  // ── The first owner signs in and enrols two-factor ──
  const desk = await openDesk(browser, siteUrl);
  await signIn(desk, new Authenticator(), OWNER);
  await checkAccessibility(desk.page, 'launch: dashboard');
  const { page } = desk;

  // ── Site settings: the site's name ──
  await openArea(desk, admin('siteSettings.menu'));
  await page.getByLabel(admin('siteSettings.siteName')).fill('Kim Long 88');
  await checkAccessibility(page, 'launch: site settings');
  await page.getByRole('button', { name: admin('common.save') }).click();
  await expect(page.getByText(admin('siteSettings.saved'))).toBeVisible();

  // ── A deposit channel: a bank account members transfer to ──
  await openArea(desk, admin('payments.channelsMenu'));
  await page.getByRole('button', { name: admin('payments.newChannel') }).click();
  const channel = page.getByRole('dialog', { name: admin('payments.newChannel') });
  await channel.getByLabel(admin('payments.code'), { exact: true }).fill(CHANNEL.code);
  await choose(desk, channel, admin('payments.kind'), admin('payments.kinds.bank_transfer'));
  await channel.getByLabel(admin('payments.nameVi')).fill(CHANNEL.vi);
  await channel.getByLabel(admin('payments.nameEn')).fill(CHANNEL.en);
  await channel.getByLabel(admin('payments.bankName'), { exact: true }).fill('ACB');
  await channel.getByLabel(admin('payments.bankBin')).fill('970416');
  await channel.getByLabel(admin('payments.accountNumber')).fill('20261129001');
  await channel.getByLabel(admin('payments.accountName')).fill('CONG TY KIM LONG');
  await channel.getByLabel(admin('payments.minAmount')).fill('50000');
  await channel.getByLabel(admin('payments.maxAmount')).fill('50000000');
  await channel.getByLabel(admin('payments.quickAmounts')).fill('100000, 200000, 500000');
  await channel.getByLabel(admin('payments.expiryMinutes')).fill('30');
  await checkAccessibility(page, 'launch: new deposit channel');
  await submitDialog(channel, admin('common.save'));
  await expect(page.getByRole('table', { name: admin('payments.channelsLabel') })).toContainText(CHANNEL.en);

  // ── A new member registers on the launched site ──
  const phone = await openPhone(browser);
  let captchaId = '';
  phone.on('response', async (response) => {
    if (new URL(response.url()).pathname !== '/api/captcha' || !response.ok()) return;
    const body = (await response.json().catch(() => null)) as { value?: { captchaId?: string } } | null;
    if (body?.value?.captchaId) captchaId = body.value.captchaId;
  });
  await phone.goto('/m/register?lang=en');
  const register = phone.getByRole('dialog', { name: t('en', 'route.register') });
  const username = `ln${Date.now() % 1e9}`.slice(0, 15);
  await register.getByLabel(t('en', 'auth.fields.username'), { exact: true }).fill(username);
  await register.getByLabel(t('en', 'auth.fields.password'), { exact: true }).fill('abc12345');
  await register.getByLabel(t('en', 'auth.fields.confirmPassword'), { exact: true }).fill('abc12345');
  await register.getByRole('checkbox', { name: /18/ }).check();
  await expect.poll(() => captchaId).not.toBe('');
  await register
    .getByLabel(t('en', 'auth.fields.captcha'))
    .fill(await solveCaptcha(database?.url ?? '', captchaId));
  await register.getByRole('button', { name: t('en', 'auth.registerSubmit') }).click();
  await expect(phone.getByTestId('header-member')).toContainText(username);
  await checkAccessibility(phone, 'launch: home, logged in');

  expect(desk.errors).toEqual([]);
  // The books balance after the journey.
  expect(releaseCommand(['ledger:check'])).toContain('ledger check OK');
});
