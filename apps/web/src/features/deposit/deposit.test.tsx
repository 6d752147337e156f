import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEPOSIT_POLL_MS } from './lib/timing.ts';
import { vnd } from '../../test/money.ts';
import {
  amountInput,
  createButton,
  expectDailyLimitRefusal,
  orderFromEwallet,
  payAtGateway,
} from './testing/deposit-steps.ts';
import { depositCalls } from '@kl/contracts/deposit';
import { walletCalls } from '@kl/contracts/wallet';
import { callsTo, failure, on } from '../../test/fake-api.ts';
import { FAKE_QR_IMAGE, orderOf } from './testing/fake-deposit.ts';
import { openDeposit } from './testing/open-deposit.ts';

// The polling tests run on fake timers and move the clock a poll interval at a time.
afterEach(() => {
  vi.useRealTimers();
});

const created = () => callsTo(depositCalls.createDepositOrder).map(({ body }) => body);
const refuseDeposits = () => {
  const refused = failure('FEATURE_NOT_ENABLED', 403, { reason: 'actual_account_required' });
  on(depositCalls.depositChannels, refused);
  on(depositCalls.createDepositOrder, refused);
};
const polls = () => callsTo(depositCalls.depositOrder).length;
const orderStatus = () => screen.queryByTestId('order-status')?.getAttribute('data-status');

describe('deposit (product.md §2 /m/voucherCenter)', () => {
  it('tells a trial member a real account is required, with no form (product.md §4)', async () => {
    const { page } = await openDeposit({ type: 4 });
    expect(await within(page).findByText('A real account is required')).toBeInTheDocument();
    expect(within(page).getByRole('link', { name: 'Register now' })).toHaveAttribute('href', '/m/register');
    expect(within(page).queryByRole('button', { name: 'Create deposit order' })).toBeNull();
    expect(within(page).queryByRole('radio')).toBeNull();
    expect(created()).toEqual([]);
  });

  it('shows the same text when the server says the account is not a real one', async () => {
    refuseDeposits();
    const { page } = await openDeposit({ type: 40 });
    expect(await within(page).findByText('A real account is required')).toBeInTheDocument();
    expect(within(page).queryByRole('button', { name: 'Create deposit order' })).toBeNull();
  });

  it('checks the amount against the chosen channel before any order is made', async () => {
    const { user } = await openDeposit();
    const channels = await screen.findByRole('group', { name: 'Payment method' });
    expect(
      within(channels)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Bank transferBank transfer', 'VietQR codeScan a VietQR code', 'MoMo e-walletE-wallet']);
    await user.click(within(channels).getByRole('radio', { name: /VietQR code/ }));
    expect(screen.getByText(`Minimum ${vnd(20_000)}, maximum ${vnd(100_000_000)}`)).toBeInTheDocument();

    await user.click(createButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the amount to deposit');
    expect(amountInput()).toHaveAttribute('aria-invalid', 'true');
    expect(amountInput()).toHaveFocus();

    await user.type(amountInput(), '19999');
    await user.click(createButton());
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(`The minimum for this method is ${vnd(20_000)}`),
    );
    expect(amountInput()).toHaveAccessibleDescription(
      `The minimum for this method is ${vnd(20_000)} Minimum ${vnd(20_000)}, maximum ${vnd(100_000_000)}`,
    );

    await user.clear(amountInput());
    await user.type(amountInput(), '100000001');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        `The maximum for this method is ${vnd(100_000_000)}`,
      ),
    );
    await user.clear(amountInput());
    await user.type(amountInput(), '12.5x');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Enter a whole amount, digits only'),
    );

    // A quick amount fills the field and clears the error.
    const quick = screen.getByRole('group', { name: 'Quick amounts' });
    await user.click(within(quick).getByRole('button', { name: vnd(100_000) }));
    expect(amountInput()).toHaveValue('100000');
    expect(within(quick).getByRole('button', { name: vnd(100_000) })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(created()).toEqual([]);

    // Another channel's limits apply at once to the amount typed.
    await user.clear(amountInput());
    await user.type(amountInput(), '30000');
    await user.click(within(channels).getByRole('radio', { name: /Bank transfer/ }));
    await user.click(createButton());
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(`The minimum for this method is ${vnd(50_000)}`),
    );
    expect(created()).toEqual([]);
  });

  it('creates a VietQR order, shows the code and the transfer details, and pays it at the payment gateway', async () => {
    const { user } = await openDeposit({ balance: 1_000_000 });
    await user.click(await screen.findByRole('radio', { name: /VietQR code/ }));
    await user.type(amountInput(), '200.000');
    const walletCallsBefore = callsTo(walletCalls.wallet).length;
    await user.click(createButton());

    const order = await screen.findByTestId('deposit-order');
    expect(created()).toEqual([{ channelCode: 'vietqr', amount: 200_000 }]);
    expect(window.location.search).toContain('orderId=');
    expect(within(order).getByTestId('order-status')).toHaveTextContent('Waiting for your payment');
    const qr = within(order).getByRole('img', {
      name: `VietQR code: pay ${vnd(200_000)} to account 19036688990011`,
    });
    expect(qr).toHaveAttribute('src', FAKE_QR_IMAGE);
    expect(within(order).getByText('KL000001')).toBeInTheDocument();

    await user.click(within(order).getByRole('button', { name: 'Copy Reference code' }));
    expect(await navigator.clipboard.readText()).toBe('KL000001');
    await user.click(within(order).getByRole('button', { name: 'Copy Account number' }));
    expect(await navigator.clipboard.readText()).toBe('19036688990011');

    await payAtGateway(order, 200_000, 1_200_000);
    expect(within(order).queryByRole('link', { name: 'Go to the payment page' })).toBeNull();
    expect(within(order).queryByRole('img')).toBeNull();
    // The balance is asked again and shows the credit.
    await waitFor(() => expect(callsTo(walletCalls.wallet).length).toBeGreaterThan(walletCallsBefore));
    await waitFor(() => expect(screen.getByTestId('wallet-amount')).toHaveTextContent(vnd(1_200_000)));
  });

  it('shows an e-wallet order and offers no payment page without a gateway', async () => {
    const { user } = await openDeposit({ order: { payUrl: null } });
    const order = await orderFromEwallet(user, 'radio');
    expect(within(order).queryByRole('link', { name: 'Go to the payment page' })).toBeNull();

    // Back to the form for another deposit.
    await user.click(within(order).getByRole('button', { name: 'New deposit' }));
    expect(await screen.findByRole('button', { name: 'Create deposit order' })).toBeInTheDocument();
  });

  it('asks for the status every few seconds while pending, and stops once paid', async () => {
    const { user } = await openDeposit();
    // The bank pays it by the third time it is asked for.
    on(depositCalls.depositOrder, () =>
      orderOf('bank-transfer', 60_000, polls() < 3 ? {} : { status: 'paid', payUrl: null }),
    );
    await user.click(await screen.findByRole('radio', { name: /Bank transfer/ }));
    await user.type(amountInput(), '60000');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(createButton());
    const order = await screen.findByTestId('deposit-order');
    expect(within(order).getByText('Vietcombank')).toBeInTheDocument();
    await waitFor(() => expect(orderStatus()).toBe('pending'));
    for (let poll = 0; poll < 5 && orderStatus() === 'pending'; poll += 1) {
      await vi.advanceTimersByTimeAsync(DEPOSIT_POLL_MS);
    }
    await waitFor(() =>
      expect(within(order).getByTestId('order-status')).toHaveAttribute('data-status', 'paid'),
    );
    expect(polls()).toBe(3);
    await vi.advanceTimersByTimeAsync(3 * DEPOSIT_POLL_MS);
    expect(polls()).toBe(3);
  });

  it('stops asking when the screen is left', async () => {
    const { user } = await openDeposit();
    await user.click(await screen.findByRole('radio', { name: /Bank transfer/ }));
    await user.type(amountInput(), '60000');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(createButton());
    await screen.findByTestId('deposit-order');
    await waitFor(() => expect(orderStatus()).toBe('pending'));
    for (let poll = 0; poll < 5 && polls() < 2; poll += 1) {
      await vi.advanceTimersByTimeAsync(DEPOSIT_POLL_MS);
    }
    await waitFor(() => expect(polls()).toBeGreaterThanOrEqual(2));
    await user.click(screen.getByRole('button', { name: 'New deposit' }));
    await screen.findByRole('button', { name: 'Create deposit order' });
    const pollsWhenLeft = polls();
    await vi.advanceTimersByTimeAsync(3 * DEPOSIT_POLL_MS);
    expect(polls()).toBe(pollsWhenLeft);
  });
});

describe('deposit limits on the base template', () => {
  it('says how much of the deposit limit is left when an order would go over it', async () => {
    const { user, page } = await openDeposit();
    expect(page).toHaveAttribute('data-template', 'base');
    await expectDailyLimitRefusal(user, 'radio');
  });
});
