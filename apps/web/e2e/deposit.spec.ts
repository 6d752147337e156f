import type { Page } from '@playwright/test';
import { expect, t, test } from './fixtures.ts';
import { asNewMember } from './members.ts';

/**
 * Deposit against the real server (SPEC §2 /m/voucherCenter, §4 Balance and "Deposit with non-real
 * account"): a new member pays a VietQR order through the sandbox gateway, which calls the signed callback
 * as a real gateway would, and the wallet balance rises by the amount; a trial member gets no form.
 */

const en = (key: string) => t('en', key);
const vnd = (amount: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'VND' }).format(amount);
const AMOUNT = 200_000;

/** The balance the side menu shows (opened from home, closed again). */
async function sideMenuBalance(page: Page, expected: string) {
  await page.getByRole('button', { name: en('header.menu') }).click();
  const menu = page.getByTestId('side-menu');
  await expect(menu.getByTestId('wallet-amount')).toHaveText(expected);
  return menu;
}

test('a member deposits by VietQR through the sandbox gateway and the balance rises by the amount', async ({
  page,
  navigate,
  expectAccessible,
}) => {
  test.setTimeout(60_000);
  await asNewMember(page, 'dp');

  await navigate('/m/home', { scan: false });
  const menu = await sideMenuBalance(page, vnd(0));
  await expectAccessible('side menu with the balance');
  await menu.getByRole('button', { name: en('wallet.hide') }).click();
  await expect(menu.getByTestId('wallet-amount')).toContainText('****.**');
  await menu.getByRole('button', { name: en('wallet.show') }).click();
  await expect(menu.getByTestId('wallet-amount')).toHaveText(vnd(0));

  await navigate('/m/voucherCenter');
  const page$ = page.locator('[data-page="voucherCenter"]');
  await page$.getByRole('radio', { name: /VietQR/ }).check();
  await page$.getByLabel('Amount (VND)').fill('5000');
  await page$.getByRole('button', { name: en('deposit.create') }).click();
  await expect(page$.getByRole('alert')).toContainText('The minimum for this method is');
  await page$.getByLabel('Amount (VND)').fill(String(AMOUNT));
  await page$.getByRole('button', { name: en('deposit.create') }).click();

  const order = page.getByTestId('deposit-order');
  await expect(order.getByTestId('order-status')).toHaveText(en('deposit.status.pending'));
  const qr = order.getByRole('img', { name: new RegExp(`^VietQR code: pay ${vnd(AMOUNT)} to account`) });
  await expect(qr).toBeVisible();
  await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(order.getByRole('button', { name: `Copy ${en('deposit.referenceCode')}` })).toBeVisible();
  await expectAccessible('deposit order waiting for the payment');

  await order.getByRole('button', { name: en('deposit.sandboxPay') }).click();
  await expect(order.getByTestId('order-status')).toHaveText(
    `Payment received: ${vnd(AMOUNT)} has been added to your wallet`,
  );
  await expect(page$.getByTestId('wallet-amount')).toHaveText(vnd(AMOUNT));
  await expectAccessible('deposit order paid');

  // The order stays paid after a reload, and the side menu shows the new balance.
  await page.reload();
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'paid');
  await navigate('/m/home', { scan: false });
  await sideMenuBalance(page, vnd(AMOUNT));
});

test('a trial member is told a real account is required and gets no form', async ({
  page,
  navigate,
  expectAccessible,
}) => {
  await navigate('/m/trail', { scan: false });
  await page.getByRole('button', { name: en('auth.trial') }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/m/home');

  await navigate('/m/voucherCenter', { scan: false });
  const screen = page.locator('[data-page="voucherCenter"]');
  await expect(screen.getByText(en('deposit.actualAccountRequired'))).toBeVisible();
  await expect(screen.getByRole('button', { name: en('deposit.create') })).toHaveCount(0);
  await expect(screen.getByRole('radio')).toHaveCount(0);
  await expectAccessible('deposit for a trial member');
});
