import { readFileSync } from 'node:fs';
import { CHAT_PAGE_TEXTS } from '@kl/contracts/chat';
import { totpCode, totpStep } from '../../server/src/platform/totp.ts';
import { CHAT_SUPPORT } from './constants.ts';
import { BASE_URL, checkAccessibility, expect, t, test } from './fixtures.ts';
import { asNewMember } from './members.ts';

/**
 * Live chat end to end (product.md §4 Live chat, §7 launch-chat; docs/back-office.md, "Chat, feedback and
 * inbox"): a member's message reaches the back office's live chat console, where a support operator signed
 * in as themselves answers it, and the reply shows up on the member's chat page without a reload
 * (server-sent events).
 */

const texts = CHAT_PAGE_TEXTS.en;

const BACK_OFFICE_EN = JSON.parse(
  readFileSync(new URL('../../admin/src/locales/en.json', import.meta.url), 'utf8'),
) as Record<string, Record<string, string>>;

/** The back office's English text of `section.key`, `{{name}}` filled in. */
const desk = (section: string, key: string, values: Record<string, string> = {}) => {
  const text = BACK_OFFICE_EN[section]?.[key];
  if (text === undefined) throw new Error(`the back office has no English text for ${section}.${key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
};

test("a member's chat message reaches the back office's console, and the reply shows up live", async ({
  page,
  browser,
  navigate,
}) => {
  test.setTimeout(90_000);
  const session = (await asNewMember(page, 'ch')) as { userName: string };
  const message = `Xin chào, nạp tiền chưa vào ví (${Date.now() % 100_000})`;

  // The member opens live chat from /m/service and writes at once. The chat cookie's trade is held back a
  // moment, as on a slow line: the send waits for it rather than going out unauthenticated and ending the chat.
  await page.route('**/api/chat/session', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await navigate('/m/service');
  await page.getByRole('button', { name: t('en', 'support.startLiveChat') }).click();
  await page.waitForURL((url) => url.pathname === '/chat/');
  const memberLog = page.getByRole('list', { name: t('en', 'customerService.LIVECHAT') });
  await page.getByLabel(texts.messageLabel).fill(message);
  await page.getByRole('button', { name: texts.send }).click();
  await expect(memberLog.getByText(message)).toBeVisible();
  await checkAccessibility(page, 'member chat page');

  // A support operator signs in to the back office at a desktop size (made by `npm run operator:create`:
  // two-factor enrolled at this first sign-in) and opens the live chat console.
  const operatorContext = await browser.newContext({
    baseURL: BASE_URL,
    viewport: { width: 1366, height: 900 },
    serviceWorkers: 'block',
  });
  try {
    const operator = await operatorContext.newPage();
    await operator.goto('/admin/login?lang=en');
    await operator.getByLabel(desk('login', 'username')).fill(CHAT_SUPPORT.username);
    await operator.getByLabel(desk('login', 'password')).fill(CHAT_SUPPORT.password);
    await operator.getByRole('button', { name: desk('login', 'submit') }).click();
    const secret = (await operator.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await operator.getByLabel(desk('login', 'code')).fill(totpCode(secret, totpStep(new Date())));
    await operator.getByRole('button', { name: desk('login', 'verify') }).click();
    const menu = operator.getByRole('navigation', { name: desk('menu', 'label') });
    await menu.getByRole('menuitem', { name: desk('liveChat', 'menu') }).click();

    const conversation = operator.getByRole('button', {
      name: desk('liveChat', 'openConversation', { username: session.userName }),
    });
    await expect(conversation).toContainText(message);
    await conversation.click();
    const thread = operator.getByRole('log', {
      name: desk('liveChat', 'messagesOf', { username: session.userName }),
    });
    await expect(thread.getByText(message)).toBeVisible();
    await checkAccessibility(operator, 'back office live chat console');

    // The reply, named by its operator in the console, appears on the member's page while it stays open.
    const reply = 'Chào bạn, giao dịch đã được kiểm tra và cộng vào ví.';
    await operator.getByLabel(desk('liveChat', 'reply'), { exact: true }).fill(reply);
    await operator.getByRole('button', { name: desk('liveChat', 'send') }).click();
    await expect(thread.getByText(reply)).toBeVisible();
    await expect(thread.getByText(CHAT_SUPPORT.username)).toBeVisible();
    await expect(memberLog.getByText(reply)).toBeVisible({ timeout: 10_000 });
  } finally {
    await operatorContext.close();
  }
});
