import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { vnd } from '../../test/money.ts';
import {
  amountInput,
  createButton,
  expectDailyLimitRefusal,
  orderFromEwallet,
  payAtGateway,
} from './testing/deposit-steps.ts';
import { depositCalls } from '@kl/contracts/deposit';
import { callsTo, failure, on } from '../../test/fake-api.ts';
import { FAKE_QR_IMAGE, orderOf } from './testing/fake-deposit.ts';
import { openDeposit } from './testing/open-deposit.ts';
const created = () => callsTo(depositCalls.createDepositOrder).map(({ body }) => body);
const currentStep = () =>
  within(screen.getByRole('list', { name: 'Deposit steps' }))
    .getAllByRole('listitem')
    .find((item) => item.getAttribute('aria-current') === 'step')?.textContent;

describe('deposit, new template (product.md §4: dep_func 1)', () => {
  it(
    'walks channel → amount → a full-screen order, and pays it at the payment gateway',
    { timeout: 20_000 },
    async () => {
      const { user, page } = await openDeposit({ template: 'new', balance: 1_000_000 });
      expect(page).toHaveAttribute('data-template', 'new');

      // Step 1: the channel cards, each with its limits; no amount field yet.
      expect(await screen.findByRole('heading', { name: 'Choose a payment method' })).toBeInTheDocument();
      expect(currentStep()).toBe('1Method');
      const card = screen.getByRole('button', { name: /VietQR code/ });
      expect(card).toHaveTextContent(`Minimum ${vnd(20_000)}, maximum ${vnd(100_000_000)}`);
      expect(screen.queryByLabelText('Amount (VND)')).toBeNull();
      await user.click(card);

      // Step 2: the amount, with the chosen channel, its quick amounts and its limits; checked as in base.
      expect(await screen.findByRole('heading', { name: 'Enter the amount' })).toHaveFocus();
      expect(currentStep()).toBe('2Amount');
      expect(screen.getByText('VietQR code')).toBeInTheDocument();
      expect(screen.getByText(`Minimum ${vnd(20_000)}, maximum ${vnd(100_000_000)}`)).toBeInTheDocument();
      await user.click(createButton());
      expect(await screen.findByRole('alert')).toHaveTextContent('Enter the amount to deposit');
      expect(amountInput()).toHaveFocus();
      await user.type(amountInput(), '19999');
      await waitFor(() =>
        expect(screen.getByRole('alert')).toHaveTextContent(`The minimum for this method is ${vnd(20_000)}`),
      );
      const quick = screen.getByRole('group', { name: 'Quick amounts' });
      await user.click(within(quick).getByRole('button', { name: vnd(200_000) }));
      expect(amountInput()).toHaveValue('200000');
      expect(screen.queryByRole('alert')).toBeNull();
      expect(created()).toEqual([]);

      // Back to the channels and forth again keeps nothing stale: the other channel's limits apply.
      await user.click(screen.getByRole('button', { name: 'Change method' }));
      await user.click(await screen.findByRole('button', { name: /Bank transfer/ }));
      await user.clear(amountInput());
      await user.type(amountInput(), '30000');
      await user.click(createButton());
      await waitFor(() =>
        expect(screen.getByRole('alert')).toHaveTextContent(`The minimum for this method is ${vnd(50_000)}`),
      );
      await user.click(screen.getByRole('button', { name: 'Change method' }));
      await user.click(await screen.findByRole('button', { name: /VietQR code/ }));
      await user.clear(amountInput());
      await user.type(amountInput(), '200.000');
      await user.click(createButton());

      // Step 3: the order on its own screen.
      const order = await screen.findByTestId('deposit-order');
      expect(created()).toEqual([{ channelCode: 'vietqr', amount: 200_000 }]);
      expect(window.location.search).toContain('orderId=');
      expect(currentStep()).toBe('3Payment');
      expect(screen.queryByTestId('wallet-amount')).toBeNull();
      expect(within(order).getByTestId('order-amount')).toHaveTextContent(vnd(200_000));
      expect(within(order).getByTestId('order-status')).toHaveTextContent('Waiting for your payment');
      expect(within(order).getByRole('timer')).toHaveTextContent(/^Time left to pay: 1[45]:\d\d$/);
      const timeline = within(order).getByRole('list', { name: 'Order progress' });
      expect(
        within(timeline)
          .getAllByRole('listitem')
          .map((item) => item.getAttribute('data-state')),
      ).toEqual(['done', 'current', 'todo']);
      const qr = within(order).getByRole('img', {
        name: `VietQR code: pay ${vnd(200_000)} to account 19036688990011`,
      });
      expect(qr).toHaveAttribute('src', FAKE_QR_IMAGE);
      await user.click(within(order).getByRole('button', { name: 'Copy Reference code' }));
      expect(await navigator.clipboard.readText()).toBe('KL000001');
      await user.click(within(order).getByRole('button', { name: 'Copy Amount to transfer' }));
      expect(await navigator.clipboard.readText()).toBe('200000');

      await payAtGateway(order, 200_000, 1_200_000);
      expect(
        within(timeline)
          .getAllByRole('listitem')
          .map((item) => item.getAttribute('data-state')),
      ).toEqual(['done', 'done', 'paid']);
      expect(within(timeline).getAllByRole('listitem')[2]).toHaveTextContent(/^Payment received \d\d:\d\d/);
      expect(within(order).queryByRole('timer')).toBeNull();
      expect(within(order).queryByRole('img')).toBeNull();
      expect(within(order).queryByRole('link', { name: 'Go to the payment page' })).toBeNull();

      // A new deposit starts again at the channels, with the balance.
      await user.click(within(order).getByRole('button', { name: 'New deposit' }));
      expect(await screen.findByRole('heading', { name: 'Choose a payment method' })).toBeInTheDocument();
      await waitFor(() => expect(screen.getByTestId('wallet-amount')).toHaveTextContent(vnd(1_200_000)));
    },
  );

  it(
    'counts down the time to pay and shows the order expired when it runs out',
    { timeout: 15_000 },
    async () => {
      // The order's time to pay is two seconds when it is made; once over, the server answers it expired.
      let expiresAt = '';
      on(depositCalls.createDepositOrder, ({ body }) => {
        expiresAt = new Date(Date.now() + 2_000).toISOString();
        return orderOf(body.channelCode, body.amount, { expiresAt });
      });
      on(depositCalls.depositOrder, () => {
        const order = orderOf('momo', 50_000, { expiresAt });
        return Date.now() < Date.parse(expiresAt)
          ? order
          : { ...order, status: 'expired' as const, payUrl: null };
      });
      const { user } = await openDeposit({ template: 'new' });
      const order = await orderFromEwallet(user, 'button');
      expect(within(order).getByRole('timer')).toHaveTextContent(/^Time left to pay: 00:0[12]$/);
      await waitFor(
        () => expect(within(order).getByTestId('order-status')).toHaveAttribute('data-status', 'expired'),
        { timeout: 5_000 },
      );
      expect(within(order).getByTestId('order-status')).toHaveTextContent('This order has expired');
      expect(within(order).getByRole('list', { name: 'Order progress' })).toHaveTextContent('Order expired');
      expect(within(order).queryByRole('link', { name: 'Go to the payment page' })).toBeNull();
      expect(within(order).queryByText('0909123456')).toBeNull();
    },
  );

  it('offers no payment page without a gateway', async () => {
    const { user } = await openDeposit({ template: 'new', order: { payUrl: null } });
    await user.click(await screen.findByRole('button', { name: /Bank transfer/ }));
    await user.click(screen.getByRole('button', { name: vnd(100_000) }));
    await user.click(createButton());
    const order = await screen.findByTestId('deposit-order');
    expect(within(order).getByText('Vietcombank')).toBeInTheDocument();
    expect(within(order).getByRole('button', { name: 'Copy Account number' })).toBeInTheDocument();
    expect(within(order).queryByRole('link', { name: 'Go to the payment page' })).toBeNull();
  });

  it('says how much of the deposit limit is left when an order would go over it', async () => {
    const { user } = await openDeposit({ template: 'new' });
    await expectDailyLimitRefusal(user, 'button');
  });

  it('tells a trial member a real account is required, with no steps', async () => {
    const { page } = await openDeposit({ template: 'new', type: 4 });
    expect(await within(page).findByText('A real account is required')).toBeInTheDocument();
    expect(within(page).queryByRole('button', { name: /VietQR/ })).toBeNull();
    expect(created()).toEqual([]);
  });

  it('shows the same text when the server says the account is not a real one', async () => {
    const refused = failure('FEATURE_NOT_ENABLED', 403, { reason: 'actual_account_required' });
    on(depositCalls.depositChannels, refused);
    await openDeposit({ template: 'new', type: 40 });
    await waitFor(() => expect(screen.getByText('A real account is required')).toBeInTheDocument());
    expect(screen.queryByRole('list', { name: 'Deposit steps' })).toBeNull();
  });
});
