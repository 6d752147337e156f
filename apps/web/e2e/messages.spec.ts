import type { Page } from '@playwright/test';
import { BASE_URL, expect, t, test } from './fixtures.ts';
import { asNewMember } from './members.ts';

const en = (key: string) => t('en', key);

/**
 * Messages, help and customer service against the real server (product.md §2 /m/message(s), /m/notice,
 * /m/webEmail, /m/help, /m/helpDetail, /m/service; §4 Announcement, Live chat; §6 unread counts). The
 * member is registered through the API, with the captcha read from the development outbox, and the
 * page is given the session the server answered.
 */

const centreEntry = (page: Page, key: string) =>
  page.getByTestId('message-centre').getByRole('link', { name: new RegExp(`^${en(key)}`) });

test('a member opens an announcement and an inbox message: the unclaimed count drops, the badge clears', async ({
  page,
  navigate,
  expectAccessible,
}) => {
  test.setTimeout(90_000);
  await asNewMember(page, 'ms');
  const apiCount = async (path: string) =>
    ((await (await page.request.get(`${BASE_URL}${path}`)).json()) as { value: { unreadCount: number } })
      .value.unreadCount;
  const announcementsBefore = await apiCount('/api/announcements/unread-count');
  expect(announcementsBefore).toBeGreaterThan(0);

  // The message centre shows both counts.
  await navigate('/m/message');
  await expect(page.getByRole('heading', { level: 1, name: en('route.message') })).toBeVisible();
  const announcementsEntry = centreEntry(page, 'messages.announcements');
  await expect(announcementsEntry).toHaveAccessibleName(
    `${en('messages.announcements')} ${announcementsBefore} unread`,
  );
  // Every member gets welcome messages, unread.
  const inboxBefore = await apiCount('/api/inbox/unread-count');
  expect(inboxBefore).toBeGreaterThan(0);
  const inboxEntry = centreEntry(page, 'messages.inbox');
  await expect(inboxEntry).toHaveAccessibleName(`${en('messages.inbox')} ${inboxBefore} unread`);
  await expect(page.getByTestId('message-centre').getByRole('button', { name: /^Live chat/ })).toBeVisible();
  await expectAccessible('message centre');

  // Announcements: open the first unread one.
  await announcementsEntry.click();
  await expect(page).toHaveURL((url) => url.pathname === '/m/notice');
  const summary = page.getByTestId('unread-summary');
  await expect(summary).toHaveText(`${announcementsBefore} unread`);
  await expectAccessible('announcements');
  const unreadAnnouncement = page.locator('a.kl-message-item[data-read="false"]').first();
  const title = (await unreadAnnouncement.locator('.kl-message-item__title').textContent()) ?? '';
  const told = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/announcements/read') && response.request().method() === 'POST',
  );
  await unreadAnnouncement.click();
  const detail = page.getByTestId('announcement-detail');
  await expect(detail.getByRole('heading', { level: 2 })).toHaveText(title);
  const answer = (await (await told).json()) as { value: { unreadCount: number } };
  expect(answer.value.unreadCount).toBe(announcementsBefore - 1);
  await expectAccessible('announcement detail');
  await detail.getByRole('button', { name: en('messages.backToList') }).click();
  await expect(summary).toHaveText(`${announcementsBefore - 1} unread`);
  await expect(page.locator('a.kl-message-item', { hasText: title }).first()).toHaveAttribute(
    'data-read',
    'true',
  );

  // The message centre's unclaimed count dropped too.
  await navigate('/m/message', { scan: false });
  await expect(announcementsEntry).toHaveAccessibleName(
    announcementsBefore - 1 > 0
      ? `${en('messages.announcements')} ${announcementsBefore - 1} unread`
      : en('messages.announcements'),
  );

  // Inbox: open the first unread message.
  await inboxEntry.click();
  await expect(page).toHaveURL((url) => url.pathname === '/m/webEmail');
  await expect(page.getByTestId('unread-summary')).toHaveText(`${inboxBefore} unread`);
  await expectAccessible('inbox');
  const unreadMessage = page.locator('a.kl-message-item[data-read="false"]').first();
  const messageTitle = (await unreadMessage.locator('.kl-message-item__title').textContent()) ?? '';
  await expect(unreadMessage.getByTestId('unread-mark')).toHaveCount(1);
  await unreadMessage.click();
  const message = page.getByTestId('inbox-message');
  await expect(message.getByRole('heading', { level: 2 })).toHaveText(messageTitle);
  await expectAccessible('inbox message');
  await message.getByRole('button', { name: en('messages.backToList') }).click();
  const opened = page.locator('a.kl-message-item', { hasText: messageTitle }).first();
  await expect(opened).toHaveAttribute('data-read', 'true');
  await expect(opened.getByTestId('unread-mark')).toHaveCount(0);
  await expect(page.getByTestId('unread-summary')).toHaveText(
    inboxBefore - 1 > 0 ? `${inboxBefore - 1} unread` : en('messages.allRead'),
  );
  expect(await apiCount('/api/inbox/unread-count')).toBe(inboxBefore - 1);

  await navigate('/m/message', { scan: false });
  await expect(inboxEntry).toHaveAccessibleName(
    inboxBefore - 1 > 0 ? `${en('messages.inbox')} ${inboxBefore - 1} unread` : en('messages.inbox'),
  );
});

test('help shows its HTML with the script removed, and opens the terms', async ({
  page,
  navigate,
  expectAccessible,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const help = (await (await page.request.get(`${BASE_URL}/api/help?lang=en`)).json()) as {
    value: { topics: { tag: string; items: { id: number; title: string; content: string }[] }[] };
  };
  const topic = help.value.topics.find((candidate) =>
    candidate.items.some((item) => item.title === 'Keeping your account safe'),
  );
  const index = topic?.items.findIndex((item) => item.title === 'Keeping your account safe') ?? -1;
  const unsafe = topic?.items[index];
  expect(unsafe, 'the seeded help item with a script').toBeTruthy();
  expect(unsafe?.content).toContain('<script>');

  // The help detail.
  await navigate(`/m/helpDetail?id=${unsafe?.id}`);
  const detail = page.getByTestId('help-detail');
  await expect(detail.getByRole('heading', { level: 2 })).toHaveText('Keeping your account safe');
  const content = detail.getByTestId('html-content');
  await expect(content).toContainText('To keep your account safe, please:');
  await expect(content.getByRole('listitem').first()).toContainText('Never share your password');
  await expect(content.locator('script')).toHaveCount(0);
  await expect(content.locator('[onerror], [onclick], [onload]')).toHaveCount(0);
  expect(
    await page.evaluate(() => (window as { __klHelpInjected?: unknown }).__klHelpInjected),
  ).toBeUndefined();

  // The same item in the help centre, chosen by the address.
  await navigate(`/m/help?tag=${topic?.tag}&c=${index}`);
  const toggle = page.getByRole('button', { name: 'Keeping your account safe' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const inCentre = page.getByTestId('html-content');
  await expect(inCentre).toContainText('To keep your account safe, please:');
  await expect(inCentre.locator('script')).toHaveCount(0);
  // A link of the content to a screen of the site stays in the app.
  await inCentre.getByRole('link', { name: 'customer service' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/m/service');
  await expect(page.getByRole('heading', { level: 1, name: en('route.service') })).toBeVisible();
  await expectAccessible('customer service');
  expect(
    await page.evaluate(() => (window as { __klHelpInjected?: unknown }).__klHelpInjected),
  ).toBeUndefined();

  // The terms.
  await navigate('/m/help?tag=terms');
  const menu = page.getByRole('navigation', { name: en('help.topics') });
  await expect(menu.getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('heading', { level: 2, name: 'Terms and conditions' })).toBeVisible();
  expect(dialogs).toEqual([]);
});

test('a member reaches the message centre from the side menu and from the member centre', async ({
  page,
  navigate,
  expectAccessible,
}) => {
  await asNewMember(page, 'ms');
  // In Vietnamese, from the side menu of home.
  await navigate('/m/home', { lang: 'vi', scan: false });
  await page.getByRole('button', { name: t('vi', 'header.menu') }).click();
  const menu = page.getByRole('dialog', { name: t('vi', 'sideMenu.title') });
  await menu.getByRole('link', { name: t('vi', 'sideMenu.messageCentre') }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/m/message');
  await expect(page.getByTestId('message-centre')).toBeVisible();
  await expectAccessible('the message centre, from the side menu');

  // In English, from the member centre's messages.
  await navigate('/m/member/home', { lang: 'en', scan: false });
  await page
    .getByRole('navigation', { name: en('member.groups.messages') })
    .getByRole('link', { name: en('member.items.messageCentre') })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === '/m/message');
  await expect(centreEntry(page, 'messages.inbox')).toBeVisible();
  await expectAccessible('the message centre, from the member centre');
});

test('a visitor is shown the way to log in at the message centre, and sees the announcements', async ({
  page,
  navigate,
}) => {
  await navigate('/m/message');
  const prompt = page.getByTestId('message-centre-login');
  await expect(prompt.getByRole('link', { name: en('header.login') })).toBeVisible();
  await navigate('/m/notice');
  await expect(page.locator('a.kl-message-item').first()).toBeVisible();
  await expect(page.getByTestId('unread-mark')).toHaveCount(0);
  await navigate('/m/webEmail', { scan: false });
  await expect(page).toHaveURL((url) => url.pathname === '/m/login');
});

test('a member starts live chat from /m/service and reaches the chat page', async ({ page, navigate }) => {
  await asNewMember(page, 'ms');
  await navigate('/m/service');
  const launched = page.waitForResponse((response) => response.url().includes('/api/chat/launch'));
  await page.getByRole('button', { name: en('support.startLiveChat') }).click();
  await expect(page.getByText(en('in_please_wait')).first()).toBeVisible();
  const answer = (await (await launched).json()) as { value: { chatUrl: string } };
  expect(answer.value.chatUrl).toMatch(/^\/chat\/\?b2c=1&/);
  expect(answer.value.chatUrl).toContain('language=EN');
  expect(answer.value.chatUrl).toContain('backUrl=%2Fm%2Fservice');
  await page.waitForURL((url) => url.pathname === '/chat/');
});
