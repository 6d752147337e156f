import { expect, t, test, vnd } from './fixtures.ts';
import { depositThroughSandbox } from './member-api.ts';
import { asNewMember, asTrialMember } from './members.ts';

/**
 * The member centre against the real server (product.md §2 /m/member/home, §4 Templates and Balance, §6
 * trial): the seeded merchant's template, the VIP badge and the balance with hide/show; the transaction
 * history after a sandbox deposit and its kind filter; the game records' empty state; a trial member's
 * register-now alert.
 */

const en = (key: string) => t('en', key);
const AMOUNT = 150_000;

test('a member opens the member centre, deposits and finds the deposit in the history', async ({
  page,
  navigate,
  expectAccessible,
}) => {
  await asNewMember(page, 'mc');
  // The page brings the system status and the member's first answers (docs/decisions/005-web-first-load.md):
  // the centre is drawn in the merchant's template, with the member's data, from its first render, and
  // none of them is asked for.
  const BROUGHT = [
    '/api/status',
    '/api/member/info',
    '/api/member/head-icon',
    '/api/wallet',
    '/api/inbox/unread-count',
  ];
  const askedFor: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (BROUGHT.includes(pathname)) askedFor.push(pathname);
  });
  await page.addInitScript(() => {
    const seen = new Set<string | null>();
    Object.assign(window, { klTemplatesSeen: seen });
    new MutationObserver(() => {
      for (const element of document.querySelectorAll('[data-template]'))
        seen.add(element.getAttribute('data-template'));
    }).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-template'],
    });
  });

  // The seeded merchant has mobileTemplate.mem_cen 1: the new template.
  await navigate('/m/member/home');
  const centre = page.locator('[data-page="member"][data-template="new"]');
  await expect(centre).toBeVisible();
  const templatesSeen = await page.evaluate(() => [
    ...(window as unknown as { klTemplatesSeen: Set<string | null> }).klTemplatesSeen,
  ]);
  expect(templatesSeen).toEqual(['new']);
  expect(askedFor).toEqual([]);
  await expect(centre.getByTestId('member-vip')).toHaveText('VIP 0');
  const amount = centre.getByTestId('wallet-amount');
  await expect(amount).toHaveText(vnd(0));
  await centre.getByRole('button', { name: en('wallet.hide') }).click();
  await expect(amount).toContainText('****.**');
  await expectAccessible('member centre with the balance hidden');
  await centre.getByRole('button', { name: en('wallet.show') }).click();
  await expect(amount).toHaveText(vnd(0));
  await expect(
    centre.getByRole('navigation', { name: en('member.quickActions') }).getByRole('link', {
      name: en('member.items.history'),
    }),
  ).toHaveAttribute('href', '/m/member/history');

  // A deposit paid at the sandbox gateway, by its page's form as the browser would.
  const orderId = await depositThroughSandbox(page, AMOUNT);

  await navigate('/m/member/home', { scan: false });
  await expect(page.getByTestId('wallet-amount')).toHaveText(vnd(AMOUNT));
  await page
    .getByRole('navigation', { name: en('member.quickActions') })
    .getByRole('link', { name: en('member.items.history') })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === '/m/member/history');
  const history = page.locator('[data-page="member"]');
  const line = history.getByTestId('history-line');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(en('member.kinds.deposit'));
  await expect(line).toContainText(`+${vnd(AMOUNT)}`);
  await expect(line).toContainText(`deposit:${orderId}`);
  await expectAccessible('transaction history with the deposit');

  await history
    .getByLabel(en('member.filters.kind'))
    .selectOption({ label: en('member.kindFilters.withdrawal') });
  await expect(history.getByTestId('empty-state')).toBeVisible();
  await expect(history.getByTestId('history-line')).toHaveCount(0);
  await expectAccessible('transaction history filtered to withdrawals');

  await navigate('/m/member/gameRecords');
  const records = page.locator('[data-page="member"]');
  await expect(records.getByTestId('empty-state')).toHaveText(en('in_no_data'));
  await expect(records.getByLabel(en('member.filters.gameType'))).toBeVisible();
});

test('a trial member opening the member centre is asked to register', async ({
  page,
  navigate,
  expectAccessible,
}) => {
  await asTrialMember(page, navigate);

  await navigate('/m/member/home', { scan: false });
  const alert = page.getByRole('dialog');
  await expect(alert).toContainText(en('auth.trialMemberCentre'));
  await expect(alert.getByRole('button', { name: en('auth.cancel') })).toBeVisible();
  await expect(page.locator('[data-template]')).toHaveCount(0);
  await expectAccessible('member centre: the trial member’s alert');
  await alert.getByRole('button', { name: en('auth.registerNow') }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/m/register');
});
