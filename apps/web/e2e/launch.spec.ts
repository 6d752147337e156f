import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { checkAccessibility, expect, t, test, vnd } from './fixtures.ts';
import { depositThroughSandbox, memberCall } from './member-api.ts';
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
  // Installing the release and starting it on a new database: its own time, apart from the journey's.
  test.setTimeout(300_000);
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

/**
 * A member's phone on the launched site, in English, set to reduce motion as the slot journey's is: the
 * slot then shows each spin's result at once (with its reels turning, a round of eight free spins takes
 * about 15 s to show, 1.4 s a spin and the pause between).
 */
async function openPhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: siteUrl,
    reducedMotion: 'reduce',
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

/**
 * Picks `option` in the antd select labelled `label` inside `scope` with the keyboard, as a keyboard user
 * does: the list opened, the arrow moved down to the option, Enter; then the choice shows in the field.
 */
async function choose(desk: Desk, scope: Locator, label: string, option: string) {
  const select = scope.getByLabel(label, { exact: true });
  await select.focus();
  await select.press('ArrowDown');
  const list = desk.page.locator('.ant-select-dropdown:visible');
  const active = list.locator('.ant-select-item-option-active');
  await expect(active).toHaveCount(1);
  for (let moves = 0; (await active.getAttribute('title')) !== option; moves += 1) {
    expect(moves, `"${option}" among the options of ${label}`).toBeLessThan(20);
    await select.press('ArrowDown');
  }
  await select.press('Enter');
  await expect(list).toHaveCount(0);
  await expect(
    scope.locator('.ant-form-item').filter({ has: desk.page.getByLabel(label, { exact: true }) }),
  ).toContainText(option);
}

/** A picture a designer would hand over: a PNG larger than the place it goes, with a gradient. */
async function bannerPicture(): Promise<Buffer> {
  const width = 1500;
  const height = 600;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      pixels[at] = 150 + Math.round((x / width) * 100);
      pixels[at + 1] = 20 + Math.round((y / height) * 60);
      pixels[at + 2] = 30;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

const CHANNEL = { code: 'acb-launch', vi: 'Chuyển khoản ACB', en: 'ACB bank transfer' };
/** The catalogue file: two slots of the in-house engine and a line with a class the site does not have. */
const GAMES = [
  { id: '880101', name: 'Rồng Vàng Khai Trương' },
  { id: '880102', name: 'Hoa Sen May Mắn' },
];
const CATALOGUE = [
  'vendor,category,gameId,name,classification,minBet,enabled,hot',
  ...GAMES.map((game) => `BGS,RNG,${game.id},${game.name},JP,0.1,yes,yes`),
  'BGS,RNG,880103,Ghost Reels,VIP,0.1,yes,no',
].join('\r\n');
const BANNER = { vi: 'Khai trương Kim Long', en: 'Kim Long grand opening' };
const TOPIC = { tag: 'getting-started', vi: 'Bắt đầu', en: 'Getting started' };
const ARTICLE = {
  vi: 'Cách nạp tiền lần đầu',
  en: 'Your first deposit',
  contentVi: '<p>Chọn kênh <strong>Chuyển khoản ACB</strong> và ghi mã tham chiếu.</p>',
  contentEn: '<p>Choose <strong>ACB bank transfer</strong> and write the reference code.</p>',
};

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

  // ── The catalogue: the in-house vendor, then its games imported from a CSV file with one bad line ──
  await openArea(desk, admin('games.menu'));
  await page.getByRole('button', { name: admin('games.addVendor') }).click();
  const vendor = page.getByRole('dialog', { name: admin('games.addVendor') });
  await vendor.getByLabel(admin('games.vendorCode')).fill('BGS');
  await choose(desk, vendor, admin('games.category'), admin('games.categories.RNG'));
  await vendor.getByLabel(admin('games.vendorName')).fill('Kim Long Slots');
  await expect(vendor.getByText(admin('games.providerInHouse'))).toBeVisible();
  await checkAccessibility(page, 'launch: new vendor');
  await submitDialog(vendor, admin('common.save'));
  await page.getByRole('tab', { name: admin('games.importTab') }).click();
  await page.getByLabel(admin('games.import.file')).setInputFiles({
    name: 'catalogue.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${CATALOGUE}`, 'utf8'),
  });
  await page.getByRole('button', { name: admin('games.import.run'), exact: true }).click();
  const report = page.getByRole('region', { name: admin('games.import.reportLabel') });
  await expect(report).toContainText(admin('games.import.imported'));
  const refused = report.getByRole('table', { name: admin('games.import.refusedLabel') });
  await expect(refused.getByRole('row')).toHaveCount(2);
  await expect(refused.getByRole('row').nth(1)).toContainText(
    ['4', 'classification', admin('games.import.reasons.class_unknown'), 'VIP'].join(''),
  );
  await checkAccessibility(page, 'launch: catalogue imported');

  // ── A banner of the home carousel, its picture uploaded ──
  await openArea(desk, admin('banners.menu'));
  await page.getByRole('button', { name: admin('banners.new') }).click();
  const banner = page.getByRole('dialog', { name: admin('banners.new') });
  await banner.getByLabel(admin('banners.titleVi'), { exact: true }).fill(BANNER.vi);
  await banner.getByLabel(admin('banners.titleEn'), { exact: true }).fill(BANNER.en);
  await banner.getByText(admin('banners.pictureUploaded'), { exact: true }).click();
  await expect(banner.getByRole('radio', { name: admin('banners.pictureUploaded') })).toBeChecked();
  await banner
    .getByLabel(admin('images.choose', { label: admin('banners.uploaded') }))
    .setInputFiles({ name: 'opening.png', mimeType: 'image/png', buffer: await bannerPicture() });
  await expect(
    banner.getByRole('img', { name: admin('images.current', { label: admin('banners.uploaded') }) }),
  ).toBeVisible();
  await checkAccessibility(page, 'launch: new banner');
  await submitDialog(banner, admin('common.save'));
  await expect(
    page.getByRole('table', { name: admin('banners.tableLabel', { group: admin('banners.groups.m_home') }) }),
  ).toContainText(BANNER.en);

  // ── The help centre: a topic and its first article ──
  await openArea(desk, admin('help.menu'));
  await page.getByRole('button', { name: admin('help.newTopic') }).click();
  const topic = page.getByRole('dialog', { name: admin('help.newTopic') });
  await topic.getByLabel(admin('help.tag'), { exact: true }).fill(TOPIC.tag);
  await topic.getByLabel(admin('help.nameVi'), { exact: true }).fill(TOPIC.vi);
  await topic.getByLabel(admin('help.nameEn'), { exact: true }).fill(TOPIC.en);
  await submitDialog(topic, admin('common.save'));
  await page.getByRole('button', { name: admin('help.newArticle') }).click();
  const article = page.getByRole('dialog', { name: admin('help.newArticle') });
  await article.getByLabel(admin('help.titleVi'), { exact: true }).fill(ARTICLE.vi);
  await article.getByLabel(admin('help.titleEn'), { exact: true }).fill(ARTICLE.en);
  await article.getByLabel(admin('help.contentVi'), { exact: true }).fill(ARTICLE.contentVi);
  await article.getByLabel(admin('help.contentEn'), { exact: true }).fill(ARTICLE.contentEn);
  await expect(
    article.getByRole('region', { name: admin('help.preview', { label: admin('help.contentEn') }) }),
  ).toContainText('Choose ACB bank transfer');
  await checkAccessibility(page, 'launch: new help article');
  await submitDialog(article, admin('common.save'));
  await expect(page.getByRole('table', { name: admin('help.articles') })).toContainText(ARTICLE.en);

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
  // The header changes before home's own code has arrived: the scan waits for the screen the member sees.
  await expect(phone.locator('[data-page="home"]')).toBeVisible();
  await checkAccessibility(phone, 'launch: home, logged in');

  // What the operator set up is what the member sees: the banner, the games, the article.
  const carousel = phone.getByRole('region', { name: t('en', 'home.banners.label') });
  await expect(carousel.getByRole('img', { name: BANNER.en })).toBeVisible();
  await phone.goto('/m/gameList?gameType=RNG&vassalage=BGS&lang=en');
  for (const game of GAMES) {
    await expect(
      phone.getByRole('button', { name: t('en', 'games.play').replace('{{name}}', game.name) }),
    ).toBeVisible();
  }
  await expect(phone.getByText('Ghost Reels')).toHaveCount(0);
  await checkAccessibility(phone, 'launch: the imported games');
  await phone.goto(`/m/help?tag=${TOPIC.tag}&lang=en`);
  await phone.getByRole('button', { name: ARTICLE.en }).click();
  await expect(phone.getByText('Choose ACB bank transfer and write the reference code.')).toBeVisible();
  await checkAccessibility(phone, 'launch: the help article');

  // ── Deposits: one paid on the sandbox gateway's page, one the operator confirms by hand ──
  const base = siteUrl;
  await depositThroughSandbox(phone, 200_000, base);
  const byHand = await memberCall<{ orderId: string; referenceCode: string }>(
    phone.request,
    'createDepositOrder',
    {
      data: { channelCode: CHANNEL.code, amount: 300_000 },
      base,
    },
  );
  await page.bringToFront();
  await openArea(desk, admin('menu.deposits'));
  const orders = page.getByRole('table', { name: admin('deposits.tableLabel') });
  await orders
    .getByRole('button', { name: admin('payments.confirmOrder', { reference: byHand.referenceCode }) })
    .click();
  const confirmation = page.getByRole('dialog', {
    name: admin('payments.confirmTitle', { reference: byHand.referenceCode }),
  });
  await confirmation.getByLabel(admin('payments.bankReference')).fill('FT26333LAUNCH01');
  await confirmation.getByLabel(admin('common.reason')).fill('Transfer seen on the ACB account');
  await checkAccessibility(page, 'launch: confirm a deposit by hand');
  await submitDialog(confirmation, admin('payments.confirmSubmit'));
  await expect(page.getByText(admin('payments.outcomes.credited'))).toBeVisible();

  // ── The bank statement: one line matches an open order, one matches nothing and stays listed ──
  const onStatement = await memberCall<{ orderId: string; referenceCode: string }>(
    phone.request,
    'createDepositOrder',
    { data: { channelCode: CHANNEL.code, amount: 150_000 }, base },
  );
  const statement = [
    'date,amount,description,transaction id',
    `29/11/2026,"150,000",CT DEN ${onStatement.referenceCode} NAP TIEN,FT26333LAUNCH02`,
    '29/11/2026,"90,000",CHUYEN TIEN KHONG GHI MA,FT26333LAUNCH03',
  ].join('\r\n');
  await page.getByRole('tab', { name: admin('payments.statementTab') }).click();
  await page.getByLabel(admin('payments.statementFile')).setInputFiles({
    name: 'acb-2026-11-29.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(statement, 'utf8'),
  });
  await page.getByRole('button', { name: admin('payments.uploadStatement') }).click();
  const lines = page.getByRole('table', { name: admin('payments.resultsLabel') });
  await expect(lines.getByRole('row').nth(1)).toContainText(admin('payments.lineOutcomes.matched'));
  await expect(lines.getByRole('row').nth(2)).toContainText(admin('payments.lineOutcomes.no_order'));
  await expect(page.getByRole('table', { name: admin('payments.unmatchedLabel') })).toContainText(
    'FT26333LAUNCH03',
  );
  await checkAccessibility(page, 'launch: bank statement matched');

  // ── The member's wallet: the three deposits, each once; then a spin of an imported slot ──
  const deposited = 200_000 + 300_000 + 150_000;
  await phone.bringToFront();
  await expect
    .poll(
      async () => (await memberCall<{ sumBalance: number }>(phone.request, 'wallet', { base })).sumBalance,
    )
    .toBe(deposited);
  await phone.goto('/m/gameList?gameType=RNG&vassalage=BGS&lang=en');
  await phone
    .getByRole('button', { name: t('en', 'games.play').replace('{{name}}', GAMES[0]?.name ?? '') })
    .click();
  const slot = phone.locator('[data-page="slotsCenter"]');
  await expect(slot.getByRole('heading', { name: GAMES[0]?.name })).toBeVisible();
  await expect(slot.getByTestId('slot-balance')).toHaveText(vnd(deposited));
  const spun = phone.waitForResponse((response) => response.url().endsWith('/api/slot/spin'));
  await slot.getByRole('button', { name: t('en', 'slot.spin'), exact: true }).click();
  const answer = await spun;
  expect(answer.status()).toBe(200);
  // A round that won free spins shows each of them, a pause between, before it is listed: the wait grows
  // with the round (the outcome is the draw's, as in slot.spec.ts).
  const { round } = ((await answer.json()) as { value: { round: { spins: unknown[] } } }).value;
  await expect(slot.getByTestId('slot-round')).toHaveCount(1, {
    timeout: 5_000 + round.spins.length * 1_000,
  });
  await checkAccessibility(phone, 'launch: a slot of the catalogue, played');

  expect(desk.errors).toEqual([]);
  // The books balance after the journey.
  expect(releaseCommand(['ledger:check'])).toContain('ledger check OK');
});
