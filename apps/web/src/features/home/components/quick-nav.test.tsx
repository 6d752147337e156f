import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createSystemStatus } from '../../../test/factories.ts';
import { quickNavItems } from '../lib/quick-nav.ts';
import { openHome } from '../testing/open-home.ts';

const bare = createSystemStatus({ info: { customerService: [], resources: [] } });
const full = createSystemStatus({
  info: {
    customerService: [
      { csType: 'LIVECHAT', path: '/m/service' },
      { csType: 'TELEGRAM', path: 'https://t.me/kl_support' },
    ],
    resources: [
      { resourceType: 'TELEGRAM', url: 'https://t.me/kl_official', labelNameEn: 'Telegram' },
      { resourceType: 'IOS', url: 'https://kl.example.test/ios', labelNameEn: 'iOS' },
    ],
    toggles: { ...createSystemStatus().info.toggles, showVipBenefit: true },
  },
});

const keys = (...args: Parameters<typeof quickNavItems>) => quickNavItems(...args).map((item) => item.key);

describe('quick-nav rules (product.md §2: each item only when its link exists)', () => {
  it('leaves out Telegram, app and customer service without their links', () => {
    expect(keys({ status: bare, role: 'visitor', appOffered: false })).toEqual([
      'vip',
      'deposit',
      'withdraw',
    ]);
  });

  it('offers every item when every link exists', () => {
    expect(keys({ status: full, role: 'member', appOffered: true })).toEqual([
      'telegram',
      'app',
      'vip',
      'deposit',
      'withdraw',
      'service',
    ]);
  });

  it('takes Telegram from the TELEGRAM resource, else from the Telegram customer-service link', () => {
    const fromResource = quickNavItems({ status: full, role: 'visitor', appOffered: false })[0];
    expect(fromResource).toEqual({ key: 'telegram', kind: 'external', href: 'https://t.me/kl_official' });
    const onlyService = createSystemStatus({
      info: { customerService: [{ csType: 'TELEGRAM', path: 'https://t.me/kl_support' }], resources: [] },
    });
    expect(quickNavItems({ status: onlyService, role: 'visitor', appOffered: false })[0]).toMatchObject({
      href: 'https://t.me/kl_support',
    });
  });

  it('sends VIP, deposit and withdraw to their (gated) pages; trial accounts cannot deposit', () => {
    const visitor = quickNavItems({ status: bare, role: 'visitor', appOffered: false });
    expect(visitor.map((item) => (item.kind === 'route' ? item.to : item.kind))).toEqual([
      '/m/member/benefits',
      '/m/voucherCenter',
      '/m/withdraw',
    ]);
    const trial = quickNavItems({ status: full, role: 'trial', appOffered: false });
    expect(trial.find((item) => item.key === 'deposit')).toMatchObject({
      kind: 'message',
      message: 'actualAccountRequired',
    });
    const member = quickNavItems({ status: bare, role: 'member', appOffered: false });
    expect(member.find((item) => item.key === 'vip')).toMatchObject({
      kind: 'message',
      message: 'contactService',
    });
  });
});

describe('quick-nav bar', () => {
  it('shows the items of the merchant to a visitor; deposit goes to log in first', async () => {
    const { user } = await openHome('/m/home?lang=en', { status: full });
    const nav = screen.getByRole('navigation', { name: 'Shortcuts' });
    const telegram = within(nav).getByRole('link', { name: /Telegram/ });
    expect(telegram).toHaveAttribute('target', '_blank');
    expect(within(nav).getByRole('link', { name: 'App' })).toHaveAttribute('href', '/m/app');
    await user.click(within(nav).getByRole('button', { name: 'Support' }));
    const popup = await screen.findByRole('dialog', { name: 'Contact customer service' });
    await user.click(within(popup).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Contact customer service' })).toBeNull(),
    );
    await user.click(within(nav).getByRole('link', { name: 'Deposit' }));
    await waitFor(() => expect(window.location.pathname).toBe('/m/login'));
  });

  it('hides the items whose links are missing', async () => {
    await openHome('/m/home?lang=en', { status: bare });
    const nav = screen.getByRole('navigation', { name: 'Shortcuts' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['VIP', 'Deposit', 'Withdraw']);
  });

  it('tells a trial account that deposits need a real account', async () => {
    const { user } = await openHome('/m/home?lang=en', { status: full, role: 'trial' });
    const nav = screen.getByRole('navigation', { name: 'Shortcuts' });
    await user.click(within(nav).getByRole('button', { name: 'Deposit' }));
    expect(
      await screen.findByText('A real account is required', { selector: '[role="status"]' }),
    ).toBeInTheDocument();
  });
});
