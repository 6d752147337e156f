import { accountsCalls } from '@kl/contracts/accounts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { wageringCalls } from '@kl/contracts/wagering';
import { withdrawalCalls, type Withdrawal } from '@kl/contracts/withdrawal';
import { callsTo, failure, networkFailure, on } from '../../test/fake-api.ts';
import { vnd } from '../../test/money.ts';
import { WITHDRAWAL_POLL_MS } from './lib/timing.ts';
import { KYC_APPROVED, VCB, withdrawalOf, type WithdrawalServer } from './testing/fake-withdrawal.ts';
import { openWithdraw } from './testing/open-withdraw.ts';
import { tapInDialog } from '../../test/dialogs.ts';

// The polling tests run on fake timers and move the clock a poll interval at a time.
afterEach(() => {
  vi.useRealTimers();
});

const withAccount = { accounts: [VCB] };
const sent = () => callsTo(withdrawalCalls.createWithdrawal).map(({ body }) => body);
/** The server takes the request: `amount` moves from available to held, the request is pending. */
function takeRequest(server: WithdrawalServer, amount: number): Withdrawal {
  const { available, held } = server.info;
  server.info = { ...server.info, available: available - amount, withdrawable: available - amount };
  server.info.held = held + amount;
  server.requests = [withdrawalOf({ amount }), ...server.requests];
  return server.requests[0]!;
}
const amountInput = () => screen.getByLabelText('Amount (VND)');
const pinInput = () => screen.getByLabelText('Payment password (6 digits)');
const submit = () => screen.getByRole('button', { name: 'Withdraw' });
const available = () => screen.getByTestId('withdraw-available');
const held = () => screen.getByTestId('withdraw-held');
/** The texts of a form's validation messages, in the order they are shown. */
const alertTexts = (form: HTMLElement) =>
  within(form)
    .getAllByRole('alert')
    .map((alert) => alert.textContent);

describe('withdraw (product.md §2 /m/withdraw)', () => {
  it('refuses a trial member with free_reject and shows no form', async () => {
    const { page } = await openWithdraw({ type: 4 });
    expect(
      await within(page).findByText('This feature is not available to trial accounts'),
    ).toBeInTheDocument();
    expect(within(page).getByRole('link', { name: 'Register now' })).toHaveAttribute('href', '/m/register');
    expect(within(page).queryByRole('button', { name: 'Withdraw' })).toBeNull();
    expect(sent()).toEqual([]);
  });

  it('shows the same refusal when the server says the account is not a real one', async () => {
    const refused = failure('FEATURE_NOT_ENABLED', 403, { reason: 'actual_account_required' });
    on(withdrawalCalls.withdrawalInfo, refused);
    on(withdrawalCalls.withdrawals, refused);
    const { page } = await openWithdraw({ type: 40 });
    expect(
      await within(page).findByText('This feature is not available to trial accounts'),
    ).toBeInTheDocument();
    expect(within(page).queryByRole('textbox')).toBeNull();
  });

  it('asks for a payment password first, checks it, then shows the withdrawal form', async () => {
    const { user, server } = await openWithdraw({
      paymentPassword: { set: false, lockedUntil: null, attemptsLeft: 5 },
      ...withAccount,
    });
    on(withdrawalCalls.setPaymentPassword, () => {
      server.info = { ...server.info, paymentPassword: { set: true, lockedUntil: null, attemptsLeft: 5 } };
      return server.info.paymentPassword;
    });
    const form = await screen.findByRole('form', { name: 'Set a payment password' });
    expect(available()).toHaveTextContent(vnd(1_000_000));
    expect(held()).toHaveTextContent(vnd(0));
    expect(screen.queryByLabelText('Amount (VND)')).toBeNull();
    const pin = within(form).getByLabelText('New payment password (6 digits)');
    const confirmation = within(form).getByLabelText('Enter the payment password again');
    expect(pin).toHaveAttribute('type', 'password');
    expect(pin).toHaveAttribute('inputmode', 'numeric');

    const save = within(form).getByRole('button', { name: 'Save payment password' });
    await user.click(save);
    await waitFor(() =>
      expect(alertTexts(form)).toEqual([
        'Enter the 6-digit payment password',
        'Enter the 6-digit payment password',
      ]),
    );
    expect(pin).toHaveFocus();
    await user.type(pin, '12a34');
    expect(pin).toHaveValue('1234');
    await waitFor(() =>
      expect(within(form).getAllByRole('alert')[0]).toHaveTextContent(
        'The payment password is exactly 6 digits',
      ),
    );
    await user.type(pin, '56');
    await user.type(confirmation, '123457');
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent('The two payment passwords do not match'),
    );
    expect(confirmation).toHaveAttribute('aria-invalid', 'true');
    await user.click(save);
    expect(callsTo(withdrawalCalls.setPaymentPassword)).toEqual([]);

    await user.clear(confirmation);
    await user.type(confirmation, '123456');
    await user.click(save);
    expect(await screen.findByLabelText('Amount (VND)')).toBeInTheDocument();
    expect(callsTo(withdrawalCalls.setPaymentPassword).map(({ body }) => body)).toEqual([
      { password: '123456', confirmPassword: '123456' },
    ]);
  });

  it('shows the money locked by turnover, refuses to send more than the withdrawable part, and forfeits a bonus', async () => {
    const requirement = {
      id: 7,
      source: 'bonus' as const,
      status: 'active' as const,
      promotionId: 1,
      promotionTitle: '100% first deposit bonus',
      required: 3_000_000,
      progress: 1_200_000,
      locked: 150_000,
      lockedBonus: 100_000,
      createdAt: '2030-03-01T08:00:00.000Z',
      closedAt: null,
    };
    const { user, server } = await openWithdraw({
      ...withAccount,
      ...{ available: 400_000, withdrawable: 250_000, locked: 150_000 },
      requirements: [requirement],
    });
    await screen.findByLabelText('Amount (VND)');
    expect(screen.getByTestId('withdraw-withdrawable')).toHaveTextContent(vnd(250_000));
    const panel = await screen.findByRole('region', { name: 'Turnover' });
    expect(await within(panel).findByTestId('turnover-locked')).toHaveTextContent(vnd(150_000));
    expect(within(panel).getByText('Bonus: 100% first deposit bonus')).toBeInTheDocument();
    expect(within(panel).getByText(`${vnd(1_200_000)} of ${vnd(3_000_000)} played`)).toBeInTheDocument();
    expect(
      within(panel).getByRole('progressbar', { name: 'Turnover of Bonus: 100% first deposit bonus' }),
    ).toHaveAttribute('value', '1200000');
    expect(within(panel).getByText(`${vnd(1_800_000)} still to play`)).toBeInTheDocument();

    // More than the withdrawable part: said before anything is sent.
    await user.type(amountInput(), '300000');
    await user.type(pinInput(), '246810');
    await user.click(submit());
    // The form's check runs after the click's own render: the message comes in one of its own.
    await waitFor(() =>
      expect(screen.getAllByRole('alert')[0]).toHaveTextContent(
        `Only ${vnd(250_000)} can be withdrawn now: ${vnd(150_000)} is locked until its turnover is played`,
      ),
    );
    expect(sent()).toEqual([]);

    // The server's refusal (the locks moved meanwhile) says what can be withdrawn and what is left to play.
    on(
      withdrawalCalls.createWithdrawal,
      failure('TURNOVER_NOT_MET', 409, {
        withdrawable: 50_000,
        locked: 350_000,
        remainingTurnover: 1_800_000,
      }),
    );
    await user.clear(amountInput());
    await user.type(amountInput(), '200000');
    await user.click(submit());
    expect(
      await screen.findByText(
        `This amount is locked until the turnover requirement is met. You can withdraw ${vnd(50_000)} now; play ${vnd(1_800_000)} more to unlock the next part.`,
      ),
    ).toBeInTheDocument();

    // Forfeiting the bonus: asked first, then sent once.
    await user.click(
      within(panel).getByRole('button', { name: 'Forfeit the bonus 100% first deposit bonus' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Forfeit this bonus?' });
    expect(dialog).toHaveTextContent(`${vnd(100_000)} (the bonus and what it won) leaves your wallet`);
    const forfeited = { ...requirement, status: 'forfeited' as const, locked: 0, lockedBonus: 0 };
    on(wageringCalls.forfeitBonus, () => {
      server.info = { ...server.info, available: 300_000, withdrawable: 300_000, locked: 0 };
      server.requirements = [forfeited];
      return { requirement: forfeited, forfeited: 100_000 };
    });
    await tapInDialog(dialog, 'Forfeit');
    await waitFor(() =>
      expect(callsTo(wageringCalls.forfeitBonus).map(({ body }) => body)).toEqual([{ requirementId: 7 }]),
    );
    // Forfeited: nothing is locked any more, everything available can be withdrawn.
    await waitFor(() => expect(screen.queryByTestId('withdraw-withdrawable')).toBeNull());
    expect(available()).toHaveTextContent(vnd(300_000));
  });

  it("names a game provider's free rounds and bonus by their game, each with its turnover", async () => {
    const ofProvider = (id: number, source: 'free_rounds' | 'provider_bonus', required: number) => ({
      id,
      source,
      status: 'active' as const,
      promotionId: null,
      promotionTitle: 'Golden Dragon',
      required,
      progress: 0,
      locked: 20_000,
      lockedBonus: 20_000,
      createdAt: '2030-03-01T08:00:00.000Z',
      closedAt: null,
    });
    await openWithdraw({
      ...withAccount,
      ...{ available: 40_000, withdrawable: 0, locked: 40_000 },
      requirements: [ofProvider(8, 'free_rounds', 100_000), ofProvider(9, 'provider_bonus', 20_000)],
    });
    const panel = await screen.findByRole('region', { name: 'Turnover' });
    expect(
      await within(panel).findByRole('progressbar', { name: 'Turnover of Free rounds: Golden Dragon' }),
    ).toBeInTheDocument();
    expect(within(panel).getByText(`${vnd(100_000)} still to play`)).toBeInTheDocument();
    expect(within(panel).getByText('Provider bonus: Golden Dragon')).toBeInTheDocument();
    // Promotional money like a bonus: it may be given up.
    expect(within(panel).getAllByRole('button', { name: /^Forfeit the bonus/ })).toHaveLength(2);
  });

  it('checks the amount against the limits, the balance and the day’s count before sending', async () => {
    const { user } = await openWithdraw({
      ...withAccount,
      ...{ available: 300_000, withdrawable: 300_000, todayCount: 2 },
    });
    await screen.findByLabelText('Amount (VND)');
    expect(screen.getByText(`Minimum ${vnd(100_000)}, maximum ${vnd(50_000_000)}`)).toBeInTheDocument();
    expect(screen.getByText('Withdrawals left today: 3 of 5')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Vietcombank \*\*\*\*3344/ })).toBeChecked();

    await user.click(submit());
    await waitFor(() =>
      expect(screen.getAllByRole('alert')[0]).toHaveTextContent('Enter the amount to withdraw'),
    );
    expect(amountInput()).toHaveFocus();
    expect(amountInput()).toHaveAttribute('aria-invalid', 'true');

    const expectAmountError = (text: string) =>
      waitFor(() => expect(screen.getAllByRole('alert')[0]).toHaveTextContent(text));
    await user.type(amountInput(), '99999');
    await expectAmountError(`The minimum withdrawal is ${vnd(100_000)}`);
    expect(amountInput()).toHaveAccessibleDescription(
      `The minimum withdrawal is ${vnd(100_000)} Minimum ${vnd(100_000)}, maximum ${vnd(50_000_000)} Withdrawals left today: 3 of 5`,
    );
    await user.clear(amountInput());
    await user.type(amountInput(), '50000001');
    await expectAmountError(`The maximum withdrawal is ${vnd(50_000_000)}`);
    await user.clear(amountInput());
    await user.type(amountInput(), '1,5x');
    await expectAmountError('Enter a whole amount, digits only');
    await user.clear(amountInput());
    await user.type(amountInput(), '300.001');
    await expectAmountError(`The amount is more than your available balance (${vnd(300_000)})`);

    // "Everything available" fills the balance (within the maximum) and the amount is then right.
    await user.click(screen.getByRole('button', { name: 'Withdraw everything withdrawable' }));
    expect(amountInput()).toHaveValue('300000');
    expect(amountInput()).toHaveAttribute('aria-invalid', 'false');
    // The payment password is checked too.
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the 6-digit payment password');
    await user.type(pinInput(), '123');
    await user.click(submit());
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('The payment password is exactly 6 digits'),
    );
    expect(pinInput()).toHaveFocus();
    expect(sent()).toEqual([]);
  });

  it('refuses a request when the day’s withdrawals are used up', async () => {
    const { user } = await openWithdraw({ ...withAccount, todayCount: 5 });
    await screen.findByLabelText('Amount (VND)');
    expect(screen.getByText('Withdrawals left today: 0 of 5')).toBeInTheDocument();
    await user.type(amountInput(), '200000');
    await user.type(pinInput(), '246810');
    await user.click(submit());
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('You have used all 5 withdrawals of today'),
    );
    expect(sent()).toEqual([]);
  });

  it('sends the same request key again after a lost answer, and the server makes one request', async () => {
    const { user, server } = await openWithdraw(withAccount);
    // The server makes the request the first time, but its answer is lost; the same key replays it.
    on(withdrawalCalls.createWithdrawal, ({ body }) =>
      sent().length === 1
        ? (takeRequest(server, body.amount), networkFailure())
        : { withdrawal: server.requests[0]!, replayed: true },
    );
    await user.type(await screen.findByLabelText('Amount (VND)'), '200.000');
    await user.type(pinInput(), '246810');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(/network/i);

    await user.click(submit());
    const request = await screen.findByTestId('withdrawal-request');
    const keys = sent().map((call) => call.requestKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(sent()[0]).toMatchObject({
      bankAccountId: VCB.accountId,
      amount: 200_000,
      paymentPassword: '246810',
    });
    expect(within(request).getByTestId('withdrawal-status')).toHaveTextContent(
      `Waiting for approval: ${vnd(200_000)} is held until it is paid`,
    );
    expect(window.location.search).toContain('requestId=');
    await waitFor(() => expect(available()).toHaveTextContent(vnd(800_000)));
    expect(held()).toHaveTextContent(vnd(200_000));
  });

  it('sends once on a double tap', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user, server } = await openWithdraw(withAccount);
    on(withdrawalCalls.createWithdrawal, async ({ body }) => {
      await gate;
      return { withdrawal: takeRequest(server, body.amount), replayed: false };
    });
    await user.type(await screen.findByLabelText('Amount (VND)'), '150000');
    await user.type(pinInput(), '246810');
    await user.dblClick(submit());
    expect(screen.getByRole('button', { name: 'Sending the request…' })).toBeDisabled();
    release();
    await screen.findByTestId('withdrawal-request');
    expect(sent()).toHaveLength(1);
  });

  it('asks for the authenticator code when two-step verification is on, and sends it with the request', async () => {
    on(accountsCalls.twoFactorStatus, {
      enabled: true,
      enabledAt: '2030-03-01T08:00:00.000Z',
      recoveryCodesLeft: 10,
    });
    const { user, server } = await openWithdraw(withAccount);
    on(withdrawalCalls.createWithdrawal, ({ body }) =>
      body.twoFactorCode === '135790'
        ? { withdrawal: takeRequest(server, body.amount), replayed: false }
        : failure('WRONG_TWO_FACTOR_CODE', 400, { field: 'twoFactorCode' }),
    );
    await user.type(await screen.findByLabelText('Amount (VND)'), '150000');
    await user.type(pinInput(), '246810');
    const code = await screen.findByLabelText('Authenticator code');
    // Not sent without its 6 digits.
    await user.click(submit());
    expect(await screen.findByText('The code is wrong or has been used already')).toBeInTheDocument();
    expect(sent()).toHaveLength(0);

    await user.type(code, '111111');
    await user.click(submit());
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(code).toHaveValue('');
    await user.type(code, '135790');
    await user.click(submit());
    await screen.findByTestId('withdrawal-request');
    expect(sent()[1]).toMatchObject({ amount: 150000, paymentPassword: '246810', twoFactorCode: '135790' });
  });

  it('shows a wrong payment password with the tries left, then the lock with its end', async () => {
    const { user } = await openWithdraw({
      ...withAccount,
      paymentPassword: { set: true, lockedUntil: null, attemptsLeft: 2 },
    });
    const lockedUntil = new Date(Date.now() + 15 * 60_000).toISOString();
    on(withdrawalCalls.createWithdrawal, () =>
      sent().length === 1
        ? failure('WRONG_PAYMENT_PASSWORD', 400, { attemptsLeft: 1 })
        : failure('PAYMENT_PASSWORD_LOCKED', 429, { lockedUntil }),
    );
    await user.type(await screen.findByLabelText('Amount (VND)'), '200000');
    await user.type(pinInput(), '111111');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Wrong payment password. Tries left before the lock: 1',
    );
    expect(pinInput()).toHaveValue('');
    expect(pinInput()).toHaveFocus();
    expect(pinInput()).toHaveAttribute('aria-invalid', 'true');

    await user.type(pinInput(), '222222');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Too many wrong payment passwords, please try again later\. Try again after \d\d:\d\d \d\d\/\d\d\/\d{4}( \(GMT\+7\))?$/,
    );
    expect(sent().map((call) => call.paymentPassword)).toEqual(['111111', '222222']);
    expect(amountInput()).toHaveValue('200000');
  });

  it('tells a member whose payment password is locked when it opens again', async () => {
    const lockedUntil = new Date(Date.now() + 10 * 60_000).toISOString();
    await openWithdraw({ ...withAccount, paymentPassword: { set: true, lockedUntil, attemptsLeft: 0 } });
    expect(await screen.findByTestId('payment-password-locked')).toHaveTextContent(
      'Too many wrong payment passwords, please try again later. Try again after',
    );
  });

  it('binds a bank account inline: a name mismatch shows the server’s error and keeps the input', async () => {
    const { user, server } = await openWithdraw({ payeeName: 'NGUYEN VAN AN' });
    const added = () => callsTo(withdrawalCalls.addBankAccount).map(({ body }) => body);
    on(withdrawalCalls.addBankAccount, ({ body }) => {
      if (added().length === 1) return failure('BANK_ACCOUNT_NAME_MISMATCH', 400);
      const account = { ...VCB, bankCode: body.bankCode, bankName: 'Techcombank' };
      server.info = { ...server.info, accounts: [{ ...account, accountNumber: body.accountNumber }] };
      return server.info.accounts[0]!;
    });
    const form = await screen.findByRole('form', { name: 'Add a bank account' });
    // No account yet: binding one is the only choice, and the withdrawal form waits.
    expect(screen.queryByLabelText('Amount (VND)')).toBeNull();
    const name = within(form).getByLabelText('Account holder name');
    expect(name).toHaveValue('NGUYEN VAN AN');

    await user.click(within(form).getByRole('button', { name: 'Add this account' }));
    await waitFor(() => expect(alertTexts(form)).toEqual(['Choose the bank', 'Enter the account number']));
    expect(within(form).getByLabelText('Bank')).toHaveFocus();
    await user.selectOptions(within(form).getByLabelText('Bank'), 'Techcombank');
    await user.type(within(form).getByLabelText('Account number'), '12345');
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent('The account number is 6 to 20 digits'),
    );
    await user.type(within(form).getByLabelText('Account number'), '6789');

    await user.clear(name);
    await user.type(name, 'tran thi b');
    expect(name).toHaveValue('TRAN THI B');
    await user.click(within(form).getByRole('button', { name: 'Add this account' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The account name must match your registered name',
    );
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveValue('TRAN THI B');
    expect(within(form).getByLabelText('Account number')).toHaveValue('123456789');
    expect(within(form).getByLabelText('Bank')).toHaveValue('TCB');
    expect(added()).toEqual([{ bankCode: 'TCB', accountNumber: '123456789', accountName: 'TRAN THI B' }]);

    await user.clear(name);
    await user.type(name, 'nguyễn văn an');
    await user.click(within(form).getByRole('button', { name: 'Add this account' }));
    expect(await screen.findByRole('radio', { name: /Techcombank \*\*\*\*6789/ })).toBeChecked();
    expect(screen.getByLabelText('Amount (VND)')).toBeInTheDocument();
    expect(added()).toHaveLength(2);
    // Sent as the banks write it.
    expect(added()[1]).toEqual({ bankCode: 'TCB', accountNumber: '123456789', accountName: 'NGUYEN VAN AN' });
  });

  it('follows a pending request until it is paid, then shows the new balances and the list', async () => {
    const { user, server } = await openWithdraw(withAccount);
    on(withdrawalCalls.createWithdrawal, ({ body }) => ({
      withdrawal: takeRequest(server, body.amount),
      replayed: false,
    }));
    // The operator pays it by the third time it is asked for.
    const polls = () => callsTo(withdrawalCalls.withdrawal).length;
    on(withdrawalCalls.withdrawal, () => {
      if (polls() === 3) {
        server.requests = [{ ...server.requests[0]!, status: 'paid', decidedAt: new Date().toISOString() }];
        server.info = { ...server.info, held: 0 };
      }
      return server.requests[0]!;
    });
    await user.type(await screen.findByLabelText('Amount (VND)'), '200000');
    await user.type(pinInput(), '246810');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(submit());
    const request = await screen.findByTestId('withdrawal-request');
    const status = () => within(request).queryByTestId('withdrawal-status')?.getAttribute('data-status');
    await waitFor(() => expect(status()).toBe('pending'));
    for (let poll = 0; poll < 5 && status() === 'pending'; poll += 1) {
      await vi.advanceTimersByTimeAsync(WITHDRAWAL_POLL_MS);
    }
    await waitFor(() =>
      expect(within(request).getByTestId('withdrawal-status')).toHaveAttribute('data-status', 'paid'),
    );
    expect(within(request).getByTestId('withdrawal-status')).toHaveTextContent(
      `Paid: ${vnd(200_000)} has been sent to your bank account`,
    );
    await waitFor(() => expect(held()).toHaveTextContent(vnd(0)));
    expect(available()).toHaveTextContent(vnd(800_000));
    const list = await screen.findByTestId('withdrawal-list');
    await waitFor(() => expect(within(list).getByText('Paid')).toBeInTheDocument());
    const pollsWhenPaid = polls();
    await vi.advanceTimersByTimeAsync(3 * WITHDRAWAL_POLL_MS);
    expect(polls()).toBe(pollsWhenPaid);

    await user.click(within(request).getByRole('button', { name: 'New withdrawal' }));
    expect(await screen.findByLabelText('Amount (VND)')).toHaveValue('');
  });

  it('lists recent requests with their status words, a page at a time', async () => {
    const requests = Array.from({ length: 12 }, (_, index) => ({
      requestId: `00000000-0000-4000-8300-${String(index + 1).padStart(12, '0')}`,
      amount: 100_000 + index * 1000,
      currency: 'VND',
      status: (['pending', 'paid', 'rejected'] as const)[index % 3]!,
      bankCode: 'VCB',
      bankName: 'Vietcombank',
      accountNumberMasked: '****3344',
      accountName: 'NGUYEN VAN AN',
      createdAt: new Date(Date.now() - index * 60_000).toISOString(),
      decidedAt: null,
      rejectReason: index === 2 ? 'Wrong account' : null,
    }));
    const { user } = await openWithdraw({ ...withAccount, requests });
    const list = await screen.findByTestId('withdrawal-list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(within(list).getAllByText('Pending')).toHaveLength(4);
    expect(within(list).getAllByText('Paid')).toHaveLength(3);
    expect(within(list).getAllByText('Rejected')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(12));
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();

    const rejected = within(list).getAllByRole('listitem')[2]!;
    await user.click(within(rejected).getByRole('button', { name: /^Details of the withdrawal of/ }));
    expect(await screen.findByTestId('withdrawal-status')).toHaveTextContent(
      `Rejected (Wrong account): ${vnd(102_000)} is back in your available balance`,
    );
  });
});

describe('identity and two-step verification before withdrawing (docs/decisions/057-know-your-customer.md)', () => {
  const notVerified = { ...KYC_APPROVED, state: 'none' as const };
  const kycRequired = () => screen.getByTestId('withdraw-kyc-required');

  it('asks a member not yet verified to verify their identity before the first withdrawal, with no form', async () => {
    const { page } = await openWithdraw({
      ...withAccount,
      kyc: notVerified,
      paymentPassword: { set: false, lockedUntil: null, attemptsLeft: 5 },
    });
    const notice = await within(page).findByRole('region', { name: 'Identity verification needed' });
    expect(notice).toBe(kycRequired());
    expect(notice).toHaveTextContent(
      'Before your first withdrawal we need to verify your identity: send a photo of an identity document and a selfie holding it.',
    );
    expect(within(notice).getByRole('link', { name: 'Verify your identity' })).toHaveAttribute(
      'href',
      '/m/member/kyc',
    );
    expect(available()).toHaveTextContent(vnd(1_000_000));
    expect(screen.queryByLabelText('Amount (VND)')).toBeNull();
    expect(screen.queryByRole('form', { name: 'Set a payment password' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });

  it('says the documents are under review', async () => {
    await openWithdraw({ ...withAccount, kyc: { ...notVerified, state: 'submitted' } });
    expect(await screen.findByTestId('withdraw-kyc-required')).toHaveTextContent(
      'Your documents are being reviewed. You can make your first withdrawal once they are approved.',
    );
    expect(within(kycRequired()).getByRole('link', { name: 'See the verification status' })).toHaveAttribute(
      'href',
      '/m/member/kyc',
    );
  });

  it('tells a rejected member in Vietnamese to send the documents again', async () => {
    await openWithdraw({ ...withAccount, kyc: { ...notVerified, state: 'rejected' }, path: '/m/withdraw' });
    const notice = await screen.findByRole('region', { name: 'Cần xác minh danh tính' });
    expect(notice).toHaveTextContent(
      'Giấy tờ của bạn không được chấp nhận. Hãy gửi lại để rút tiền lần đầu.',
    );
    expect(within(notice).getByRole('link', { name: 'Xác minh danh tính' })).toHaveAttribute(
      'href',
      '/m/member/kyc',
    );
  });

  it('lets a member who withdrew before ask for amounts up to the identity limit, and says why no more', async () => {
    const { user } = await openWithdraw({
      ...withAccount,
      ...{ available: 10_000_000, withdrawable: 10_000_000 },
      kyc: { ...notVerified, firstWithdrawal: false, requiredAbove: 5_000_000 },
    });
    const note = await screen.findByTestId('withdraw-kyc-above');
    expect(note).toHaveTextContent(`Withdrawals above ${vnd(5_000_000)} need identity verification.`);
    expect(within(note).getByRole('link', { name: 'Verify your identity' })).toHaveAttribute(
      'href',
      '/m/member/kyc',
    );
    expect(screen.queryByTestId('withdraw-kyc-required')).toBeNull();
    await user.type(amountInput(), '5000001');
    await user.type(pinInput(), '246810');
    await user.click(submit());
    await waitFor(() =>
      expect(screen.getAllByRole('alert')[0]).toHaveTextContent(
        `Amounts above ${vnd(5_000_000)} need identity verification`,
      ),
    );
    expect(sent()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Withdraw everything withdrawable' }));
    expect(amountInput()).toHaveValue('5000000');
  });

  it('says which amounts need two-step verification while it is off, and refuses them', async () => {
    const { user } = await openWithdraw({ ...withAccount, twoFactorAbove: 500_000 });
    const note = await screen.findByTestId('withdraw-two-factor-above');
    expect(note).toHaveTextContent(`Withdrawals above ${vnd(500_000)} need two-step verification.`);
    expect(within(note).getByRole('link', { name: 'Turn on two-step verification' })).toHaveAttribute(
      'href',
      '/m/member/security',
    );
    await user.type(amountInput(), '600000');
    await user.type(pinInput(), '246810');
    await user.click(submit());
    await waitFor(() =>
      expect(screen.getAllByRole('alert')[0]).toHaveTextContent(
        `Amounts above ${vnd(500_000)} need two-step verification`,
      ),
    );
    expect(sent()).toEqual([]);
  });

  it('says nothing of two-step verification to a member who has it on', async () => {
    on(accountsCalls.twoFactorStatus, {
      enabled: true,
      enabledAt: '2030-03-01T08:00:00.000Z',
      recoveryCodesLeft: 10,
    });
    await openWithdraw({ ...withAccount, twoFactorAbove: 500_000 });
    expect(await screen.findByLabelText('Authenticator code')).toBeInTheDocument();
    expect(screen.queryByTestId('withdraw-two-factor-above')).toBeNull();
  });

  it('shows the server’s refusal for want of a verification with the way to do it', async () => {
    const { user } = await openWithdraw(withAccount);
    on(withdrawalCalls.createWithdrawal, () =>
      sent().length === 1
        ? failure('KYC_REQUIRED', 403, { reason: 'above_amount', requiredAbove: 100_000 })
        : failure('TWO_FACTOR_NEEDED'),
    );
    await user.type(await screen.findByLabelText('Amount (VND)'), '200000');
    await user.type(pinInput(), '246810');
    await user.click(submit());
    const refusal = await screen.findByText('Verify your identity before withdrawing');
    expect(refusal).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('link', { name: 'Verify your identity' })).toHaveAttribute(
      'href',
      '/m/member/kyc',
    );

    await user.click(submit());
    expect(
      await screen.findByText('Turn on two-factor authentication to withdraw this amount'),
    ).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('link', { name: 'Turn on two-step verification' })).toHaveAttribute(
      'href',
      '/m/member/security',
    );
    expect(screen.queryByRole('link', { name: 'Verify your identity' })).toBeNull();
    expect(amountInput()).toHaveValue('200000');
  });
});
