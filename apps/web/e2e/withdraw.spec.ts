import type { APIRequest, Browser, Locator, Page } from '@playwright/test';
import { ERROR_MESSAGES } from '@kl/contracts/error-messages';
import { CASHIER, KYC_REVIEWERS } from './constants.ts';
import { BASE_URL, checkAccessibility, expect, t, test, vnd, type Navigate } from './fixtures.ts';
import { documentPicture } from './identity.ts';
import { depositThroughSandbox, playSlotUntilUnlocked, walletBalance } from './member-api.ts';
import { asNewMember, asTrialMember } from './members.ts';
import { adminApi, firstOperatorSession } from './operator-api.ts';
import { admin, Authenticator, openArea, openDesk, signIn } from './support/admin-desk.ts';

/**
 * Withdrawal against the real server (product.md §2 /m/withdraw, §7 withdraw and security): a new member with a
 * registered payee name deposits through the sandbox gateway, plays the deposit through once on the
 * in-house slot (the merchant's turnover rule), sets a payment password, binds a bank
 * account and asks for a withdrawal, which is held; a finance operator pays it through the back office's calls
 * (the withdrawal queue's approve; docs/back-office.md) and the member
 * sees it paid, the held money gone, and both movements in the transaction history. Before that first
 * withdrawal the member's identity is checked (docs/decisions/057-know-your-customer.md): the withdraw
 * screen says so instead of any form, the member sends an identity card and a selfie from the identity
 * screen (in Vietnamese), one risk operator approves them in the back office and a second one confirms.
 * A trial member gets no form.
 */

const en = (key: string) => t('en', key);
const DEPOSIT = 500_000;
const WITHDRAWAL = 200_000;
const PAYMENT_PASSWORD = '864209';
const PAYEE_NAME = 'Nguyen Van An';
/** A bank account number belongs to one member: a number of this run's own, ending 6789. */
const ACCOUNT_NUMBER = `01${Date.now().toString().slice(-4)}6789`;

/** A finance operator pays a pending request from the back office's withdrawal queue. */
async function operatorApproves(playwright: { request: APIRequest }, requestId: string): Promise<void> {
  const cashier = await firstOperatorSession(playwright, CASHIER);
  try {
    const pending = await adminApi<{
      list: { requestId: string; amount: number; approval: { youMay: boolean } }[];
    }>(cashier, 'adminWithdrawals');
    expect(pending.list).toContainEqual(
      expect.objectContaining({
        requestId,
        amount: WITHDRAWAL,
        approval: expect.objectContaining({ youMay: true }),
      }),
    );
    const decision = await adminApi<{ changed: boolean; withdrawal: { status: string } }>(
      cashier,
      'adminApproveWithdrawal',
      { params: { withdrawalId: requestId } },
    );
    expect(decision).toMatchObject({ changed: true, withdrawal: { status: 'paid' } });
  } finally {
    await cashier.dispose();
  }
}

/**
 * The member of `page` sends an identity card in Vietnamese from the identity screen, and it waits for
 * review; the pictures are what a phone's camera gives.
 */
async function sendIdentityCard(
  page: Page,
  navigate: Navigate,
  expectAccessible: (screen: string) => Promise<void>,
) {
  const vi = (key: string) => t('vi', key);
  await navigate('/m/member/kyc', { lang: 'vi', scan: false });
  const kyc = page.locator('[data-page="member"]');
  await expect(kyc.getByTestId('kyc-state')).toHaveAttribute('data-state', 'none');
  const form = kyc.getByRole('form', { name: vi('kyc.formTitle') });
  await expect(form.getByRole('radio', { name: vi('kyc.kinds.id_card') })).toBeChecked();
  await form.getByLabel(vi('kyc.fields.number')).fill(`0790 ${Date.now().toString().slice(-8)}`);
  await form.getByLabel(vi('kyc.fields.name'), { exact: true }).fill('Nguyễn Văn An');
  await form.getByLabel(vi('kyc.fields.birthDate')).fill('1990-05-17');
  for (const picture of ['front', 'back', 'selfie'] as const) {
    await kyc.getByTestId(`kyc-file-${picture}`).setInputFiles({
      name: `${picture}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await documentPicture(picture),
    });
    await expect(kyc.getByTestId(`kyc-preview-${picture}`)).toBeVisible();
  }
  await expectAccessible('identity verification: the documents chosen');
  await form.getByRole('button', { name: vi('kyc.submit') }).click();
  await expect(kyc.getByTestId('kyc-state')).toHaveAttribute('data-state', 'submitted');
  await expect(kyc.getByTestId('kyc-state')).toHaveText(vi('kyc.states.submitted'));
  const sent = kyc.getByTestId('kyc-submission');
  await expect(sent.getByRole('img')).toHaveCount(3);
  // The pictures are the member's own, served to nobody else and kept by no cache.
  const picture = await page.request.get(
    new URL((await sent.getByRole('img').first().getAttribute('src')) ?? '', BASE_URL).href,
  );
  expect(picture.headers()['content-type']).toBe('image/webp');
  expect(picture.headers()['cache-control']).toBe('private, no-store');
  await expect(kyc.getByRole('form')).toHaveCount(0);
  await expectAccessible('identity verification: under review');
}

/**
 * Two risk operators at desks of their own: the first approves the member's documents in the back office's
 * identity checks, which then wait for a second operator; the second one confirms.
 */
async function operatorsCheckIdentity(browser: Browser, username: string) {
  const authenticator = new Authenticator();
  const [first, second] = KYC_REVIEWERS.withdraw;
  for (const [index, who] of [first, second].entries()) {
    const desk = await openDesk(browser, BASE_URL);
    try {
      await signIn(desk, authenticator, who);
      await openArea(desk, admin('kyc.menu'));
      await desk.page.getByRole('link', { name: admin('kyc.openLabel', { username }) }).click();
      await expect(
        desk.page.getByRole('heading', { name: admin('kyc.detailOf', { username }), level: 1 }),
      ).toBeVisible();
      await expect(desk.page.getByTestId('kyc-name-check')).toHaveText(admin('kyc.nameMatches'));
      const pictures = desk.page.getByRole('region', { name: admin('kyc.picturesTitle') });
      await expect(
        pictures.getByRole('img', { name: admin('kyc.pictureAlt.selfie', { username }) }),
      ).toBeVisible();
      const decision = desk.page.getByRole('region', { name: admin('kyc.decision') });
      await checkAccessibility(
        desk.page,
        index === 0 ? 'back office: identity check to approve' : 'back office: identity check to confirm',
      );
      await decision
        .getByRole('button', { name: admin(index === 0 ? 'kyc.approve' : 'kyc.confirmApproval') })
        .click();
      await desk.page.getByRole('button', { name: admin('common.confirm'), exact: true }).click();
      await expect(
        desk.page.getByText(
          index === 0 ? admin('kyc.firstApprovalRecorded') : admin('kyc.approved', { username }),
        ),
      ).toBeVisible();
      expect(desk.errors).toEqual([]);
    } finally {
      await desk.context.close();
    }
  }
}

const balances = (screen: Locator) => ({
  available: screen.getByTestId('withdraw-available'),
  held: screen.getByTestId('withdraw-held'),
});

test('a member withdraws to a bound bank account and the operator pays it', async ({
  page,
  browser,
  playwright,
  navigate,
  expectAccessible,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  consoleErrors.allow(
    /\/api\/withdrawal\/(bank-accounts|requests): Failed to load resource/,
    'a wrong account name and a wrong payment password are refused on purpose',
  );
  const { userName: username } = (await asNewMember(page, 'wd', { payeeName: PAYEE_NAME })) as {
    userName: string;
  };
  // A deposit is locked until it has been played through once. The slot may lose more than the withdrawal
  // leaves, so the member deposits again (at most three times) until the balance covers it.
  let deposits = 0;
  let start = 0;
  while (start < WITHDRAWAL && deposits < 3) {
    await depositThroughSandbox(page, DEPOSIT);
    deposits += 1;
    await playSlotUntilUnlocked(page);
    start = await walletBalance(page);
  }
  expect(start).toBeGreaterThanOrEqual(WITHDRAWAL);

  // First visit: the identity must be checked before the first withdrawal, and no form is shown.
  await navigate('/m/withdraw', { scan: false });
  const screen = page.locator('[data-page="withdraw"]');
  const needed = screen.getByRole('region', { name: en('kyc.withdraw.requiredTitle') });
  await expect(needed).toContainText(en('kyc.withdraw.requiredFirst'));
  await expect(screen.getByRole('form')).toHaveCount(0);
  await expectAccessible('withdraw: the identity to check first');
  await expect(needed.getByRole('link', { name: en('kyc.withdraw.verify') })).toHaveAttribute(
    'href',
    '/m/member/kyc',
  );
  await sendIdentityCard(page, navigate, expectAccessible);
  await operatorsCheckIdentity(browser, username);

  // Checked: the balance, and a payment password to set before anything else.
  await navigate('/m/withdraw', { lang: 'en' });
  const { available, held } = balances(screen);
  await expect(available).toHaveText(vnd(start));
  await expect(held).toHaveText(vnd(0));
  const setForm = screen.getByRole('form', { name: en('withdraw.paymentPassword.setTitle') });
  await setForm.getByLabel(en('withdraw.paymentPassword.new')).fill(PAYMENT_PASSWORD);
  await setForm.getByLabel(en('withdraw.paymentPassword.confirm')).fill('000000');
  await setForm.getByRole('button', { name: en('withdraw.paymentPassword.setSubmit') }).click();
  await expect(setForm.getByRole('alert')).toHaveText(en('withdraw.pinErrors.mismatch'));
  await setForm.getByLabel(en('withdraw.paymentPassword.confirm')).fill(PAYMENT_PASSWORD);
  await setForm.getByRole('button', { name: en('withdraw.paymentPassword.setSubmit') }).click();

  // No bank account yet: binding one comes first. The account name is the registered payee name.
  const bind = screen.getByRole('form', { name: en('withdraw.accounts.addTitle') });
  const name = bind.getByLabel(en('withdraw.accounts.name'));
  await expect(name).toHaveValue(PAYEE_NAME.toUpperCase());
  await expectAccessible('withdraw: binding a bank account');
  await bind.getByLabel(en('withdraw.accounts.bank')).selectOption({ label: 'Vietcombank' });
  await bind.getByLabel(en('withdraw.accounts.number')).fill(ACCOUNT_NUMBER);
  await name.fill('tran thi b');
  await bind.getByRole('button', { name: en('withdraw.accounts.addSubmit') }).click();
  await expect(bind.getByRole('alert')).toHaveText(ERROR_MESSAGES.en.BANK_ACCOUNT_NAME_MISMATCH);
  await expect(name).toHaveValue('TRAN THI B');
  await expect(bind.getByLabel(en('withdraw.accounts.number'))).toHaveValue(ACCOUNT_NUMBER);
  await name.fill(PAYEE_NAME);
  await bind.getByRole('button', { name: en('withdraw.accounts.addSubmit') }).click();
  await expect(screen.getByRole('radio', { name: /Vietcombank \*\*\*\*6789/ })).toBeChecked();

  // The amount is checked before sending; a wrong payment password is refused with its tries left.
  const form = screen.getByRole('form', { name: en('withdraw.formTitle') });
  const amount = form.getByLabel('Amount (VND)');
  const pin = form.getByLabel(en('withdraw.paymentPassword.label'));
  await amount.fill(String(start + 100_000));
  await pin.fill('111111');
  await form.getByRole('button', { name: en('withdraw.submit'), exact: true }).click();
  await expect(form.getByRole('alert')).toHaveText(
    en('withdraw.amountErrors.available').replace('{{available}}', vnd(start)),
  );
  await amount.fill(String(WITHDRAWAL));
  await form.getByRole('button', { name: en('withdraw.submit'), exact: true }).click();
  await expect(form.getByRole('alert')).toHaveText(
    `${ERROR_MESSAGES.en.WRONG_PAYMENT_PASSWORD}. ${en('withdraw.attemptsLeft').replace('{{count}}', '4')}`,
  );
  await expect(pin).toHaveValue('');
  await expectAccessible('withdraw: a wrong payment password');

  await pin.fill(PAYMENT_PASSWORD);
  await form.getByRole('button', { name: en('withdraw.submit'), exact: true }).click();
  const request = screen.getByTestId('withdrawal-request');
  await expect(request.getByTestId('withdrawal-status')).toHaveAttribute('data-status', 'pending');
  await expect(available).toHaveText(vnd(start - WITHDRAWAL));
  await expect(held).toHaveText(vnd(WITHDRAWAL));
  const list = screen.getByTestId('withdrawal-list');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText(en('withdraw.statusWords.pending'));
  await expectAccessible('withdraw: the request waiting for the operator');

  // The operator pays it; the open screen sees it on its next status check.
  const requestId = new URL(page.url()).searchParams.get('requestId') ?? '';
  expect(requestId).not.toBe('');
  await operatorApproves(playwright, requestId);
  await expect(request.getByTestId('withdrawal-status')).toHaveAttribute('data-status', 'paid', {
    timeout: 15_000,
  });
  await expect(request.getByTestId('withdrawal-status')).toHaveText(
    en('withdraw.statusText.paid').replace('{{amount}}', vnd(WITHDRAWAL)),
  );
  await expect(held).toHaveText(vnd(0));
  await expect(available).toHaveText(vnd(start - WITHDRAWAL));
  await expect(list.getByRole('listitem')).toContainText(en('withdraw.statusWords.paid'));
  await expectAccessible('withdraw: the request paid');

  // A reload shows the same.
  await page.reload();
  await expect(page.getByTestId('withdrawal-status')).toHaveAttribute('data-status', 'paid');
  await expect(page.getByTestId('withdraw-held')).toHaveText(vnd(0));

  // The security screen lists the account masked.
  await navigate('/m/member/security');
  const security = page.locator('[data-page="member"]');
  await expect(security.getByTestId('bank-account-list')).toHaveText(/Vietcombank \*\*\*\*6789/);
  await expect(security.getByTestId('bank-account-list')).not.toContainText(ACCOUNT_NUMBER);
  await expect(
    security.getByRole('form', { name: en('withdraw.paymentPassword.changeTitle') }),
  ).toBeVisible();

  // The transaction history shows the deposit and the withdrawal (by kind: the slot rounds come first).
  await navigate('/m/member/history');
  const lines = page.getByTestId('history-line');
  const kind = page.getByLabel(en('member.filters.kind'));
  await kind.selectOption({ label: en('member.kindFilters.deposit') });
  await expect(lines.filter({ hasText: en('member.kinds.deposit') })).toHaveCount(deposits);
  await kind.selectOption({ label: en('member.kindFilters.withdrawal') });
  await expect(lines.filter({ hasText: en('member.kinds.withdrawal_hold') })).toHaveCount(1);
  await expect(lines.filter({ hasText: en('member.kinds.withdrawal_paid') })).toHaveCount(1);
});

test('a trial member is refused withdrawals and gets no form', async ({
  page,
  navigate,
  expectAccessible,
}) => {
  await asTrialMember(page, navigate);

  await navigate('/m/withdraw', { scan: false });
  const screen = page.locator('[data-page="withdraw"]');
  await expect(screen.getByText(en('free_reject'))).toBeVisible();
  await expect(screen.getByRole('link', { name: en('actualAccount.registerNow') })).toBeVisible();
  await expect(screen.getByRole('textbox')).toHaveCount(0);
  await expect(screen.getByRole('button', { name: en('withdraw.submit'), exact: true })).toHaveCount(0);
  await expectAccessible('withdraw for a trial member');
});
