import { KYC_REVIEWERS } from './constants.ts';
import { BASE_URL, expect, t, test, vnd } from './fixtures.ts';
import { verifyIdentity } from './identity.ts';
import { depositThroughSandbox, memberCall, playSlotUntilUnlocked, walletBalance } from './member-api.ts';
import { asNewMember } from './members.ts';

/**
 * Promotions, VIP benefits and invite friends against the real server (product.md §2 /m/activity,
 * /m/activityDetail, /m/member/benefits, /m/inviteFriends). A new member applies to the seeded deposit
 * promotion (500,000 ₫ of deposits → 58,000 ₫), deposits through the sandbox gateway, sees the bonus
 * issued, claims it and the balance rises by the bonus once.
 */

const en = (key: string, values?: Record<string, string>) =>
  Object.entries(values ?? {}).reduce(
    (text, [name, value]) => text.replace(`{{${name}}}`, value),
    t('en', key),
  );
const RELOAD_TITLE = 'Deposit 500K, get 58K';
const BONUS = 58_000;

test('a member applies to a deposit promotion, deposits, and claims the bonus once', async ({
  page,
  navigate,
  expectAccessible,
}) => {
  test.setTimeout(90_000);
  await asNewMember(page, 'pr');

  await navigate('/m/activity');
  const list = page.locator('[data-page="activity"]');
  await expect(list.getByTestId('promotion')).toHaveCount(3);
  await expectAccessible('promotions list');
  await list.getByRole('link', { name: RELOAD_TITLE }).click();

  const detail = page.locator('[data-page="activityDetail"]');
  await expect(detail.getByRole('heading', { name: RELOAD_TITLE })).toBeVisible();
  await expect(detail.getByTestId('promotion-html')).toContainText('500,000');
  await expectAccessible('promotion detail');
  await detail.getByRole('button', { name: en('promotions.apply') }).click();
  await expect(detail.getByTestId('claim-status')).toHaveText(en('promotions.status.applying'));
  await expect(detail.getByRole('button', { name: en('promotions.apply') })).toHaveCount(0);

  await depositThroughSandbox(page, 500_000);
  expect(await walletBalance(page)).toBe(500_000);

  await page.reload();
  await expect(detail.getByTestId('claim-status')).toHaveText(en('promotions.status.issued'));
  const claim = detail.getByRole('button', { name: en('promotions.claim', { amount: vnd(BONUS) }) });
  await expect(claim).toBeVisible();
  await expectAccessible('promotion with an issued bonus');
  await claim.click();
  await expect(detail.getByTestId('claim-status')).toHaveText(en('promotions.status.claimed'));
  expect(await walletBalance(page)).toBe(500_000 + BONUS);

  // Reloaded: claimed, no claim offered; asking the server again credits nothing.
  await page.reload();
  await expect(detail.getByTestId('claim-status')).toHaveText(en('promotions.status.claimed'));
  await expect(detail.getByRole('button', { name: /Claim/ })).toHaveCount(0);
  const claims = await memberCall<{ list: { id: number; status: string }[] }>(
    page.request,
    'promotionClaims',
  );
  const claimed = claims.list.find((item) => item.status === 'claimed');
  expect(claimed).toBeTruthy();
  const again = await memberCall<{ credited: boolean }>(page.request, 'claimBonus', {
    data: { claimId: claimed?.id },
  });
  expect(again.credited).toBe(false);
  expect(await walletBalance(page)).toBe(500_000 + BONUS);

  // The list shows the member's status too.
  await navigate('/m/activity', { scan: false });
  const item = list.getByTestId('promotion').filter({ hasText: RELOAD_TITLE });
  await expect(item.getByTestId('claim-status')).toHaveText(en('promotions.status.claimed'));
});

test('a visitor reads a promotion and is sent to log in to apply', async ({ page, navigate }) => {
  await navigate('/m/activity');
  await page.locator('[data-page="activity"]').getByRole('link', { name: RELOAD_TITLE }).click();
  const detail = page.locator('[data-page="activityDetail"]');
  await detail.getByRole('link', { name: en('promotions.loginToApply') }).click();
  await expect(page).toHaveURL(/\/m\/login/);
});

test('the invite page shows the referral code, link and QR image', async ({
  page,
  navigate,
  expectAccessible,
}) => {
  await asNewMember(page, 'iv');
  await navigate('/m/inviteFriends');
  const screen = page.locator('[data-page="inviteFriends"]');
  const code = screen.getByTestId('referral-code');
  await expect(code).toHaveText(/^[A-Z2-9]{8}$/);
  const text = (await code.textContent()) ?? '';
  await expect(screen.getByTestId('referral-link')).toHaveText(
    `${BASE_URL}/m/register?recommenderId=${text}`,
  );
  await expect(screen.getByTestId('referred-count')).toHaveText('0');
  const qr = screen.getByRole('img', { name: en('invite.qrAlt') });
  await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(screen.getByRole('heading', { name: en('invite.rulesTitle') })).toBeVisible();
  await expectAccessible('invite friends');

  // The side menu offers invite: the merchant runs the REFERRAL promotion.
  await navigate('/m/home', { scan: false });
  await page.getByRole('button', { name: en('header.menu') }).click();
  await expect(
    page
      .getByTestId('side-menu')
      .getByRole('navigation', { name: en('sideMenu.title') })
      .getByRole('link', { name: en('sideMenu.invite') }),
  ).toBeVisible();
});

test('the benefits page shows the VIP levels and the member’s level', async ({
  page,
  navigate,
  expectAccessible,
}) => {
  await asNewMember(page, 'vp');
  await depositThroughSandbox(page, 1_000_000);
  await navigate('/m/member/benefits');
  const screen = page.locator('[data-page="member"]');
  await expect(screen.getByTestId('vip-level')).toHaveCount(6);
  await expect(screen.getByTestId('my-vip')).toContainText('VIP 1 – Bronze');
  await expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  await expectAccessible('VIP benefits');
  const info = await memberCall<{ clubLabel: { labelName: string } }>(page.request, 'memberInfo');
  expect(info.clubLabel.labelName).toBe('1');
});

test('a claimed bonus stays locked until its turnover is played on the slot, then the member withdraws', async ({
  page,
  playwright,
  navigate,
  expectAccessible,
}) => {
  test.setTimeout(120_000);
  await asNewMember(page, 'to', { payeeName: 'Nguyen Van An' });
  const promotions = await memberCall<{ list: { id: number; code: string }[] }>(page.request, 'promotions');
  const reload = promotions.list.find((item) => item.code === 'RELOAD500');
  await memberCall(page.request, 'applyPromotion', { data: { promotionId: reload?.id } });
  await depositThroughSandbox(page, 500_000);

  // The promotion says what it asks; the claimed bonus shows its turnover, none played yet.
  await navigate(`/m/activityDetail?id=${reload?.id}`, { scan: false });
  const detail = page.locator('[data-page="activityDetail"]');
  await expect(detail.getByTestId('promotion-turnover')).toHaveText(
    en('promotions.turnoverRule', { multiple: '5', base: en('promotions.turnoverBase.bonus') }),
  );
  await detail.getByRole('button', { name: en('promotions.claim', { amount: vnd(BONUS) }) }).click();
  await expect(detail.getByTestId('claim-status')).toHaveText(en('promotions.status.claimed'));
  await expect(detail.getByTestId('turnover-progress-text')).toHaveText(
    en('wallet.turnover.progress', { progress: vnd(0), required: vnd(5 * BONUS) }),
  );
  await expectAccessible('promotion with a claimed bonus and its turnover');

  // Ready to withdraw: an identity checked, a payment password and a bank account of the member's own.
  await verifyIdentity(playwright, page, 'Nguyễn Văn An', KYC_REVIEWERS.promotions);
  await memberCall(page.request, 'setPaymentPassword', {
    data: { password: '135790', confirmPassword: '135790' },
  });
  const account = await memberCall<{ accountId: string }>(page.request, 'addBankAccount', {
    data: {
      bankCode: 'ACB',
      accountNumber: `77${Date.now().toString().slice(-10)}`,
      accountName: 'NGUYEN VAN AN',
    },
  });
  expect(account.accountId).toBeTruthy();

  // Everything is locked: the deposit until played once, the bonus until 5 × played.
  await navigate('/m/withdraw', { scan: false });
  const screen = page.locator('[data-page="withdraw"]');
  await expect(screen.getByTestId('withdraw-withdrawable')).toHaveText(vnd(0));
  const panel = screen.getByRole('region', { name: en('wallet.turnover.title') });
  await expect(panel.getByTestId('turnover-locked')).toHaveText(vnd(500_000 + BONUS));
  await expect(panel.getByTestId('turnover-requirement')).toHaveCount(2);
  await expectAccessible('withdraw with money locked by turnover');
  const form = screen.getByRole('form', { name: en('withdraw.formTitle') });
  await form.getByLabel('Amount (VND)').fill('100000');
  await form.getByLabel(en('withdraw.paymentPassword.label')).fill('135790');
  await form.getByRole('button', { name: en('withdraw.submit'), exact: true }).click();
  await expect(form.getByRole('alert').first()).toHaveText(
    en('withdraw.amountErrors.locked', { withdrawable: vnd(0), locked: vnd(500_000 + BONUS) }),
  );
  // The server refuses it too, whatever a screen lets through.
  const refused = await page.request.post(`${BASE_URL}/api/withdrawal/requests`, {
    headers: { 'x-module-id': 'FUNDTRANS3' },
    data: {
      requestKey: crypto.randomUUID(),
      bankAccountId: account.accountId,
      amount: 100_000,
      paymentPassword: '135790',
    },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { code: string }).code).toBe('TURNOVER_NOT_MET');

  // The member plays the in-house slot until both requirements are met.
  const spins = await playSlotUntilUnlocked(page);
  expect(spins).toBeGreaterThanOrEqual(50);
  await navigate(`/m/activityDetail?id=${reload?.id}`, { scan: false });
  await expect(detail.getByTestId('turnover-progress')).toHaveAttribute('data-status', 'met');

  // Nothing is locked any more: the withdrawal goes through.
  await navigate('/m/withdraw', { scan: false });
  await expect(screen.getByTestId('withdraw-withdrawable')).toHaveCount(0);
  await expect(panel).toHaveCount(0);
  await form.getByLabel('Amount (VND)').fill('100000');
  await form.getByLabel(en('withdraw.paymentPassword.label')).fill('135790');
  await form.getByRole('button', { name: en('withdraw.submit'), exact: true }).click();
  await expect(screen.getByTestId('withdrawal-status')).toHaveAttribute('data-status', 'pending');
  await expectAccessible('withdraw after the turnover was met');
});
