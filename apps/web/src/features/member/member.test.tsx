import { SESSION_STORAGE_KEY } from '@kl/contracts/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { accountsCalls } from '@kl/contracts/accounts';
import { walletCalls } from '@kl/contracts/wallet';
import { answerAccounts } from '../../test/fake-accounts.ts';
import { callsTo, on } from '../../test/fake-api.ts';
import { sessionOf, walletOf } from '../../test/fake-data.ts';
import { renderApp } from '../../test/render-app.tsx';
import { gate } from '../../test/gate.ts';
import { MASKED_BALANCE, useBalanceVisibility } from '../wallet/index.ts';
import { openMember } from './testing/open-member.ts';
import { tapInDialog } from '../../test/dialogs.ts';

afterEach(() => {
  useBalanceVisibility.setState({ hidden: false });
});

const vnd = (amount: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'VND' }).format(amount);

describe('member centre (product.md §2 /m/member/home, §4 Templates)', () => {
  it('shows the new template when mem_cen is 1: profile card, balance, quick actions, menu groups', async () => {
    const { page } = await openMember({ memCen: 1, clubLevel: '3', balance: 1_250_000, unread: 4 });
    expect(page).toHaveAttribute('data-template', 'new');
    const profile = within(page).getByTestId('member-profile');
    expect(profile).toHaveTextContent('player01');
    await waitFor(() => expect(within(profile).getByTestId('member-vip')).toHaveTextContent('VIP 3'));
    await waitFor(() => expect(within(page).getByTestId('wallet-amount')).toHaveTextContent(vnd(1_250_000)));
    // Nothing is locked by turnover: no note under the balance.
    expect(within(page).queryByTestId('withdrawable-note')).toBeNull();

    const quick = within(page).getByRole('navigation', { name: 'Quick actions' });
    expect(within(quick).getByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/m/voucherCenter');
    expect(within(quick).getByRole('link', { name: 'Withdraw' })).toHaveAttribute('href', '/m/withdraw');
    expect(within(quick).getByRole('link', { name: 'Transaction history' })).toHaveAttribute(
      'href',
      '/m/member/history',
    );
    expect(within(quick).getByRole('link', { name: 'Game records' })).toHaveAttribute(
      'href',
      '/m/member/gameRecords',
    );

    const account = within(page).getByRole('navigation', { name: 'Account and safety' });
    expect(within(account).getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/m/member/profile',
    );
    expect(within(account).getByRole('link', { name: 'Security' })).toHaveAttribute(
      'href',
      '/m/member/security',
    );
    expect(within(account).getByRole('link', { name: 'Identity verification' })).toHaveAttribute(
      'href',
      '/m/member/kyc',
    );
    expect(within(account).getByRole('link', { name: 'Responsible gaming' })).toHaveAttribute(
      'href',
      '/m/member/responsibleGaming',
    );
    const benefits = within(page).getByRole('navigation', { name: 'Benefits' });
    expect(within(benefits).getByRole('link', { name: 'VIP benefits' })).toHaveAttribute(
      'href',
      '/m/member/benefits',
    );
    expect(within(benefits).getByRole('link', { name: 'Invite friends' })).toHaveAttribute(
      'href',
      '/m/inviteFriends',
    );
    const messages = within(page).getByRole('navigation', { name: 'Messages and help' });
    expect(within(messages).getByRole('link', { name: 'Message centre' })).toHaveAttribute(
      'href',
      '/m/message',
    );
    expect(await within(messages).findByRole('link', { name: 'Inbox 4 unread' })).toHaveAttribute(
      'href',
      '/m/webEmail',
    );
    expect(within(messages).getByRole('link', { name: 'Feedback' })).toHaveAttribute('href', '/m/feedback');
    expect(within(page).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('says under the balance what can be withdrawn now while turnover locks part of it', async () => {
    const { page } = await openMember({
      memCen: 1,
      balance: 1_250_000,
      locked: 1_000_000,
      withdrawable: 250_000,
    });
    const note = await within(page).findByTestId('withdrawable-note');
    expect(note).toHaveTextContent(`Withdrawable now: ${vnd(250_000)} Locked by turnover: ${vnd(1_000_000)}`);
    expect(within(note).getByRole('link', { name: 'Turnover details' })).toHaveAttribute(
      'href',
      '/m/withdraw',
    );
  });

  it('shows the base template otherwise: one list with the same entries', async () => {
    const { page } = await openMember({ memCen: 0, clubLevel: '0' });
    expect(page).toHaveAttribute('data-template', 'base');
    expect(within(page).queryByRole('navigation', { name: 'Quick actions' })).toBeNull();
    const menu = within(page).getByRole('navigation', { name: 'Member menu' });
    const names = within(menu)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual([
      'Deposit',
      'Withdraw',
      'Transaction history',
      'Game records',
      'Profile',
      'Security',
      'Identity verification',
      'Responsible gaming',
      'VIP benefits',
      'Invite friends',
      'Become an agent',
      'Message centre',
      'Inbox',
      'Feedback',
    ]);
    expect(within(menu).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    await waitFor(() => expect(within(page).getByTestId('member-vip')).toHaveTextContent('VIP 0'));
    expect(within(page).getByTestId('wallet-balance')).toBeInTheDocument();
  });

  it.each([1, 2])(
    'leads an agent (type %i) to the agent centre and the three contracts, in both templates',
    async (memberType) => {
      const { page } = await openMember({ memCen: 1, memberType });
      const agent = within(page).getByRole('navigation', { name: 'Agent' });
      expect(
        within(agent)
          .getAllByRole('link')
          .map((link) => [link.textContent, link.getAttribute('href')]),
      ).toEqual([
        ['Agent centre', '/m/agent'],
        ['Daily salary contract', '/m/member/agent/getSalaryContract'],
        ['Dividend contract', '/m/member/agent/getDevidendContract'],
        ['Hourly salary contract', '/m/member/agent/getHourContract'],
      ]);
      expect(within(page).queryByRole('link', { name: 'Become an agent' })).toBeNull();
    },
  );

  it('offers a member who is not an agent to become one, and no contracts', async () => {
    const { page } = await openMember({ memCen: 1, memberType: 0 });
    const agent = within(page).getByRole('navigation', { name: 'Agent' });
    expect(within(agent).getByRole('link', { name: 'Become an agent' })).toHaveAttribute('href', '/m/agent');
    expect(within(page).queryByRole('link', { name: 'Agent centre' })).toBeNull();
    expect(within(page).queryByRole('link', { name: 'Daily salary contract' })).toBeNull();
  });

  it('masks the balance while hidden and while refreshing (asterisks, 2 decimals), else 0 decimals', async () => {
    const wallet = gate();
    let balance = 2_000_000;
    on(walletCalls.wallet, async () => {
      await wallet.wait();
      return walletOf(balance);
    });
    const { page, user } = await openMember();
    const amount = within(page).getByTestId('wallet-amount');
    await waitFor(() => expect(amount).toHaveTextContent(vnd(2_000_000)));
    await user.click(within(page).getByRole('button', { name: 'Hide balance' }));
    expect(amount).toHaveTextContent(MASKED_BALANCE);
    await user.click(within(page).getByRole('button', { name: 'Show balance' }));
    expect(amount).toHaveTextContent(vnd(2_000_000));

    wallet.close();
    balance = 2_500_000;
    await user.click(within(page).getByRole('button', { name: 'Refresh balance' }));
    await waitFor(() => expect(amount).toHaveTextContent(MASKED_BALANCE));
    wallet.open();
    await waitFor(() => expect(amount).toHaveTextContent(vnd(2_500_000)));
  });

  it('VIP click without showVipBenefit says to contact customer service (product.md §4)', async () => {
    const { page, user } = await openMember({ showVipBenefit: false });
    const vip = within(page).getByRole('button', { name: 'VIP benefits' });
    await user.click(vip);
    expect(await screen.findByText('Please contact customer service')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/m/member/home');
  });

  it('signs out through the confirmation (product.md §4 Logout)', async () => {
    const { page, user } = await openMember();
    on(accountsCalls.logout, null);
    await user.click(within(page).getByRole('button', { name: 'Sign out' }));
    const question = await screen.findByText('Do you want to sign out?');
    const dialog = question.closest('[role="dialog"]') as HTMLElement;
    await tapInDialog(dialog, 'Sign out');
    await waitFor(() => expect(window.location.pathname).toBe('/m/home'));
    expect(callsTo(accountsCalls.logout)).toHaveLength(1);
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    // The dialog renders in a root of its own: let it finish closing before the page goes away.
    await waitFor(() => expect(dialog).not.toBeInTheDocument(), { timeout: 3000 });
  });

  it('cancels the member calls still on their way before signing out, so none comes back refused', async () => {
    const wallet = gate();
    on(walletCalls.wallet, async () => {
      await wallet.wait();
      return walletOf(2_000_000);
    });
    const { page, user } = await openMember();
    await waitFor(() => expect(within(page).getByTestId('wallet-amount')).toHaveTextContent(vnd(2_000_000)));
    wallet.close();
    await user.click(within(page).getByRole('button', { name: 'Refresh balance' }));
    await waitFor(() => expect(callsTo(walletCalls.wallet).length).toBeGreaterThan(1));
    const inFlight = callsTo(walletCalls.wallet).at(-1)!;
    expect(inFlight.signal?.aborted).toBe(false);
    let cancelledBeforeLogout: boolean | undefined;
    on(accountsCalls.logout, () => {
      cancelledBeforeLogout = inFlight.signal?.aborted;
      return null;
    });
    await user.click(within(page).getByRole('button', { name: 'Sign out' }));
    const dialog = (await screen.findByText('Do you want to sign out?')).closest(
      '[role="dialog"]',
    ) as HTMLElement;
    await tapInDialog(dialog, 'Sign out');
    await waitFor(() => expect(window.location.pathname).toBe('/m/home'));
    expect(cancelledBeforeLogout).toBe(true);
    wallet.open();
    await waitFor(() => expect(dialog).not.toBeInTheDocument(), { timeout: 3000 });
  });

  it('gives a trial member the alert with cancel and register now (product.md §6)', async () => {
    answerAccounts();
    on(accountsCalls.trialLogin, sessionOf(4, 'try12345678'));
    const { user } = await renderApp('/m/trail?lang=en');
    await user.click(await screen.findByRole('button', { name: 'Free trial' }));
    await screen.findByTestId('header-member');
    window.history.pushState(null, '', '/m/member/home');
    window.dispatchEvent(new PopStateEvent('popstate'));
    const alert = await screen.findByRole('dialog', {
      name: 'The member centre is for registered members. Register now?',
    });
    expect(within(alert).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(document.querySelector('[data-template]')).toBeNull();
    await tapInDialog(alert, 'Register now');
    await waitFor(() => expect(window.location.pathname).toBe('/m/register'));
    await waitFor(() => expect(alert).not.toBeInTheDocument(), { timeout: 3000 });
  });
});
