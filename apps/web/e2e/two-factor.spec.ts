import type { APIRequestContext, Page } from '@playwright/test';
import { ERROR_MESSAGES } from '@kl/contracts/error-messages';
import { totpCode, totpStep } from '../../server/src/platform/totp.ts';
import { BASE_URL, expect, t, test, type Lang, type Navigate } from './fixtures.ts';
import { captchaAnswer, followCaptchas, MEMBER_PASSWORD, registerMember } from './members.ts';

/**
 * Two-step verification of a member against the real server (docs/decisions/056-member-two-factor.md): it
 * is turned on from the security screen with the authenticator's code (computed here from the key shown
 * as text, as an app does from the QR code); the login then asks for a code after the password, takes the
 * app's code and a recovery code once each, refuses a recovery code used before, and the login history
 * shows the refusal and the sign-ins. The journey goes through the screens in Vietnamese, then in English;
 * axe scans each screen and step in the language it is in.
 */

const sheet = (page: Page, lang: Lang) => page.getByRole('dialog', { name: t(lang, 'route.login') });

/** The header's member name once a login succeeded; the login link while signed out. */
const member = (page: Page) => page.getByTestId('header-member');

/** Signs out from the side menu of home. */
async function signOut(page: Page, navigate: Navigate, lang: Lang) {
  await navigate('/m/home', { lang, scan: false });
  await page.getByRole('button', { name: t(lang, 'header.menu') }).click();
  await page
    .getByTestId('side-menu')
    .getByRole('button', { name: t(lang, 'auth.signOut') })
    .click();
  const confirm = page.getByRole('dialog').filter({ hasText: t(lang, 'auth.signOutConfirm') });
  await confirm.getByRole('button', { name: t(lang, 'auth.signOut') }).click();
  await expect(confirm).toHaveCount(0);
  await expect(member(page)).toHaveCount(0);
}

/**
 * Logs in with the password: answers once the member is in, or the second step asks for a code. The
 * journey begins with a wrong password, so every login of it needs the captcha (a failure of the account
 * in the last 15 minutes; a refused second step counts as one too): the first send of a fresh page is
 * refused with 400 and the field shown; the captcha is answered from the development outbox.
 */
async function submitPassword(
  page: Page,
  request: APIRequestContext,
  lang: Lang,
  username: string,
  captchaOf: () => string | null,
  password = MEMBER_PASSWORD,
) {
  const dialog = sheet(page, lang);
  const captchaField = dialog.getByLabel(t(lang, 'auth.fields.captcha'));
  const answered = new Set<string>();
  // A captcha the page fetched before (an earlier login of the journey) is not the one a fresh sheet will
  // show once the server asks for one: left out, or it would be answered instead of the new one.
  const before = captchaOf();
  if (before !== null && !(await captchaField.isVisible())) answered.add(before);
  /** A captcha is single use and a new one follows each refusal: answers one not answered yet. */
  const answerCaptcha = async () => {
    await expect
      .poll(
        () => {
          const id = captchaOf();
          return id !== null && !answered.has(id);
        },
        { message: 'the login fetched a new captcha' },
      )
      .toBe(true);
    const captchaId = captchaOf() ?? '';
    answered.add(captchaId);
    await captchaField.fill(await captchaAnswer(request, captchaId));
  };
  await dialog.getByLabel(t(lang, 'auth.fields.username'), { exact: true }).fill(username);
  for (let tries = 0; ; tries += 1) {
    await dialog.getByLabel(t(lang, 'auth.fields.password'), { exact: true }).fill(password);
    if (await captchaField.isVisible()) await answerCaptcha();
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/login');
    await dialog.getByRole('button', { name: t(lang, 'auth.loginSubmit') }).click();
    const status = (await answer).status();
    // 400: the captcha was needed (or a new one, if another journey's answer raced this one's).
    if (status !== 400 || tries === 2) return status;
    await expect(captchaField).toBeVisible();
  }
}
/** The password, then the second step's form. */
async function passwordStep(...args: Parameters<typeof submitPassword>) {
  const [page, , lang] = args;
  expect(await submitPassword(...args), 'the password step asks for the second').toBe(401);
  const dialog = sheet(page, lang);
  await expect(dialog.getByRole('heading', { name: t(lang, 'auth.twoFactor.title') })).toBeVisible();
  return dialog.getByRole('form', { name: t(lang, 'auth.twoFactor.title') });
}

async function giveCode(page: Page, lang: Lang, form: ReturnType<Page['getByRole']>, code: string) {
  await form.getByLabel(t(lang, 'auth.twoFactor.codeOrRecovery')).fill(code);
  await form.getByRole('button', { name: t(lang, 'auth.twoFactor.stepSubmit') }).click();
}

test('a member turns two-step verification on; the login asks for the code, takes a recovery code once, and the history shows it', async ({
  page,
  request,
  navigate,
  expectAccessible,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  consoleErrors.allow(
    /\/api\/auth\/login(\/two-factor)?: Failed to load resource/,
    'a wrong password answers 401, the password step 401 TWO_FACTOR_REQUIRED, a refused code 400, and a login after a failure asks for the captcha (400)',
  );
  const { userName: username } = (await registerMember(request, 'tf')) as { userName: string };
  const captchaOf = followCaptchas(page);

  // In Vietnamese: logged in with the password alone, then turned on from the security screen.
  let lang: Lang = 'vi';
  await navigate('/m/login', { lang, scan: false });
  expect(await submitPassword(page, request, lang, username, captchaOf, 'wrong-password1')).toBe(401);
  await expect(sheet(page, lang).getByRole('alert').first()).toBeVisible();
  expect(await submitPassword(page, request, lang, username, captchaOf)).toBe(200);
  await expect(member(page)).toContainText(username);
  await navigate('/m/member/security', { lang });
  const card = page.getByRole('region', { name: t(lang, 'auth.twoFactor.title') });
  await card.getByRole('button', { name: t(lang, 'auth.twoFactor.turnOn') }).click();
  await expect(card.getByRole('img', { name: t(lang, 'auth.twoFactor.qrImage') })).toBeVisible();
  const secret = (await card.getByTestId('two-factor-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectAccessible('two-step verification: the QR code and the key');
  // The app's code now; the login below takes the next step's (a code is used once).
  const step = totpStep(new Date());
  const enrol = card.getByRole('form', { name: t(lang, 'auth.twoFactor.turnOn') });
  await enrol.getByLabel(t(lang, 'auth.twoFactor.codeLabel')).fill(totpCode(secret, step));
  await enrol.getByRole('button', { name: t(lang, 'auth.twoFactor.confirm') }).click();
  const codes = card.getByRole('list', { name: t(lang, 'auth.twoFactor.recoveryList') });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  const recovery = (await codes.getByRole('listitem').allTextContents()).map((code) => code.trim());
  await expectAccessible('two-step verification: the recovery codes');
  await card.getByRole('button', { name: t(lang, 'auth.twoFactor.saved') }).click();
  await expect(card.getByTestId('two-factor-state')).toContainText('10');

  // Signed out, the password alone no longer logs in: the second step asks for the app's code.
  await signOut(page, navigate, lang);
  await navigate('/m/login', { lang, scan: false });
  let form = await passwordStep(page, request, lang, username, captchaOf);
  await expectAccessible('the login’s second step');
  await expect(member(page)).toHaveCount(0);
  const signedOut = await page.request.get(`${BASE_URL}/api/member/info`, {
    headers: { 'x-module-id': 'PERSPNL3' },
  });
  expect(((await signedOut.json()) as { code: string }).code).toBe('NOT_LOGGED_IN');
  await giveCode(page, lang, form, totpCode(secret, step + 1));
  await expect(member(page)).toContainText(username);

  // In English: a recovery code logs in once; the second time it is refused, with the reason on screen.
  lang = 'en';
  await signOut(page, navigate, lang);
  await navigate('/m/login', { lang, scan: false });
  form = await passwordStep(page, request, lang, username, captchaOf);
  await expectAccessible('the login’s second step (English)');
  await giveCode(page, lang, form, recovery[0] ?? '');
  await expect(member(page)).toContainText(username);
  await signOut(page, navigate, lang);
  await navigate('/m/login', { lang, scan: false });
  form = await passwordStep(page, request, lang, username, captchaOf);
  await giveCode(page, lang, form, recovery[0] ?? '');
  await expect(form.getByRole('alert')).toHaveText(ERROR_MESSAGES.en.WRONG_TWO_FACTOR_CODE);
  await expect(member(page)).toHaveCount(0);
  await giveCode(page, lang, form, recovery[1] ?? '');
  await expect(member(page)).toContainText(username);

  // The history: the refused code with its reason, and the sign-ins by password.
  await navigate('/m/member/security', { lang });
  const logins = page.getByRole('region', { name: t(lang, 'auth.logins.title') });
  await expect(logins.getByRole('listitem').first()).toContainText(t(lang, 'auth.logins.succeeded'));
  await expect(
    logins.getByRole('listitem').filter({ hasText: ERROR_MESSAGES.en.WRONG_TWO_FACTOR_CODE }),
  ).toHaveCount(1);
  await expect(
    page.getByRole('region', { name: t(lang, 'auth.twoFactor.title') }).getByTestId('two-factor-state'),
  ).toContainText('8');
});
