import type { Browser } from '@playwright/test';
import { adminCalls } from '@kl/contracts/admin/calls';
import { API } from '@kl/contracts/api-paths';
import { ADMIN_OWNER, KYC_REVIEWERS } from './constants.ts';
import { BASE_URL, checkAccessibility, expect, moveServerClock, t, test } from './fixtures.ts';
import { verifyIdentity } from './identity.ts';
import { memberCall, walletBalance } from './member-api.ts';
import { asNewMember } from './members.ts';
import {
  admin,
  Authenticator,
  type Desk,
  enrolment,
  expectSignedIn,
  menu,
  openArea,
  openDesk,
  signIn as signInAt,
  signOut,
} from './support/admin-desk.ts';

/**
 * The back office against the real server (docs/back-office.md), at a desktop size beside a member's phone:
 * the first owner (made by `npm run operator:create` before the server started, see playwright.config.ts)
 * enrols two-factor at the first sign-in and creates a content and a finance operator, who get no password
 * from it: each opens the invitation link the owner was shown once, chooses a password and enrols two-factor
 * there, which signs them in; the content operator
 * publishes an announcement that a member sees in /m/notice and in the marquee, and cannot open the
 * withdrawal queue (the menu hides it, the call answers 403). Four eyes on the money (docs/back-office.md,
 * "Four eyes"): a finance operator asks for a credit above the merchant's daily limit, which waits; a second
 * finance operator approves it; the member asks for a withdrawal; the first operator is told it may not
 * approve it (it asked for the member's credit) and who may, while the second one approves it — the member's
 * withdraw screen shows it paid; the audit log lists each action with its operator; a member disabled in the
 * back office loses their session.
 */

const en = (key: string) => t('en', key);
const RUN = Date.now().toString(36).slice(-5);
/** The passwords the operators choose themselves, through their invitation links. */
const CONTENT = { username: `content-${RUN}`, password: 'content-operator-pass' };
const FINANCE = { username: `finance-${RUN}`, password: 'finance-operator-pass' };
const CHECKER = { username: `checker-${RUN}`, password: 'checker-operator-pass' };
const PAYEE_NAME = 'Nguyen Van Binh';
const PAYMENT_PASSWORD = '135790';
/** Above the merchant's daily credit limit per member (10,000,000 đồng by default): it waits. */
const CREDIT = 12_000_000;
const WITHDRAWAL = 200_000;
const ANNOUNCEMENT = { vi: `Thông báo bảo trì ${RUN}`, en: `Maintenance notice ${RUN}` };

/** The first owner's and the operators' authenticator app; the server's clock moves on past a used code. */
const authenticator = new Authenticator(moveServerClock);
const openDeskHere = (browser: Browser) => openDesk(browser, BASE_URL);
const signIn = (desk: Desk, who: { username: string; password: string }, known?: string) =>
  signInAt(desk, authenticator, who, known);

/**
 * An operator opens the invitation link their owner gave them (the token in the fragment): chooses their
 * own password, enrols two-factor, and is signed in.
 */
async function acceptInvitation(desk: Desk, link: string, who: { username: string; password: string }) {
  const { page } = desk;
  const url = new URL(link);
  await page.goto(`${url.pathname}?lang=en${url.hash}`);
  await expect(page.getByRole('heading', { name: admin('invite.title'), level: 1 })).toBeVisible();
  await expect(page.getByText(new RegExp(who.username))).toBeVisible();
  await checkAccessibility(page, 'back office: invitation');
  await page.getByLabel(admin('invite.newPassword'), { exact: true }).fill(who.password);
  await page.getByLabel(admin('invite.confirmPassword')).fill(who.password);
  await page.getByRole('button', { name: admin('invite.next') }).click();
  await authenticator.enterCode(page, await enrolment(page, 'back office: enrolment through the invitation'));
  await expectSignedIn(desk, who.username);
  // The link is used up.
  const used = await page.request.post(`${BASE_URL}${adminCalls.adminInvitation.path}`, {
    data: { token: url.hash.slice(1) },
  });
  expect(((await used.json()) as { code: string }).code).toBe('INVITATION_INVALID');
}

/** Finds a member by username and opens their page. */
async function searchMember(desk: Desk, username: string) {
  const search = desk.page.getByRole('textbox', { name: admin('members.search') });
  await search.fill(username);
  await search.press('Enter');
  await desk.page
    .getByRole('table', { name: admin('members.tableLabel') })
    .getByRole('link', { name: username })
    .click();
  await expect(
    desk.page.getByRole('heading', { name: admin('members.detailOf', { username }) }),
  ).toBeVisible();
}

/**
 * The owner's "New operator" form: no password; the dialog after it shows the operator's invitation link,
 * this once, which the owner gives them. Answers the link.
 */
async function createOperator(desk: Desk, who: { username: string }, role: string): Promise<string> {
  const { page } = desk;
  await page.getByRole('button', { name: admin('operators.new') }).click();
  const dialog = page.getByRole('dialog', { name: admin('operators.new') });
  await dialog.getByLabel(admin('operators.username')).fill(who.username);
  await dialog
    .getByRole('radiogroup', { name: admin('operators.role') })
    .getByText(admin(`role.${role}`), { exact: true })
    .click();
  await dialog.getByRole('button', { name: admin('common.create') }).click();
  await expect(dialog).toBeHidden();
  const shown = page.getByRole('dialog', { name: admin('operators.linkTitle', { username: who.username }) });
  const link = await shown.getByLabel(admin('operators.link')).inputValue();
  expect(link).toMatch(new RegExp(`^${BASE_URL}/admin/invite#[A-Za-z0-9_-]{40,}$`));
  await checkAccessibility(page, 'back office: invitation link');
  await shown.getByRole('button', { name: admin('operators.done') }).click();
  await expect(shown).toBeHidden();
  const table = page.getByRole('table', { name: admin('operators.tableLabel') });
  const row = table.getByRole('row', { name: new RegExp(who.username) });
  await expect(row).toContainText(admin(`role.${role}`));
  await expect(row).toContainText(admin('operators.awaiting'));
  return link;
}

test.afterAll(async ({ playwright }) => {
  if (authenticator.aheadMs === 0) return;
  const request = await playwright.request.newContext();
  await moveServerClock(request, 0);
  await request.dispose();
});

test('operators run the site from the back office', async ({
  page,
  browser,
  playwright,
  navigate,
  consoleErrors,
}) => {
  test.setTimeout(240_000);
  consoleErrors.allow(/status of 401/, 'the disabled member’s session is refused on purpose');
  const desk = await openDeskHere(browser);

  // ── The first owner enrols two-factor, then creates a content and two finance operators ──
  const ownerSecret = await signIn(desk, ADMIN_OWNER);
  await checkAccessibility(desk.page, 'back office: dashboard');
  await openArea(desk, admin('menu.operators'));
  const contentLink = await createOperator(desk, CONTENT, 'content');
  const financeLink = await createOperator(desk, FINANCE, 'finance');
  const checkerLink = await createOperator(desk, CHECKER, 'finance');
  await checkAccessibility(desk.page, 'back office: operators');
  await signOut(desk);
  // The owner never set their passwords: none signs in before using their link.
  const early = await desk.page.request.post(`${BASE_URL}${adminCalls.adminLogin.path}`, {
    data: { username: CONTENT.username, password: CONTENT.password },
  });
  expect(((await early.json()) as { code: string }).code).toBe('WRONG_CREDENTIALS');

  // ── The content operator sets their sign-in through their link, publishes an announcement, and cannot
  // reach the withdrawal queue ──
  await acceptInvitation(desk, contentLink, CONTENT);
  await expect(menu(desk).getByRole('menuitem', { name: admin('menu.announcements') })).toBeVisible();
  await expect(menu(desk).getByRole('menuitem', { name: admin('menu.withdrawals') })).toHaveCount(0);
  const refused = await desk.page.request.get(`${BASE_URL}${adminCalls.adminWithdrawals.path}`);
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe('PERMISSION_DENIED');
  await desk.page.goto('/admin/withdrawals?lang=en');
  await expect(desk.page.getByText(admin('common.noPermission'))).toBeVisible();

  await openArea(desk, admin('menu.announcements'));
  await desk.page.getByRole('button', { name: admin('announcements.new') }).click();
  const form = desk.page.getByRole('dialog', { name: admin('announcements.new') });
  await form.getByLabel(admin('announcements.titleVi')).fill(ANNOUNCEMENT.vi);
  await form.getByLabel(admin('announcements.titleEn')).fill(ANNOUNCEMENT.en);
  await form.getByLabel(admin('announcements.contentVi')).fill(`${ANNOUNCEMENT.vi}: 02:00–04:00`);
  await form.getByLabel(admin('announcements.contentEn')).fill(`${ANNOUNCEMENT.en}: 02:00–04:00`);
  await form.getByLabel(admin('announcements.popular')).check();
  await checkAccessibility(desk.page, 'back office: new announcement');
  await form.getByRole('button', { name: admin('common.save') }).click();
  await expect(form).toBeHidden();
  await expect(desk.page.getByRole('table', { name: admin('announcements.tableLabel') })).toContainText(
    new RegExp(`${ANNOUNCEMENT.en}|${ANNOUNCEMENT.vi}`),
  );
  await signOut(desk);

  // ── A member sees it in /m/notice and in the home marquee ──
  await asNewMember(page, 'bo', { payeeName: PAYEE_NAME });
  await navigate('/m/notice');
  await expect(page.getByText(ANNOUNCEMENT.en).first()).toBeVisible();
  const marquee = await memberCall<{ list: { title: string }[] }>(page.request, 'popularAnnouncements', {
    query: { lang: 'en' },
  });
  expect(marquee.list.map((item) => item.title)).toContain(ANNOUNCEMENT.en);
  await navigate('/m/home');
  await expect(page.getByTestId('marquee')).toContainText(ANNOUNCEMENT.en);

  // ── A finance operator asks for a credit above the day's limit: it waits for a second operator ──
  const { account: username } = await memberCall<{ account: string }>(page.request, 'memberInfo');
  await acceptInvitation(desk, financeLink, FINANCE);
  await expect(menu(desk).getByRole('menuitem', { name: admin('menu.operators') })).toHaveCount(0);
  await openArea(desk, admin('menu.members'));
  await searchMember(desk, username);
  await desk.page.getByRole('button', { name: admin('members.adjustBalance') }).click();
  const adjust = desk.page.getByRole('dialog', {
    name: admin('adjustments.adjustTitle', { username: username }),
  });
  await expect(adjust.getByText(admin('adjustments.room.beyond'))).toBeVisible();
  await adjust.getByLabel(admin('adjustments.amountIn', { currency: 'VND' })).fill(String(CREDIT));
  await adjust.getByLabel(admin('common.reason')).fill('Tournament prize paid by hand');
  await checkAccessibility(desk.page, 'back office: balance adjustment');
  await adjust.getByRole('button', { name: admin('adjustments.submit') }).click();
  await expect(adjust).toBeHidden();
  await expect(desk.page.getByText(admin('adjustments.pendingNotice'))).toBeVisible();
  expect(await walletBalance(page)).toBe(0);

  // ── A second finance operator, at a desk of their own, approves it ──
  const checkerDesk = await openDeskHere(browser);
  await acceptInvitation(checkerDesk, checkerLink, CHECKER);
  await openArea(checkerDesk, admin('menu.adjustments'));
  const adjustments = checkerDesk.page.getByRole('table', { name: admin('adjustments.tableLabel') });
  const waiting = adjustments.getByRole('row', { name: new RegExp(username) });
  await expect(waiting).toContainText(FINANCE.username);
  await checkAccessibility(checkerDesk.page, 'back office: adjustments waiting');
  await waiting.getByRole('button', { name: admin('common.approve') }).click();
  await checkerDesk.page.getByRole('button', { name: admin('common.confirm') }).click();
  await expect(checkerDesk.page.getByText(admin('adjustments.decided.applied'))).toBeVisible();
  await expect.poll(() => walletBalance(page)).toBe(CREDIT);

  // ── The member, whose identity two risk operators checked, asks for a withdrawal ──
  await verifyIdentity(playwright, page, PAYEE_NAME, KYC_REVIEWERS.backOffice);
  await memberCall(page.request, 'setPaymentPassword', {
    data: { password: PAYMENT_PASSWORD, confirmPassword: PAYMENT_PASSWORD },
  });
  const account = await memberCall<{ accountId: string }>(page.request, 'addBankAccount', {
    data: {
      bankCode: 'VCB',
      accountNumber: `02${Date.now().toString().slice(-6)}42`,
      accountName: PAYEE_NAME,
    },
  });
  const asked = await memberCall<{ withdrawal: { requestId: string } }>(page.request, 'createWithdrawal', {
    data: {
      requestKey: `bo-${RUN}-withdrawal`,
      bankAccountId: account.accountId,
      amount: WITHDRAWAL,
      paymentPassword: PAYMENT_PASSWORD,
    },
  });

  // ── The operator who asked for the credit may not pay it out, and is told who may ──
  await openArea(desk, admin('menu.withdrawals'));
  const queue = desk.page.getByRole('table', { name: admin('withdrawals.tableLabel') });
  const row = queue.getByRole('row', { name: new RegExp(username) });
  await expect(row).toBeVisible();
  const notice = row.getByTestId('may-not-approve');
  await expect(notice).toContainText(admin('withdrawals.reasons.credited'));
  await expect(notice).toContainText(CHECKER.username);
  await expect(row.getByRole('button', { name: admin('common.approve') })).toBeDisabled();
  await expect(row.getByText(admin('withdrawals.flags.manual_credit'), { exact: true })).toBeVisible();
  await checkAccessibility(desk.page, 'back office: withdrawal queue, kept from a payout');
  const refusedPayout = await desk.page.request.post(
    `${BASE_URL}${adminCalls.adminApproveWithdrawal.path.replace(':withdrawalId', asked.withdrawal.requestId)}`,
  );
  expect(refusedPayout.status()).toBe(403);
  expect(((await refusedPayout.json()) as { code: string }).code).toBe('SEGREGATION_OF_DUTIES');

  // ── The second operator may, and pays it ──
  await openArea(checkerDesk, admin('menu.withdrawals'));
  const checkerQueue = checkerDesk.page.getByRole('table', { name: admin('withdrawals.tableLabel') });
  const payable = checkerQueue.getByRole('row', { name: new RegExp(username) });
  await expect(payable.getByTestId('may-not-approve')).toHaveCount(0);
  await checkAccessibility(checkerDesk.page, 'back office: withdrawal queue');
  await payable.getByRole('button', { name: admin('common.approve') }).click();
  await checkerDesk.page.getByRole('button', { name: admin('common.confirm') }).click();
  await expect(checkerDesk.page.getByText(admin('withdrawals.approved'))).toBeVisible();
  await expect(checkerQueue.getByRole('row', { name: new RegExp(username) })).toHaveCount(0);

  await navigate(`/m/withdraw?requestId=${asked.withdrawal.requestId}`);
  await expect(page.getByTestId('withdrawal-status')).toHaveAttribute('data-status', 'paid');
  await expect(page.getByTestId('withdrawal-list').getByRole('listitem').first()).toContainText(
    en('withdraw.statusWords.paid'),
  );
  await signOut(desk);
  expect(checkerDesk.errors).toEqual([]);
  await checkerDesk.context.close();

  // ── The owner reads the audit log, and disables the member: their session ends ──
  await signIn(desk, ADMIN_OWNER, ownerSecret);
  await openArea(desk, admin('menu.audit'));
  const audit = desk.page.getByRole('table', { name: admin('audit.tableLabel') });
  // Filtered by operator and action: the other journeys' operators write to the same log meanwhile.
  const filters = desk.page.getByRole('form', { name: admin('common.filters') });
  for (const [operator, action] of [
    [ADMIN_OWNER.username, 'operator.create'],
    [CONTENT.username, 'announcement.create'],
    [FINANCE.username, 'adjustment.create'],
    [CHECKER.username, 'adjustment.approve'],
    [CHECKER.username, 'withdrawal.approve'],
  ] as const) {
    await filters.getByLabel(admin('audit.operator')).fill(operator);
    await filters.getByLabel(admin('audit.action')).fill(action);
    await filters.getByRole('button', { name: admin('common.search') }).click();
    await expect(
      audit.getByRole('row').filter({ hasText: operator }).filter({ hasText: action }).first(),
    ).toBeVisible();
  }
  await checkAccessibility(desk.page, 'back office: audit log');

  await openArea(desk, admin('menu.members'));
  await searchMember(desk, username);
  await desk.page.getByRole('button', { name: admin('members.disable') }).click();
  const disable = desk.page.getByRole('dialog', { name: admin('members.disableTitle') });
  await disable.getByLabel(admin('common.reason')).fill('Account shared with another person');
  await disable.getByRole('button', { name: admin('common.disable') }).click();
  await expect(disable).toBeHidden();
  const wallet = await page.request.get(`${BASE_URL}${API.wallet.path}`);
  expect(wallet.status()).toBe(401);

  expect(desk.errors).toEqual([]);
  await desk.context.close();
});
