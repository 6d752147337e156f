import { createHmac } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { API } from '@kl/contracts/api-paths';
import { GATEWAY_SIGNATURE_HEADER, GATEWAY_TIMESTAMP_HEADER } from '@kl/contracts/deposit';
import { E2E_SANDBOXES_PORT, PAYMENT_CALLBACK_SECRET } from './constants.ts';
import { BASE_URL, expect, t, test, vnd } from './fixtures.ts';
import { asNewMember, asTrialMember } from './members.ts';

/**
 * Deposit against the real server (product.md §2 /m/voucherCenter, §4 Balance, templates and "Deposit with
 * non-real account"). The seeded merchant has mobileTemplate.dep_func 1: the new template, a step flow
 * (channel → amount → a full-screen order). A new member pays a VietQR order through the sandbox gateway,
 * which calls the signed callback as a real gateway would; the gateway then delivers its callback again
 * (twice, at once) and the wallet balance has still risen by the amount once. A trial member gets no form.
 */

const en = (key: string) => t('en', key);
const AMOUNT = 200_000;

/** The balance the side menu shows (opened from home, closed again). */
async function sideMenuBalance(page: Page, expected: string) {
  await page.getByRole('button', { name: en('header.menu') }).click();
  const menu = page.getByTestId('side-menu');
  await expect(menu.getByTestId('wallet-amount')).toHaveText(expected);
  return menu;
}

async function walletBalance(request: APIRequestContext): Promise<number> {
  const response = await request.get(`${BASE_URL}${API.wallet.path}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { value: { sumBalance: number } }).value.sumBalance;
}

/** The payment gateway's callback for a paid order, signed as the gateway signs it, sent as it would be. */
async function deliverPaidCallback(request: APIRequestContext, orderId: string, amount: number) {
  const rawBody = JSON.stringify({
    eventId: `e2e-redelivery-${orderId}`,
    orderId,
    status: 'paid',
    amount,
    currency: 'VND',
    gatewayTransactionId: `E2E${orderId.slice(0, 8)}`,
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', PAYMENT_CALLBACK_SECRET)
    .update(`${timestamp}.${rawBody}`, 'utf8')
    .digest('hex');
  const response = await request.post(`${BASE_URL}${API.depositCallback.path}`, {
    headers: {
      'content-type': 'application/json',
      [GATEWAY_TIMESTAMP_HEADER]: timestamp,
      [GATEWAY_SIGNATURE_HEADER]: signature,
    },
    data: rawBody,
  });
  return { status: response.status(), body: (await response.json()) as { value?: Record<string, unknown> } };
}

test('a member deposits by VietQR, paying on the sandbox gateway’s page; a redelivered callback credits nothing more', async ({
  page,
  navigate,
  expectAccessible,
}) => {
  test.setTimeout(90_000);
  await asNewMember(page, 'dp');

  await navigate('/m/home', { scan: false });
  const menu = await sideMenuBalance(page, vnd(0));
  await expectAccessible('side menu with the balance');
  await menu.getByRole('button', { name: en('wallet.hide') }).click();
  await expect(menu.getByTestId('wallet-amount')).toContainText('****.**');
  await menu.getByRole('button', { name: en('wallet.show') }).click();
  await expect(menu.getByTestId('wallet-amount')).toHaveText(vnd(0));

  // Step 1: the channel cards (new template, as the seed says).
  await navigate('/m/voucherCenter');
  const screen = page.locator('[data-page="voucherCenter"]');
  await expect(screen).toHaveAttribute('data-template', 'new');
  const steps = screen.getByRole('list', { name: en('deposit.steps.label') });
  await expect(steps.locator('[aria-current="step"]')).toContainText(en('deposit.steps.channel'));
  await screen.getByRole('button', { name: /VietQR/ }).click();

  // Step 2: the amount, checked against the channel.
  await expect(screen.getByRole('heading', { name: en('deposit.enterAmount') })).toBeVisible();
  await expect(steps.locator('[aria-current="step"]')).toContainText(en('deposit.steps.amount'));
  await screen.getByLabel('Amount (VND)').fill('5000');
  await screen.getByRole('button', { name: en('deposit.create') }).click();
  await expect(screen.getByRole('alert')).toContainText('The minimum for this method is');
  await expectAccessible('deposit amount step with an error');
  await screen.getByLabel('Amount (VND)').fill(String(AMOUNT));
  await screen.getByRole('button', { name: en('deposit.create') }).click();

  // Step 3: the order on its own screen.
  const order = page.getByTestId('deposit-order');
  await expect(order.getByTestId('order-status')).toHaveText(en('deposit.status.pending'));
  await expect(steps.locator('[aria-current="step"]')).toContainText(en('deposit.steps.pay'));
  await expect(order.getByTestId('order-amount')).toHaveText(vnd(AMOUNT));
  await expect(order.getByRole('timer')).toContainText(/Time left to pay: 1[45]:\d\d/);
  const qr = order.getByRole('img', { name: new RegExp(`^VietQR code: pay ${vnd(AMOUNT)} to account`) });
  await expect(qr).toBeVisible();
  await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(order.getByRole('button', { name: `Copy ${en('deposit.referenceCode')}` })).toBeVisible();
  await expectAccessible('deposit order waiting for the payment');
  const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';
  expect(orderId).not.toBe('');

  // The member pays on the sandbox gateway's page (its own process), which delivers the callback once and
  // sends the browser back to the order…
  await order.getByRole('link', { name: en('deposit.gatewayPay') }).click();
  await expect(page).toHaveURL((url) => url.port === String(E2E_SANDBOXES_PORT));
  await expect(page.getByRole('heading', { level: 1, name: 'Sandbox payment gateway' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/m/voucherCenter');
  expect(new URL(page.url()).searchParams.get('orderId')).toBe(orderId);
  await expect(order.getByTestId('order-status')).toHaveText(
    `Payment received: ${vnd(AMOUNT)} has been added to your wallet`,
  );
  await expect(order.getByTestId('order-timeline').locator('li').last()).toHaveAttribute(
    'data-state',
    'paid',
  );
  await expectAccessible('deposit order paid');
  expect(await walletBalance(page.request)).toBe(AMOUNT);

  // …and then again, twice at once: each redelivery is accepted and credits nothing.
  const redeliveries = await Promise.all([
    deliverPaidCallback(page.request, orderId, AMOUNT),
    deliverPaidCallback(page.request, orderId, AMOUNT),
  ]);
  for (const redelivery of redeliveries) {
    expect(redelivery.status).toBe(200);
    expect(redelivery.body.value).toMatchObject({
      orderId,
      status: 'paid',
      credited: false,
      duplicate: true,
    });
  }
  expect(await walletBalance(page.request)).toBe(AMOUNT);

  // The order stays paid after a reload; a new deposit starts at the channels with the new balance, and the
  // side menu shows it too.
  await page.reload();
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'paid');
  await page.getByRole('button', { name: en('deposit.newDeposit') }).click();
  await expect(screen.getByTestId('wallet-amount')).toHaveText(vnd(AMOUNT));
  await expect(screen.getByRole('heading', { name: en('deposit.chooseChannel') })).toBeVisible();
  await navigate('/m/home', { scan: false });
  await sideMenuBalance(page, vnd(AMOUNT));
});

test('a trial member is told a real account is required and gets no form', async ({
  page,
  navigate,
  expectAccessible,
}) => {
  await asTrialMember(page, navigate);

  await navigate('/m/voucherCenter', { scan: false });
  const screen = page.locator('[data-page="voucherCenter"]');
  await expect(screen.getByText(en('deposit.actualAccountRequired'))).toBeVisible();
  await expect(screen.getByRole('button', { name: en('deposit.create') })).toHaveCount(0);
  await expect(screen.getByRole('button', { name: /VietQR/ })).toHaveCount(0);
  await expectAccessible('deposit for a trial member');
});
