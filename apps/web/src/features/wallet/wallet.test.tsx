import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { walletCalls } from '@kl/contracts/wallet';
import { on } from '../../test/fake-api.ts';
import { walletOf } from '../../test/fake-data.ts';
import { gate } from '../../test/gate.ts';
import { openDeposit } from '../deposit/testing/open-deposit.ts';
import { balanceText, MASKED_BALANCE } from './lib/balance-text.ts';
import { BALANCE_HIDDEN_KEY, useBalanceVisibility } from './lib/balance-visibility.ts';

afterEach(() => {
  useBalanceVisibility.setState({ hidden: false });
});

const vnd = (amount: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'VND' }).format(amount);

describe('balance text (product.md §4 Balance)', () => {
  it('is masked with asterisks and 2 decimals, else the amount with 0 decimals', () => {
    expect(MASKED_BALANCE).toBe('****.**');
    expect(balanceText({ amount: 1_234_567, decimals: 0, currency: 'VND' }, true, 'en')).toBe('****.**');
    expect(balanceText(undefined, false, 'en')).toBe('****.**');
    expect(balanceText({ amount: 1_234_567, decimals: 0, currency: 'VND' }, false, 'en')).toBe(
      vnd(1_234_567),
    );
    expect(balanceText({ amount: 1_234_567, decimals: 0, currency: 'VND' }, false, 'vi')).toBe(
      '1.234.567\u00a0₫',
    );
    // A currency with cents still shows whole units (0 decimals, never rounded up).
    expect(balanceText({ amount: 123_499, decimals: 2, currency: 'USD' }, false, 'en')).toBe('$1,234');
  });
});

describe('wallet widget (product.md §2 wallet widget)', () => {
  it('is masked while the balance loads, then shows it with 0 decimals', async () => {
    const wallet = gate();
    wallet.close();
    on(walletCalls.wallet, async () => {
      await wallet.wait();
      return walletOf(1_234_567);
    });
    await openDeposit();
    const amount = await screen.findByTestId('wallet-amount');
    expect(amount).toHaveTextContent(MASKED_BALANCE);
    expect(amount).toHaveTextContent('Updating balance');
    expect(screen.getByRole('button', { name: 'Refresh balance' })).toBeDisabled();
    wallet.open();
    await waitFor(() => expect(amount).toHaveTextContent(vnd(1_234_567)));
    expect(amount).toHaveAttribute('data-masked', 'false');
  });

  it('hides and shows the balance, and remembers the choice', async () => {
    const { user } = await openDeposit({ balance: 500_000 });
    const amount = await screen.findByTestId('wallet-amount');
    await waitFor(() => expect(amount).toHaveTextContent(vnd(500_000)));
    await user.click(screen.getByRole('button', { name: 'Hide balance' }));
    expect(amount).toHaveTextContent(MASKED_BALANCE);
    expect(amount).toHaveTextContent('Balance hidden');
    expect(window.localStorage.getItem(BALANCE_HIDDEN_KEY)).toBe('1');
    const show = screen.getByRole('button', { name: 'Show balance' });
    expect(show).toHaveAttribute('aria-pressed', 'true');
    await user.click(show);
    expect(amount).toHaveTextContent(vnd(500_000));
    expect(window.localStorage.getItem(BALANCE_HIDDEN_KEY)).toBe('0');
  });

  it('is masked while refreshing and then shows the new balance', async () => {
    const wallet = gate();
    let balance = 100_000;
    on(walletCalls.wallet, async () => {
      await wallet.wait();
      return walletOf(balance);
    });
    const { user } = await openDeposit();
    const amount = await screen.findByTestId('wallet-amount');
    await waitFor(() => expect(amount).toHaveTextContent(vnd(100_000)));
    balance = 300_000;
    wallet.close();
    await user.click(screen.getByRole('button', { name: 'Refresh balance' }));
    await waitFor(() => expect(amount).toHaveTextContent(MASKED_BALANCE));
    expect(screen.getByRole('button', { name: 'Refresh balance' })).toBeDisabled();
    // Its icon turns for the refresh.
    expect(screen.getByRole('button', { name: 'Refresh balance' })).toHaveAttribute(
      'data-refreshing',
      'true',
    );
    wallet.open();
    await waitFor(() => expect(amount).toHaveTextContent(vnd(300_000)));
    expect(screen.getByRole('button', { name: 'Refresh balance' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Refresh balance' })).toHaveAttribute(
      'data-refreshing',
      'false',
    );
  });

  it('does not turn its refresh icon while the first balance loads', async () => {
    const wallet = gate();
    on(walletCalls.wallet, async () => {
      await wallet.wait();
      return walletOf(100_000);
    });
    wallet.close();
    await openDeposit();
    const amount = await screen.findByTestId('wallet-amount');
    const refresh = screen.getByRole('button', { name: 'Refresh balance' });
    await waitFor(() => expect(refresh).toBeDisabled());
    expect(amount).toHaveTextContent(MASKED_BALANCE);
    expect(refresh).toHaveAttribute('data-refreshing', 'false');
    wallet.open();
    await waitFor(() => expect(amount).toHaveTextContent(vnd(100_000)));
  });
});
