import { depositCalls } from '@kl/contracts/deposit';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import { walletCalls } from '@kl/contracts/wallet';
import { callsTo, failure, on } from '../../../test/fake-api.ts';
import { walletOf } from '../../../test/fake-data.ts';
import { vnd } from '../../../test/money.ts';
import { orderOf } from './fake-deposit.ts';

/*
 * The steps both deposit templates share, as a member takes them (deposit tests). A channel is a radio
 * on the base template and a card (a button) on the new one.
 */
type ChannelRole = 'radio' | 'button';

export const amountInput = () => screen.getByLabelText('Amount (VND)');
export const createButton = () => screen.getByRole('button', { name: 'Create deposit order' });

/**
 * Follows the order's link to the payment gateway's page and pays there (the gateway's callback: the server
 * marks the order paid and credits it, the wallet then holds `balance`), and comes back to the order, which
 * shows the payment received.
 */
export async function payAtGateway(order: HTMLElement, amount: number, balance: number) {
  const gateway = within(order).getByRole('region', { name: 'Pay online' });
  const link = within(gateway).getByRole('link', { name: 'Go to the payment page' });
  expect(link.getAttribute('href')).toMatch(/^https:\/\/pay\.example\.test\/gateway\/pay\?orderId=/);
  const { channelCode } = callsTo(depositCalls.createDepositOrder).at(-1)!.body;
  const paid = { status: 'paid', payUrl: null, transactionId: '100' } as const;
  on(depositCalls.depositOrder, orderOf(channelCode, amount, { ...paid, paidAt: new Date().toISOString() }));
  on(walletCalls.wallet, walletOf(balance));
  window.dispatchEvent(new Event('visibilitychange'));
  expect(
    await within(order).findByText(`Payment received: ${vnd(amount)} has been added to your wallet`),
  ).toBeInTheDocument();
}

/** Orders the MoMo e-wallet's first quick amount and sees the wallet to pay to; answers the order. */
export async function orderFromEwallet(user: UserEvent, channel: ChannelRole) {
  await user.click(await screen.findByRole(channel, { name: /MoMo/ }));
  await user.click(screen.getByRole('button', { name: vnd(50_000) }));
  await user.click(createButton());
  const order = await screen.findByTestId('deposit-order');
  expect(within(order).getByText('0909123456')).toBeInTheDocument();
  expect(within(order).getByRole('button', { name: 'Copy Wallet number' })).toBeInTheDocument();
  return order;
}

/**
 * Asks for more than a daily deposit limit of 300,000 leaves (the server refuses it): told how much is
 * left, and no order is shown.
 */
export async function expectDailyLimitRefusal(user: UserEvent, channel: ChannelRole) {
  const over = { period: 'daily', limit: 300_000, used: 0, remaining: 300_000, currency: 'VND' };
  on(depositCalls.createDepositOrder, failure('DEPOSIT_LIMIT_EXCEEDED', 409, over));
  await user.click(await screen.findByRole(channel, { name: /VietQR code/ }));
  await user.type(amountInput(), '400000');
  await user.click(createButton());
  expect(await screen.findByRole('alert')).toHaveTextContent(
    `This deposit would go over your daily deposit limit of ${vnd(300_000)}. You can still deposit ${vnd(300_000)}.`,
  );
  expect(screen.queryByTestId('deposit-order')).toBeNull();
}
