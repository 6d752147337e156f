import { CHAT_PAGE_TEXTS } from '@kl/contracts/chat';
import { CHAT_OPERATOR_TOKEN } from './constants.ts';
import { BASE_URL, checkAccessibility, expect, t, test } from './fixtures.ts';
import { asNewMember } from './members.ts';

/**
 * Live chat end to end (product.md §4 Live chat, §7 launch-chat; issue "Home content, messages and
 * help"): a member's message reaches the operator page, and the operator's reply shows up on the
 * member's chat page without a reload (server-sent events).
 */

const texts = CHAT_PAGE_TEXTS.en;

test("a member's chat message reaches the operator, and the reply shows up live", async ({
  page,
  browser,
  navigate,
}) => {
  test.setTimeout(90_000);
  const session = (await asNewMember(page, 'ch')) as { userName: string };
  const message = `Xin chào, nạp tiền chưa vào ví (${Date.now() % 100_000})`;

  // The member opens live chat from /m/service and writes.
  await navigate('/m/service');
  await page.getByRole('button', { name: t('en', 'support.startLiveChat') }).click();
  await page.waitForURL((url) => url.pathname === '/chat/');
  const memberLog = page.getByRole('list', { name: t('en', 'customerService.LIVECHAT') });
  await page.getByLabel(texts.messageLabel).fill(message);
  await page.getByRole('button', { name: texts.send }).click();
  await expect(memberLog.getByText(message)).toBeVisible();
  await checkAccessibility(page, 'member chat page');

  // The operator signs in on the operator page of another browser and finds the conversation.
  const operatorContext = await browser.newContext({ serviceWorkers: 'block' });
  const operator = await operatorContext.newPage();
  await operator.goto(`${BASE_URL}/chat/operator?lang=en`);
  await operator.getByLabel(texts.tokenLabel).fill(CHAT_OPERATOR_TOKEN);
  await operator.getByRole('button', { name: texts.signIn }).click();
  const conversations = operator.getByRole('navigation', { name: texts.conversations });
  const conversation = conversations.getByRole('button', { name: new RegExp(session.userName) });
  await expect(conversation).toContainText(message);
  await conversation.click();
  await expect(operator.locator('#ops-who')).toContainText(session.userName);
  await expect(operator.locator('#ops-log').getByText(message)).toBeVisible();
  await checkAccessibility(operator, 'operator chat page');

  // The reply appears on the member's page while it stays open.
  const reply = 'Chào bạn, giao dịch đã được kiểm tra và cộng vào ví.';
  await operator.getByLabel(texts.replyLabel).fill(reply);
  await operator.getByRole('button', { name: texts.send }).click();
  await expect(operator.locator('#ops-log').getByText(reply)).toBeVisible();
  await expect(memberLog.getByText(reply)).toBeVisible({ timeout: 10_000 });
  await operatorContext.close();
});
