import { depositCalls } from '@kl/contracts/deposit';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import { failure, on } from '../../../test/fake-api.ts';
import { vnd } from '../../../test/money.ts';
import type { DepositServer } from './fake-deposit.ts';

/*
 * The steps both deposit templates share, as a member takes them (deposit tests). A channel is a radio
 * on the base template and a card (a button) on the new one.
 */
type ChannelRole = 'radio' | 'button';

export const amountInput = () => screen.getByLabelText('Amount (VND)');
export const createButton = () => screen.getByRole('button', { name: 'Create deposit order' });

/** Pays the order shown in the sandbox and sees it received: the server marks it paid and credits it. */
export async function payInSandbox(
  user: UserEvent,
  order: HTMLElement,
  amount: number,
  server: DepositServer,
) {
  on(depositCalls.sandboxPay, () => {
    const paid = { ...server.orders[0]!, status: 'paid' as const, sandboxPayable: false };
    Object.assign(paid, { paidAt: new Date().toISOString(), transactionId: '100' });
    server.orders = [paid];
    server.balance += paid.amount;
    const callback = { orderId: paid.orderId, status: paid.status, credited: true, duplicate: false };
    return { callbackStatus: 200, callback, order: paid };
  });
  const sandbox = within(order).getByRole('region', { name: 'Test payment (sandbox)' });
  await user.click(within(sandbox).getByRole('button', { name: 'Complete payment (sandbox)' }));
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
