import type { APIRequestContext, Page } from '@playwright/test';
import { ERROR_MESSAGES } from '@kl/contracts/error-messages';
import { BASE_URL, expect, t, test } from './fixtures.ts';
import { followCaptchas, MEMBER_PASSWORD, registerMember } from './members.ts';

/**
 * Accounts journeys against the real server (product.md §2 Login, Registration, Change password, Free
 * trial; §4 Logout): codes the server "sent" are read from its development outbox.
 */

interface OutboxEntry {
  kind: string;
  to: string;
  code: string;
}

async function outbox(request: APIRequestContext, kind: 'captcha' | 'sms' | 'email'): Promise<OutboxEntry[]> {
  const response = await request.get(`${BASE_URL}/api/dev/outbox?kind=${kind}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { value: OutboxEntry[] }).value;
}

/** Follows the captchas the page fetches; answers the one on screen from the outbox. */
function trackCaptchas(page: Page) {
  const latest = followCaptchas(page);
  const answered = new Set<string>();
  return async (request: APIRequestContext) => {
    // Single use: wait for a challenge not answered yet (a new one follows every failure).
    await expect
      .poll(
        () => {
          const captchaId = latest();
          return captchaId !== null && !answered.has(captchaId);
        },
        { message: 'a new captcha was fetched' },
      )
      .toBe(true);
    const captchaId = latest() as string;
    answered.add(captchaId);
    let code = '';
    await expect
      .poll(async () => {
        code = (await outbox(request, 'captcha')).find((entry) => entry.to === captchaId)?.code ?? '';
        return code;
      })
      .not.toBe('');
    return code;
  };
}

const unique = () => `${Date.now() % 1e9}${Math.floor(Math.random() * 90 + 10)}`;
const newUsername = () => `e2e${unique()}`.slice(0, 15);
const newMobile = () => `9${unique()}`.slice(0, 9).padEnd(9, '7');

const field = (page: Page, key: string) => page.getByLabel(t('en', `auth.fields.${key}`), { exact: true });
const sheet = (page: Page, titleKey: string) => page.getByRole('dialog', { name: t('en', titleKey) });

async function registerByUsername(
  page: Page,
  request: APIRequestContext,
  captcha: ReturnType<typeof trackCaptchas>,
) {
  const username = newUsername();
  const password = 'abc12345';
  const dialog = sheet(page, 'route.register');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(t('en', 'auth.fields.username'), { exact: true }).fill(username);
  await dialog.getByLabel(t('en', 'auth.fields.password'), { exact: true }).fill(password);
  await dialog.getByLabel(t('en', 'auth.fields.confirmPassword'), { exact: true }).fill(password);
  await dialog.getByRole('checkbox', { name: /18/ }).check();
  await dialog.getByLabel(t('en', 'auth.fields.captcha')).fill(await captcha(request));
  await dialog.getByRole('button', { name: t('en', 'auth.registerSubmit') }).click();
  await expect(page.getByTestId('header-member')).toContainText(username);
  await expect(page).toHaveURL((url) => url.pathname === '/m/home');
  return { username, password };
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: t('en', 'header.menu') }).click();
  const menu = page.getByTestId('side-menu');
  await menu.getByRole('button', { name: t('en', 'auth.signOut') }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: t('en', 'auth.signOutConfirm') });
  await confirm.getByRole('button', { name: t('en', 'auth.signOut') }).click();
  // The confirmation closes (a modal dialog hides the page from assistive technology until it has).
  await expect(confirm).toHaveCount(0);
  await expect(page.getByTestId('side-menu')).toHaveCount(0);
  await expect(
    page.getByTestId('app-header').getByRole('link', { name: t('en', 'header.login') }),
  ).toBeVisible();
}

async function logIn(
  page: Page,
  username: string,
  password: string,
  { remember = false, captcha }: { remember?: boolean; captcha?: () => Promise<string> } = {},
) {
  const dialog = sheet(page, 'route.login');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(t('en', 'auth.fields.username'), { exact: true }).fill(username);
  await dialog.getByLabel(t('en', 'auth.fields.password'), { exact: true }).fill(password);
  if (remember) await dialog.getByRole('checkbox', { name: t('en', 'auth.rememberPassword') }).check();
  await dialog.getByRole('button', { name: t('en', 'auth.loginSubmit') }).click();
  if (!captcha) return;
  // After an earlier failure from this address the server asks for the captcha: answer it.
  const captchaField = dialog.getByLabel(t('en', 'auth.fields.captcha'));
  const member = page.getByTestId('header-member');
  await expect(member.or(captchaField)).toBeVisible();
  if (await member.isVisible()) return;
  await dialog.getByLabel(t('en', 'auth.fields.password'), { exact: true }).fill(password);
  await captchaField.fill(await captcha());
  await dialog.getByRole('button', { name: t('en', 'auth.loginSubmit') }).click();
}

test('register by username, sign out, log in, and a wrong password asks for the captcha', async ({
  page,
  request,
  navigate,
  expectAccessible,
  consoleErrors,
}) => {
  consoleErrors.allow(
    /\/api\/auth\/login: Failed to load resource/,
    'the wrong password is refused on purpose',
  );
  const captcha = trackCaptchas(page);
  await navigate('/m/register');
  // The payee name as on the identity card: registered as the banks write it.
  await sheet(page, 'route.register').getByLabel(t('en', 'auth.fields.payeeName')).fill('Nguyễn Văn An');
  const { username, password } = await registerByUsername(page, request, captcha);
  await expect(page.locator('[data-page="home"]')).toBeVisible();
  const withdrawal = await page.request.get(`${BASE_URL}/api/withdrawal/info`, {
    headers: { 'x-module-id': 'FUNDTRANS3' },
  });
  expect(((await withdrawal.json()) as { value: { payeeName: string } }).value.payeeName).toBe(
    'NGUYEN VAN AN',
  );
  await expectAccessible('home, logged in');

  await signOut(page);
  await page
    .getByTestId('app-header')
    .getByRole('link', { name: t('en', 'header.login') })
    .click();
  // The sheet is its own chunk: scan it once it is on screen, not the loading state before it.
  await expect(sheet(page, 'route.login').getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible('login sheet');
  await logIn(page, username, password, { captcha: () => captcha(request) });
  await expect(page.getByTestId('header-member')).toContainText(username);

  await signOut(page);
  await navigate('/m/login', { scan: false });
  await logIn(page, username, 'wrong-password1');
  const dialog = sheet(page, 'route.login');
  const wrongCredentials = dialog.getByRole('alert').filter({ hasText: 'Wrong username or password' });
  const captchaRefused = dialog.getByRole('alert').filter({ hasText: 'Wrong verification code' });
  await expect(wrongCredentials.or(captchaRefused)).toBeVisible();
  if (await captchaRefused.isVisible()) {
    // An earlier failure from this address (another test) already asks for the captcha: answer it,
    // so that the server judges the password.
    await dialog.getByLabel(t('en', 'auth.fields.password'), { exact: true }).fill('wrong-password1');
    await dialog.getByLabel(t('en', 'auth.fields.captcha')).fill(await captcha(request));
    await dialog.getByRole('button', { name: t('en', 'auth.loginSubmit') }).click();
  }
  await expect(dialog.getByText(t('en', 'auth.fields.captcha'))).toBeVisible();
  await expect(wrongCredentials).toBeVisible();
  await expect(dialog.getByRole('img', { name: t('en', 'auth.captchaImage') })).toBeVisible();
  await expectAccessible('login after a failure');
});

test('the registration form says a taken username before sending, and writes the payee name as banks do', async ({
  page,
  navigate,
  expectAccessible,
  consoleErrors,
}) => {
  consoleErrors.allow(
    /\/api\/register\/username-check\?username=kimlongagent: Failed to load resource/,
    'a taken name is answered 409 USERNAME_EXISTS',
  );
  for (const lang of ['vi', 'en'] as const) {
    // Scanned once the sheet holds the refusal and the hint.
    await navigate('/m/register', { lang, scan: false });
    const dialog = page.getByRole('dialog', { name: t(lang, 'route.register') });
    // The demo agent's name is taken; the form asks once typing pauses.
    await dialog.getByLabel(t(lang, 'auth.fields.username'), { exact: true }).fill('kimlongagent');
    await expect(dialog.getByText(ERROR_MESSAGES[lang].USERNAME_EXISTS)).toBeVisible();
    const payee = dialog.getByLabel(t(lang, 'auth.fields.payeeName'));
    await payee.fill('Nguyễn Văn An');
    await payee.blur();
    await expect(payee).toHaveValue('NGUYEN VAN AN');
    await expect(payee).toHaveAccessibleDescription(
      t(lang, 'auth.hints.payeeNameWritten').replace('{{name}}', 'NGUYEN VAN AN'),
    );
    await expectAccessible(`register sheet with a taken username (${lang})`);
  }
});

test('a member sees the login in the history, signs another session out, and its next call is refused', async ({
  page,
  request,
  navigate,
  consoleErrors,
}) => {
  consoleErrors.allow(
    /\/api\/auth\/login: Failed to load resource/,
    'an earlier failure from this address (another test) makes the login ask for the captcha first',
  );
  // The first session: registered elsewhere (this request context keeps its cookie).
  const { userName } = (await registerMember(request, 'ss')) as { userName: string };
  const captcha = trackCaptchas(page);
  await navigate('/m/login', { scan: false });
  await logIn(page, userName, MEMBER_PASSWORD, { captcha: () => captcha(request) });
  await expect(page.getByTestId('header-member')).toContainText(userName);

  await navigate('/m/member/security');
  // The login just made heads the history.
  const logins = page.getByRole('region', { name: t('en', 'auth.logins.title') });
  await expect(logins.getByRole('listitem').first()).toContainText(t('en', 'auth.logins.succeeded'));
  await expect(logins.getByRole('listitem').first()).toContainText(t('en', 'auth.logins.methods.password'));
  const region = page.getByRole('region', { name: t('en', 'auth.sessions.title') });
  await expect(region.getByRole('listitem')).toHaveCount(2);
  await expect(region.getByRole('listitem').first()).toContainText(t('en', 'auth.sessions.current'));
  await region.getByRole('button', { name: /^Sign out .+ \(/ }).click();
  await expect(region.getByRole('listitem')).toHaveCount(1);
  await expect(region.getByRole('button', { name: t('en', 'auth.sessions.endOthers') })).toHaveCount(0);

  const other = await request.get(`${BASE_URL}/api/member/info`, { headers: { 'x-module-id': 'PERSPNL3' } });
  expect(other.status()).toBe(401);
  expect(((await other.json()) as { code: string }).code).toBe('SESSION_EXPIRED');
  // This one goes on.
  const mine = await page.request.get(`${BASE_URL}/api/member/info`, {
    headers: { 'x-module-id': 'PERSPNL3' },
  });
  expect(mine.status()).toBe(200);
});

test('register by mobile number with the SMS code from the outbox', async ({
  page,
  request,
  navigate,
  expectAccessible,
}) => {
  const captcha = trackCaptchas(page);
  await navigate('/m/register');
  const dialog = sheet(page, 'route.register');
  await dialog.getByRole('tab', { name: t('en', 'auth.byMobile') }).click();
  const mobile = newMobile();
  await field(page, 'mobileNum').fill(mobile);
  // The form's captcha first: the SMS asks a captcha of its own, the newest one fetched.
  await dialog.getByLabel(t('en', 'auth.fields.captcha')).fill(await captcha(request));
  await dialog.getByRole('button', { name: t('en', 'auth.sendCode') }).click();
  const smsCaptcha = dialog.getByRole('group', { name: t('en', 'auth.smsCaptcha.title') });
  await expect(smsCaptcha.getByRole('img', { name: t('en', 'auth.smsCaptcha.image') })).toBeVisible();
  await expectAccessible('register with the SMS captcha open');
  await smsCaptcha.getByLabel(t('en', 'auth.smsCaptcha.label')).fill(await captcha(request));
  await smsCaptcha.getByRole('button', { name: t('en', 'auth.smsCaptcha.confirm') }).click();
  await expect(dialog.getByRole('button', { name: /Resend in \d+s/ })).toBeDisabled();
  let code = '';
  await expect
    .poll(async () => {
      code = (await outbox(request, 'sms')).find((entry) => entry.to === `+84${mobile}`)?.code ?? '';
      return code;
    })
    .not.toBe('');
  await field(page, 'verificationCode').fill(code);
  const password = dialog.getByLabel(t('en', 'auth.fields.password'), { exact: true });
  if (await password.count()) {
    await password.fill('abc12345');
    await dialog.getByLabel(t('en', 'auth.fields.confirmPassword'), { exact: true }).fill('abc12345');
  }
  await dialog.getByRole('checkbox', { name: /18/ }).check();
  await dialog.getByRole('button', { name: t('en', 'auth.registerSubmit') }).click();
  await expect(page.getByTestId('header-member')).toContainText(`vn${mobile}`);
});

test('a free trial logs in a trial member and goes home', async ({ page, navigate }) => {
  await navigate('/m/trail');
  await page.getByRole('button', { name: t('en', 'auth.trial') }).click();
  await expect(page.getByTestId('header-member')).toContainText(/try\d{8}/);
  await expect(page).toHaveURL((url) => url.pathname === '/m/home');
});

test('change the password, then log in with the new one', async ({
  page,
  request,
  navigate,
  expectAccessible,
  consoleErrors,
}) => {
  consoleErrors.allow(
    /\/api\/auth\/login: Failed to load resource/,
    'the old password is refused on purpose',
  );
  const captcha = trackCaptchas(page);
  await navigate('/m/register', { scan: false });
  const { username, password } = await registerByUsername(page, request, captcha);
  await navigate('/m/changePsw', { lang: null });
  await expect(field(page, 'username')).toHaveValue(username);
  await field(page, 'oldPassword').fill(password);
  await field(page, 'newPassword').fill('xyz98765');
  await field(page, 'confirmNewPassword').fill('xyz98765');
  await page.getByRole('button', { name: t('en', 'auth.submit') }).click();
  await expect(page.getByText(t('en', 'auth.changeSaved')).first()).toBeAttached();
  await expect(page).toHaveURL((url) => url.pathname === '/m/home');

  await signOut(page);
  await navigate('/m/login', { scan: false });
  await logIn(page, username, password);
  const fresh = sheet(page, 'route.login');
  await expect(fresh.getByRole('alert').first()).toBeVisible();
  // The old password is refused; after a failure the captcha is needed too.
  await fresh.getByLabel(t('en', 'auth.fields.password'), { exact: true }).fill('xyz98765');
  await fresh.getByLabel(t('en', 'auth.fields.captcha')).fill(await captcha(request));
  await fresh.getByRole('button', { name: t('en', 'auth.loginSubmit') }).click();
  await expect(page.getByTestId('header-member')).toContainText(username);
  await expect(page.locator('[data-page="home"]')).toBeVisible();
  await expectAccessible('home after the new password');
});

test('a remembered password fills the login form after a reload', async ({
  page,
  request,
  navigate,
  consoleErrors,
}) => {
  consoleErrors.allow(
    /\/api\/auth\/login: Failed to load resource/,
    'earlier failures from this address make the server ask for the captcha first',
  );
  const captcha = trackCaptchas(page);
  await navigate('/m/register', { scan: false });
  const { username, password } = await registerByUsername(page, request, captcha);
  await signOut(page);
  await navigate('/m/login', { scan: false });
  await logIn(page, username, password, { remember: true, captcha: () => captcha(request) });
  await expect(page.getByTestId('header-member')).toContainText(username);
  const stored = await page.evaluate(() => localStorage.getItem('rememberedLogin'));
  expect(stored).toBeTruthy();
  expect(stored).not.toContain(password);

  await signOut(page);
  await navigate('/m/login', { scan: false });
  await page.reload();
  const dialog = sheet(page, 'route.login');
  await expect(dialog.getByLabel(t('en', 'auth.fields.username'), { exact: true })).toHaveValue(username);
  await expect(dialog.getByLabel(t('en', 'auth.fields.password'), { exact: true })).toHaveValue(password);
  await expect(dialog.getByRole('checkbox', { name: t('en', 'auth.rememberPassword') })).toBeChecked();
});

test('the account sheets pass the accessibility scan in the light theme', async ({ page, navigate }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'light'));
  for (const path of [
    '/m/login',
    '/m/register',
    '/m/forget?type=email',
    '/m/forget?type=phone',
    '/m/trail',
  ]) {
    await navigate(path);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  }
});

test('the forgot-password sheet switches between e-mail and phone', async ({ page, navigate }) => {
  await navigate('/m/forget?type=email');
  const dialog = sheet(page, 'route.forget');
  await expect(dialog.getByLabel(t('en', 'auth.fields.email'))).toBeVisible();
  await dialog.getByRole('tab', { name: t('en', 'auth.byPhone') }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('type') === 'phone');
  await expect(dialog.getByLabel(t('en', 'auth.fields.mobileNum'))).toBeVisible();
});
