import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountsCalls, type LoginHistoryEntry, type MemberSessionEntry } from '@kl/contracts/accounts';
import { withdrawalCalls } from '@kl/contracts/withdrawal';
import { callsTo, failure, on } from '../../test/fake-api.ts';
import { openWithdraw, THIS_SESSION } from './testing/open-withdraw.ts';
import { tapInDialog } from '../../test/dialogs.ts';

const SECURITY = '/m/member/security?lang=en';
const account = (n: number, bankCode: 'VCB' | 'ACB', bankName: string, accountNumber: string) => ({
  accountId: `00000000-0000-4000-8100-00000000000${n}`,
  bankCode,
  bankName,
  accountNumber,
  accountName: 'NGUYEN VAN AN',
  createdAt: '2030-03-01T08:00:00.000Z',
});
const passwordSet = { set: true, lockedUntil: null, attemptsLeft: 5 };

describe('security (product.md §7 security, /m/member/security)', () => {
  it('shows the identity check’s state and leads to identity verification', async () => {
    await openWithdraw({
      path: SECURITY,
      kyc: {
        state: 'rejected',
        firstWithdrawal: true,
        requiredForFirstWithdrawal: true,
        requiredAbove: null,
      },
    });
    const region = screen.getByRole('region', { name: 'Identity verification' });
    expect(await within(region).findByTestId('security-kyc-state')).toHaveTextContent('Status: Rejected');
    expect(within(region).getByRole('link', { name: 'Open identity verification' })).toHaveAttribute(
      'href',
      '/m/member/kyc',
    );
  });

  it('links to the login password change and sets a payment password when there is none', async () => {
    const { user, page, server } = await openWithdraw({
      path: SECURITY,
      paymentPassword: { set: false, lockedUntil: null, attemptsLeft: 5 },
    });
    on(withdrawalCalls.setPaymentPassword, () => {
      server.info = { ...server.info, paymentPassword: passwordSet };
      return passwordSet;
    });
    expect(page).toHaveAttribute('data-page', 'member');
    expect(within(page).getByRole('link', { name: 'Change login password' })).toHaveAttribute(
      'href',
      '/m/changePsw',
    );
    const form = await screen.findByRole('form', { name: 'Set a payment password' });
    await user.type(within(form).getByLabelText('New payment password (6 digits)'), '135790');
    await user.type(within(form).getByLabelText('Enter the payment password again'), '135790');
    await user.click(within(form).getByRole('button', { name: 'Save payment password' }));
    // Once set, the same place offers the change instead.
    expect(await screen.findByRole('form', { name: 'Change the payment password' })).toBeInTheDocument();
    expect(callsTo(withdrawalCalls.setPaymentPassword)[0]?.body).toEqual({
      password: '135790',
      confirmPassword: '135790',
    });
  });

  it('changes the payment password: old, new and confirmation, with the server’s refusals', async () => {
    const { user } = await openWithdraw({ path: SECURITY });
    const changes = () => callsTo(withdrawalCalls.changePaymentPassword).map(({ body }) => body);
    on(withdrawalCalls.changePaymentPassword, () =>
      changes().length === 1 ? failure('WRONG_PAYMENT_PASSWORD', 400, { attemptsLeft: 4 }) : passwordSet,
    );
    const form = await screen.findByRole('form', { name: 'Change the payment password' });
    const old = within(form).getByLabelText('Current payment password');
    const next = within(form).getByLabelText('New payment password (6 digits)');
    const again = within(form).getByLabelText('Enter the payment password again');
    const change = within(form).getByRole('button', { name: 'Change payment password' });

    await user.click(change);
    await waitFor(() => expect(within(form).getAllByRole('alert')).toHaveLength(3));
    expect(old).toHaveFocus();
    await user.type(old, '246810');
    await user.type(next, '246810');
    await user.type(again, '246810');
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'The new payment password must differ from the old one',
    );

    await user.clear(old);
    await user.type(old, '999999');
    await user.clear(next);
    await user.type(next, '112233');
    await user.clear(again);
    await user.type(again, '112233');
    await user.click(change);
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Wrong payment password. Tries left before the lock: 4',
    );
    expect(old).toHaveValue('');
    expect(old).toHaveFocus();
    expect(next).toHaveValue('112233');

    await user.type(old, '246810');
    await user.click(change);
    await waitFor(() =>
      expect(changes()).toEqual([
        { oldPassword: '999999', newPassword: '112233', confirmNewPassword: '112233' },
        { oldPassword: '246810', newPassword: '112233', confirmNewPassword: '112233' },
      ]),
    );
    await waitFor(() => expect(old).toHaveValue(''));
    expect(next).toHaveValue('');
  });

  it('shows a locked payment password and refuses the change while locked', async () => {
    const lockedUntil = new Date(Date.now() + 10 * 60_000).toISOString();
    const { user } = await openWithdraw({
      path: SECURITY,
      paymentPassword: { set: true, lockedUntil, attemptsLeft: 0 },
    });
    on(withdrawalCalls.changePaymentPassword, failure('PAYMENT_PASSWORD_LOCKED', 429, { lockedUntil }));
    const form = await screen.findByRole('form', { name: 'Change the payment password' });
    expect(within(form).getByTestId('payment-password-locked')).toHaveTextContent(
      'Too many wrong payment passwords, please try again later. Try again after',
    );
    await user.type(within(form).getByLabelText('Current payment password'), '246810');
    await user.type(within(form).getByLabelText('New payment password (6 digits)'), '112233');
    await user.type(within(form).getByLabelText('Enter the payment password again'), '112233');
    await user.click(within(form).getByRole('button', { name: 'Change payment password' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Too many wrong payment passwords, please try again later. Try again after',
    );
  });

  it('lists bank accounts masked, adds one and removes one after a confirmation', async () => {
    const { user, server } = await openWithdraw({
      path: SECURITY,
      accounts: [account(1, 'VCB', 'Vietcombank', '0011223344'), account(2, 'ACB', 'ACB', '998877665544')],
    });
    on(withdrawalCalls.addBankAccount, ({ body }) => {
      const added = { ...account(3, 'VCB', 'MB Bank', body.accountNumber), bankCode: body.bankCode };
      server.info = { ...server.info, accounts: [...server.info.accounts, added] };
      return added;
    });
    on(withdrawalCalls.removeBankAccount, ({ query }) => {
      server.info = {
        ...server.info,
        accounts: server.info.accounts.filter((item) => item.accountId !== query.accountId),
      };
      return { removed: true as const };
    });
    const removed = () => callsTo(withdrawalCalls.removeBankAccount).map(({ query }) => query.accountId);
    const list = await screen.findByTestId('bank-account-list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['Vietcombank ****3344', 'ACB ****5544']);
    expect(list).not.toHaveTextContent('0011223344');

    await user.click(screen.getByRole('button', { name: 'Add a bank account' }));
    const form = screen.getByRole('form', { name: 'Add a bank account' });
    await user.selectOptions(within(form).getByLabelText('Bank'), 'MB Bank');
    await user.type(within(form).getByLabelText('Account number'), '5566778899');
    await user.click(within(form).getByRole('button', { name: 'Add this account' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getByText('MB Bank ****8899')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a bank account' })).toBeNull();

    // Cancelling the confirmation keeps the account.
    await user.click(within(list).getByRole('button', { name: 'Remove ACB ****5544' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Remove ACB ****5544? Withdrawals already requested to it are not affected.',
    );
    await tapInDialog(dialog, 'Cancel');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(removed()).toEqual([]);

    await user.click(within(list).getByRole('button', { name: 'Remove ACB ****5544' }));
    dialog = await screen.findByRole('dialog');
    await tapInDialog(dialog, 'Remove');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(removed()).toEqual([account(2, 'ACB', 'ACB', '').accountId]);
    expect(within(list).queryByText('ACB ****5544')).toBeNull();
  });

  it('offers no more binding once 5 accounts are bound', async () => {
    const accounts = [1, 2, 3, 4, 5].map((n) => account(n, 'VCB', 'Vietcombank', `00112233${n}0`));
    await openWithdraw({ path: SECURITY, accounts });
    expect(await screen.findByText('You can bind at most 5 bank accounts')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a bank account' })).toBeNull();
  });

  it('lists where the member is signed in, this device first, and signs another one out or every other one', async () => {
    const session = (n: number, overrides: Partial<MemberSessionEntry>): MemberSessionEntry => ({
      ...THIS_SESSION,
      id: `00000000-0000-4000-8200-00000000000${n}`,
      current: false,
      ...overrides,
    });
    let list = [
      session(2, { browser: 'Chrome', system: 'Android', ip: '14.161.0.2' }),
      THIS_SESSION,
      session(3, { browser: null, system: null, ip: '27.72.0.3' }),
    ];
    on(accountsCalls.memberSessions, () => ({ list }));
    on(accountsCalls.endMemberSession, ({ query }) => {
      list = list.filter((entry) => entry.id !== query.sessionId);
      return { ended: 1 };
    });
    on(accountsCalls.endOtherSessions, () => {
      const ended = list.length - 1;
      list = [THIS_SESSION];
      return { ended };
    });
    const { user } = await openWithdraw({ path: SECURITY });
    const region = await screen.findByRole('region', { name: 'Where you are signed in' });
    const items = async () =>
      (await within(region).findAllByRole('listitem')).map((item) => item.textContent ?? '');
    const [first, second, third] = await items();
    expect(first).toMatch(
      /^Safari on iPhone · This device113\.161\.0\.10 \(Vietnam\) · signed in \d\d:\d\d 01\/03\/2030/,
    );
    expect(second).toContain('Chrome on Android');
    expect(third).toContain('unknown on unknown');
    // This device has no button of its own.
    expect(within(region).getAllByRole('button', { name: /^Sign out .+ \(/ })).toHaveLength(2);

    await user.click(within(region).getByRole('button', { name: 'Sign out Chrome on Android (14.161.0.2)' }));
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(2));
    expect(callsTo(accountsCalls.endMemberSession).map((call) => call.query)).toEqual([
      { sessionId: '00000000-0000-4000-8200-000000000002' },
    ]);
    expect(await screen.findByText('That device is signed out')).toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(1));
    expect(callsTo(accountsCalls.endOtherSessions)).toHaveLength(1);
    expect(within(region).queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
  });

  it('shows the login history, a refusal with its reason, a page at a time', async () => {
    const entry = (n: number, overrides: Partial<LoginHistoryEntry> = {}): LoginHistoryEntry => ({
      at: `2030-03-01T08:${String(59 - n).padStart(2, '0')}:00.000Z`,
      ip: `113.161.0.${n}`,
      country: 'VN',
      browser: 'Chrome',
      system: 'Android',
      method: 'password',
      succeeded: true,
      reason: null,
      ...overrides,
    });
    on(accountsCalls.loginHistory, ({ query }) =>
      String(query.pageNo) === '1'
        ? {
            list: [
              entry(1, { method: 'sms' }),
              entry(2, {
                succeeded: false,
                reason: 'WRONG_CREDENTIALS',
                browser: null,
                system: null,
                ip: '10.0.0.2',
                country: null,
              }),
            ],
            total: 3,
            pageNo: 1,
            pageSize: 2,
          }
        : { list: [entry(3, { method: 'social' })], total: 3, pageNo: 2, pageSize: 2 },
    );
    const { user } = await openWithdraw({ path: SECURITY });
    const region = await screen.findByRole('region', { name: 'Login history' });
    const texts = async () =>
      (await within(region).findAllByRole('listitem')).map((item) => item.textContent);
    expect(await texts()).toEqual([
      expect.stringMatching(
        /^Signed in\d\d:\d\d 01\/03\/2030( \(GMT\+7\))? · SMS code · Chrome on Android · 113\.161\.0\.1 \(Vietnam\)$/,
      ),
      expect.stringMatching(
        /^Refused: Wrong username or password.* · password · unknown on unknown · 10\.0\.0\.2$/,
      ),
    ]);
    await user.click(within(region).getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(3));
    expect(within(region).getAllByRole('listitem')[2]).toHaveTextContent('quick login');
    expect(within(region).queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(callsTo(accountsCalls.loginHistory).map((call) => String(call.query.pageNo))).toEqual(['1', '2']);
  });
  it('turns two-step verification on with a code of the key it shows, shows the recovery codes once, then turns it off', async () => {
    let status = { enabled: false, enabledAt: null as string | null, recoveryCodesLeft: 0 };
    const codes = Array.from({ length: 10 }, (_, n) => `abcd${n}-efgh${n}`);
    on(accountsCalls.twoFactorStatus, () => status);
    on(accountsCalls.startTwoFactor, () => ({
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      otpauthUri: 'otpauth://totp/Kim%20Long:player01?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      qrImage: 'data:image/svg+xml;base64,PHN2Zy8+',
    }));
    on(accountsCalls.enableTwoFactor, ({ body }) => {
      if (body.code !== '246810') return failure('WRONG_TWO_FACTOR_CODE', 400);
      status = { enabled: true, enabledAt: '2030-03-01T09:00:00.000Z', recoveryCodesLeft: 10 };
      return { recoveryCodes: codes };
    });
    on(accountsCalls.disableTwoFactor, () => {
      status = { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
      return null;
    });
    const { user } = await openWithdraw({ path: SECURITY });
    const region = await screen.findByRole('region', { name: 'Two-step verification' });
    await user.click(await within(region).findByRole('button', { name: 'Turn on' }));

    expect(
      await within(region).findByRole('img', { name: 'QR code to scan with your authenticator app' }),
    ).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
    expect(within(region).getByTestId('two-factor-secret')).toHaveTextContent(
      'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    );
    const form = within(region).getByRole('form', { name: 'Turn on' });
    await user.type(within(form).getByLabelText('6-digit code'), '111111');
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The code is wrong or has been used already',
    );
    await user.type(within(form).getByLabelText('6-digit code'), '246810');
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));

    const list = await within(region).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    await user.click(within(region).getByRole('button', { name: 'I have saved them' }));
    // Shown once: the card now says it is on, and the codes are gone.
    expect(await within(region).findByTestId('two-factor-state')).toHaveTextContent(
      /^On since .+ · 10 recovery codes left$/,
    );
    expect(within(region).queryByRole('list', { name: 'Recovery codes' })).toBeNull();

    const off = within(region).getByRole('form', { name: 'Turn off' });
    await user.type(within(off).getByLabelText('Code or recovery code'), 'abcd0-efgh0');
    await user.click(within(off).getByRole('button', { name: 'Turn off' }));
    expect(await within(region).findByRole('button', { name: 'Turn on' })).toBeInTheDocument();
    expect(callsTo(accountsCalls.disableTwoFactor)[0]?.body).toEqual({ code: 'abcd0-efgh0' });
  });
});
