import type { APIRequestContext, Page } from '@playwright/test';
import { BASE_URL, expect, t, test } from './fixtures.ts';
import { asNewMember } from './members.ts';

/**
 * The member's e-mail and mobile number against the real server (docs/decisions/059-member-contacts.md):
 * the address added in Vietnamese waits for its link, the link read from the development outbox is opened
 * in English and verifies it, and a mobile number is added with the code sent to it. axe scans each step.
 */

/** The newest message of the development outbox to `to`, once the server has written it. */
async function sentTo(request: APIRequestContext, kind: 'sms' | 'email', to: string) {
  let found: { text: string; code: string } | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${BASE_URL}/api/dev/outbox?kind=${kind}`);
        const entries = ((await response.json()) as { value: { to: string; text: string; code: string }[] })
          .value;
        found = entries.find((entry) => entry.to === to);
        return found !== undefined;
      },
      { message: `a message of kind ${kind} to ${to}` },
    )
    .toBe(true);
  return found ?? { text: '', code: '' };
}

/** Waits for the toast saying `text` (drawn once its chunk has loaded), so that a scan waits for it to go. */
const toastSaying = (page: Page, text: string) =>
  page.locator('.adm-toast-mask').filter({ hasText: text }).waitFor();

test('a member adds an e-mail, opens the e-mailed link, and adds a mobile number with the code sent to it', async ({
  page,
  navigate,
  expectAccessible,
}) => {
  test.setTimeout(90_000);
  await asNewMember(page, 'pf');
  const unique = `${Date.now() % 1e9}${Math.floor(Math.random() * 90 + 10)}`;

  // In Vietnamese: the address is kept, not verified, and its link is e-mailed.
  await navigate('/m/member/profile', { lang: 'vi' });
  const emailForm = (lang: 'vi' | 'en') =>
    page.getByRole('form', { name: t(lang, 'member.profile.email.title') });
  const email = `pf${unique}@example.com`;
  await emailForm('vi').getByLabel(t('vi', 'member.profile.email.label')).fill(email);
  await emailForm('vi')
    .getByRole('button', { name: t('vi', 'member.profile.email.save') })
    .click();
  await toastSaying(page, t('vi', 'member.profile.email.sent').replace('{{email}}', email));
  await expect(emailForm('vi')).toContainText(t('vi', 'member.profile.email.unverified'));
  await expectAccessible('profile: an e-mail waiting for its link');

  // In English: the link opened, as from the mailbox.
  const mail = await sentTo(page.request, 'email', email);
  const link = new URL(/https:\/\/\S+/.exec(mail.text)?.[0] ?? 'https://none');
  expect(link.pathname).toBe('/m/verify-email');
  expect(link.searchParams.get('token')).toBe(mail.code);
  await navigate(`${link.pathname}${link.search}`, { lang: 'en', scan: false });
  await expect(page.getByText(t('en', 'member.verifyEmail.done').replace('{{email}}', email))).toBeVisible();
  await expectAccessible('the e-mail verified');
  await page.getByRole('link', { name: t('en', 'member.verifyEmail.toProfile') }).click();
  await expect(emailForm('en')).toContainText(`${email}${t('en', 'member.profile.email.verified')}`);

  // A mobile number, with the code sent to it (the member registered without one).
  const mobile = page.getByTestId('profile-mobile');
  await expect(mobile).toContainText(t('en', 'member.profile.mobile.none'));
  await mobile.getByRole('button', { name: t('en', 'member.profile.mobile.add') }).click();
  const number = `09${unique.slice(-8).padStart(8, '7')}`;
  await mobile.getByLabel(t('en', 'member.profile.mobile.newNumber')).fill(number);
  const newCode = mobile.getByRole('group', { name: t('en', 'member.profile.mobile.newCode') });
  await newCode.getByRole('button', { name: t('en', 'member.profile.mobile.sendCode') }).click();
  await toastSaying(page, t('en', 'member.profile.mobile.codeSent'));
  const sms = await sentTo(page.request, 'sms', `+84${number.slice(1)}`);
  await newCode.getByLabel(t('en', 'member.profile.mobile.newCode')).fill(sms.code);
  await expectAccessible('profile: the change of mobile number');
  await mobile.getByRole('button', { name: t('en', 'member.profile.mobile.save') }).click();
  await expect(mobile).toContainText(
    t('en', 'member.profile.mobile.current').replace('{{number}}', `+84 ${number.slice(1)}`),
  );
  await expect(mobile.getByRole('group')).toHaveCount(0);
});
