import type { AdminDepositChannel, WithdrawalLimits } from '@kl/contracts/admin/payments';
import { describe, expect, it } from 'vitest';
import {
  adminCalls,
  answer,
  bodyOf,
  createOperator,
  findHeading,
  LANGUAGE_STORAGE_KEY,
  on,
  renderAdmin,
  screen,
  within,
} from '../../test/kit.ts';

const bank: AdminDepositChannel = {
  code: 'bank-transfer',
  kind: 'bank_transfer',
  name: { vi: 'Chuyển khoản ngân hàng', en: 'Bank transfer' },
  currency: 'VND',
  minAmount: 50_000,
  maxAmount: 300_000_000,
  quickAmounts: [100_000, 200_000],
  expiryMinutes: 30,
  bank: { bankName: 'Vietcombank', bankBin: '970436', accountNumber: '1029384756', accountName: 'KIM LONG' },
  wallet: null,
  enabled: true,
  sort: 1,
  orders: 4,
};

const limits: WithdrawalLimits = {
  currency: 'VND',
  minAmount: 100_000,
  maxAmount: 50_000_000,
  dailyCountLimit: 5,
  kycFirstWithdrawal: true,
  kycAbove: null,
  twoFactorAbove: 20_000_000,
};
/** The session, and the withdrawal limits the screen shows to whoever reads withdrawals. */
const sessionOf = (role: 'finance' | 'risk') => [
  on(adminCalls.adminSession, () => answer(adminCalls.adminSession, createOperator(role))),
  on(adminCalls.adminWithdrawalLimits, () => answer(adminCalls.adminWithdrawalLimits, limits)),
];

describe('the deposit channels screen', () => {
  it('shows risk the channels without the buttons that change them', async () => {
    await renderAdmin('/deposit-channels', {
      routes: [
        ...sessionOf('risk'),
        on(adminCalls.adminDepositChannels, () => answer(adminCalls.adminDepositChannels, { list: [bank] })),
      ],
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
    });
    await findHeading('Deposit channels');
    expect(await screen.findByText('Vietcombank (970436) · 1029384756 · KIM LONG')).toBeVisible();
    expect(await screen.findByText('₫50,000,000')).toBeVisible();
    expect(screen.getByRole('switch', { name: 'Channel Bank transfer enabled' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'New channel' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit channel Bank transfer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save the withdrawal limits' })).toBeNull();
  });

  it('checks the fields as the server does before sending', async () => {
    const { user, api } = await renderAdmin('/deposit-channels', {
      routes: [
        ...sessionOf('finance'),
        on(adminCalls.adminDepositChannels, () => answer(adminCalls.adminDepositChannels, { list: [bank] })),
      ],
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
    });
    await user.click(await screen.findByRole('button', { name: 'New channel' }));
    const dialog = await screen.findByRole('dialog', { name: 'New channel' });
    const field = (label: string) => within(dialog).getByLabelText(label);
    const fill = async (label: string, text: string) => {
      await user.click(field(label));
      await user.paste(text);
    };
    await fill('Bank BIN', '97041');
    await fill('Minimum amount (đồng)', '20000');
    await fill('Maximum amount (đồng)', '10000');
    await fill('Quick amounts (đồng)', '50000, 5000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The BIN has 6 digits')).toBeVisible();
    expect(await within(dialog).findByText('The maximum must not be below the minimum')).toBeVisible();
    expect(
      await within(dialog).findByText('Each quick amount must lie within the minimum and maximum'),
    ).toBeVisible();
    expect(api.requestsOf(adminCalls.adminCreateDepositChannel)).toHaveLength(0);
  });

  it('adds a channel through its labelled fields', async () => {
    const channels = [bank];
    const { user, api } = await renderAdmin('/deposit-channels', {
      routes: [
        // Deposits only: the withdrawal limits are not on this screen for them.
        on(adminCalls.adminSession, () =>
          answer(adminCalls.adminSession, createOperator('finance', { access: { deposits: 'write' } })),
        ),
        on(adminCalls.adminDepositChannels, () =>
          answer(adminCalls.adminDepositChannels, { list: channels }),
        ),
        on(adminCalls.adminCreateDepositChannel, (request) => {
          const body = bodyOf(adminCalls.adminCreateDepositChannel, request);
          const created: AdminDepositChannel = {
            ...body,
            name: body.name,
            quickAmounts: body.quickAmounts,
            bank: body.bank,
            wallet: body.wallet,
            sort: 2,
            orders: 0,
          };
          channels.push(created);
          return answer(adminCalls.adminCreateDepositChannel, created);
        }),
      ],
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
    });
    await findHeading('Deposit channels');
    const table = await screen.findByRole('table', { name: 'Deposit channels' });
    expect(await within(table).findByText('Vietcombank (970436) · 1029384756 · KIM LONG')).toBeVisible();
    // A channel with orders offers no delete.
    expect(screen.queryByRole('button', { name: 'Delete channel Bank transfer' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'New channel' }));
    const dialog = await screen.findByRole('dialog', { name: 'New channel' });
    const field = (label: string) => within(dialog).getByLabelText(label);
    /** Types a value in one go (a paste) into an empty field. */
    const fill = async (label: string, text: string) => {
      await user.click(field(label));
      await user.paste(text);
    };
    await fill('Code', 'acb-qr');
    await fill('Name (Vietnamese)', 'Quét mã ACB');
    await fill('Name (English)', 'ACB QR');
    await fill('Bank', 'ACB');
    await fill('Bank BIN', '970416');
    await fill('Account number', '12345678');
    await fill('Account holder', 'KIM LONG');
    await fill('Minimum amount (đồng)', '20000');
    await fill('Maximum amount (đồng)', '20000000');
    await fill('Quick amounts (đồng)', '50000, 100.000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The channel was added')).toBeVisible();
    expect(api.requestsOf(adminCalls.adminCreateDepositChannel).map((request) => request.json)).toEqual([
      {
        code: 'acb-qr',
        kind: 'bank_transfer',
        name: { vi: 'Quét mã ACB', en: 'ACB QR' },
        minAmount: 20_000,
        maxAmount: 20_000_000,
        quickAmounts: [50_000, 100_000],
        expiryMinutes: 30,
        bank: { bankName: 'ACB', bankBin: '970416', accountNumber: '12345678', accountName: 'KIM LONG' },
        wallet: null,
        enabled: true,
      },
    ]);
    expect(await within(table).findByText('ACB QR')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Delete channel ACB QR' })).toBeVisible();
  });

  it('switches a channel off and moves it', async () => {
    const wallet: AdminDepositChannel = {
      ...bank,
      code: 'momo',
      kind: 'ewallet',
      name: { vi: 'Ví MoMo', en: 'MoMo' },
      bank: null,
      wallet: { provider: 'MoMo', walletAccount: '0909123456', accountName: 'KIM LONG' },
      sort: 2,
    };
    const { user, api } = await renderAdmin('/deposit-channels', {
      routes: [
        ...sessionOf('finance'),
        on(adminCalls.adminDepositChannels, () =>
          answer(adminCalls.adminDepositChannels, { list: [bank, wallet] }),
        ),
        on(adminCalls.adminSetDepositChannelEnabled, (request) =>
          answer(adminCalls.adminSetDepositChannelEnabled, {
            ...wallet,
            enabled: bodyOf(adminCalls.adminSetDepositChannelEnabled, request).enabled,
          }),
        ),
        on(adminCalls.adminReorderDepositChannels, () =>
          answer(adminCalls.adminReorderDepositChannels, { list: [wallet, bank] }),
        ),
      ],
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
    });
    await user.click(await screen.findByRole('switch', { name: 'Channel MoMo enabled' }));
    await user.click(screen.getByRole('button', { name: 'Move MoMo up' }));
    expect(screen.getByRole('button', { name: 'Move Bank transfer up' })).toBeDisabled();
    expect(
      api
        .requestsOf(adminCalls.adminSetDepositChannelEnabled)
        .map((request) => [request.params, request.json]),
    ).toEqual([[{ code: 'momo' }, { enabled: false }]]);
    expect(api.requestsOf(adminCalls.adminReorderDepositChannels).map((request) => request.json)).toEqual([
      { codes: ['momo', 'bank-transfer'] },
    ]);
  });

  it('changes the withdrawal limits, and when an identity check or two-factor is needed (empty: never)', async () => {
    // What the server keeps: the answer of each save is what the card reads next.
    let kept = limits;
    const { user, api } = await renderAdmin('/deposit-channels', {
      routes: [
        ...sessionOf('finance'),
        on(adminCalls.adminDepositChannels, () => answer(adminCalls.adminDepositChannels, { list: [bank] })),
        on(adminCalls.adminWithdrawalLimits, () => answer(adminCalls.adminWithdrawalLimits, kept)),
        on(adminCalls.adminSetWithdrawalLimits, (request) => {
          kept = { currency: 'VND', ...bodyOf(adminCalls.adminSetWithdrawalLimits, request) };
          return answer(adminCalls.adminSetWithdrawalLimits, kept);
        }),
      ],
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
    });
    const checkbox = await screen.findByRole('checkbox', {
      name: 'Identity check before the first withdrawal',
    });
    expect(checkbox).toBeChecked();
    const kycAbove = screen.getByRole('spinbutton', { name: 'Identity check above (đồng)' });
    const twoFactorAbove = screen.getByRole('spinbutton', { name: 'Two-factor authentication above (đồng)' });
    expect(kycAbove).toHaveValue('');
    expect(twoFactorAbove).toHaveValue('20,000,000');
    expect(screen.getAllByText('Leave empty for none')).toHaveLength(2);

    const daily = screen.getByLabelText('Withdrawals per member per day');
    await user.clear(daily);
    await user.click(daily);
    await user.paste('3');
    await user.click(checkbox);
    await user.click(kycAbove);
    await user.paste('10000000');
    await user.clear(twoFactorAbove);
    await user.click(screen.getByRole('button', { name: 'Save the withdrawal limits' }));
    expect(await screen.findByText('The withdrawal limits were saved')).toBeVisible();
    expect(api.requestsOf(adminCalls.adminSetWithdrawalLimits).map((request) => request.json)).toEqual([
      {
        minAmount: 100_000,
        maxAmount: 50_000_000,
        dailyCountLimit: 3,
        kycFirstWithdrawal: false,
        kycAbove: 10_000_000,
        twoFactorAbove: null,
      },
    ]);

    // The card reads back what was kept: the summary (a row per limit) and the form show it.
    expect(
      await screen.findByRole('row', { name: 'Two-factor authentication above (đồng) None' }),
    ).toBeVisible();
    expect(screen.getByRole('row', { name: 'Identity check above (đồng) ₫10,000,000' })).toBeVisible();
    expect(screen.getByRole('row', { name: 'Identity check before the first withdrawal No' })).toBeVisible();
    expect(
      screen.getByRole('checkbox', { name: 'Identity check before the first withdrawal' }),
    ).not.toBeChecked();
    expect(screen.getByRole('spinbutton', { name: 'Identity check above (đồng)' })).toHaveValue('10,000,000');
    expect(screen.getByRole('spinbutton', { name: 'Two-factor authentication above (đồng)' })).toHaveValue(
      '',
    );
  });
});
