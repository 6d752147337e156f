import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createSystemStatus } from '../../test/factories.ts';
import { openHome, type TestRole } from '../home/testing/open-home.ts';
import { contentCalls } from '@kl/contracts/content';
import { promotionsCalls } from '@kl/contracts/promotions';
import { callsTo, on } from '../../test/fake-api.ts';
import { answerCentre, centreServer } from '../agent/testing/fake-centre.ts';
import { answerHome } from '../home/testing/fake-home.ts';
import { openAsMember } from '../../test/member-session.ts';
import { answerPromotions, FAKE_PROMOTIONS } from '../promotions/testing/fake-promotions.ts';
import { inviteShown } from './lib/menu-rules.ts';

async function openMenu(role: TestRole, status?: ReturnType<typeof createSystemStatus>) {
  const view = await openHome('/m/home?lang=en', { role, status });
  await view.user.click(screen.getByRole('button', { name: 'Menu' }));
  const menu = await screen.findByRole('dialog', { name: 'Menu' });
  return { ...view, menu };
}

describe('side menu rules', () => {
  it('offers invite to visitors, and to members who are not agents only with the REFERRAL promotion', () => {
    expect(inviteShown({ role: 'visitor', memberType: undefined, referralPromotion: false })).toBe(true);
    expect(inviteShown({ role: 'member', memberType: 0, referralPromotion: false })).toBe(false);
    expect(inviteShown({ role: 'member', memberType: 0, referralPromotion: true })).toBe(true);
    expect(inviteShown({ role: 'member', memberType: 41, referralPromotion: true })).toBe(false);
  });
});

describe('side menu (product.md §2)', () => {
  it('shows a visitor home, announcements without a count, invite, agent, live chat, social links and about us', async () => {
    const { menu } = await openMenu('visitor');
    const nav = within(menu).getByRole('navigation', { name: 'Menu' });
    expect(within(nav).getByRole('link', { name: 'Announcements' })).toHaveAttribute('href', '/m/notice');
    expect(within(nav).getByRole('link', { name: 'Message centre' })).toHaveAttribute('href', '/m/message');
    expect(within(nav).getByRole('link', { name: 'Invite friends' })).toHaveAttribute(
      'href',
      '/m/inviteFriends',
    );
    expect(within(nav).getByRole('link', { name: 'Become an agent' })).toHaveAttribute('href', '/m/agent');
    expect(within(nav).getByRole('link', { name: 'Live chat' })).toHaveAttribute('href', '/m/service');
    expect(within(nav).getByRole('link', { name: 'About us' })).toHaveAttribute('href', '/m/help?tag=about');
    const social = await within(menu).findByRole('region', { name: 'Follow us' });
    expect(
      within(social)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Facebook (opens in a new tab)',
      'Telegram (opens in a new tab)',
      'Telegram 2 (opens in a new tab)',
    ]);
    // The m_leftmenu banner, and none of the other groups'.
    const featured = within(menu).getByRole('region', { name: 'Featured' });
    expect(
      within(featured)
        .getAllByRole('img')
        .map((image) => image.getAttribute('alt')),
    ).toEqual(['Invite and earn']);
    expect(within(featured).getByRole('link', { name: 'Invite and earn' })).toHaveAttribute(
      'href',
      '/m/inviteFriends',
    );
    expect(within(menu).queryByTestId('announcement-badge')).toBeNull();
    expect(within(menu).queryByTestId('member-actions')).toBeNull();
    expect(callsTo(contentCalls.announcementUnreadCount)).toHaveLength(0);
  });

  it('offers invite to a member while the merchant runs a REFERRAL promotion', async () => {
    answerPromotions();
    const { menu } = await openMenu('member');
    expect(within(menu).getByTestId('member-actions')).toBeInTheDocument();
    const nav = within(menu).getByRole('navigation', { name: 'Menu' });
    expect(await within(nav).findByRole('link', { name: 'Invite friends' })).toHaveAttribute(
      'href',
      '/m/inviteFriends',
    );
  });

  it('offers no invite to a member when the REFERRAL promotion is not running', async () => {
    const ended = FAKE_PROMOTIONS.map((promotion) => ({
      ...promotion,
      active: promotion.type !== 'REFERRAL',
    }));
    answerPromotions(ended);
    const { menu } = await openMenu('member');
    await waitFor(() => expect(callsTo(promotionsCalls.promotions)).not.toHaveLength(0));
    expect(within(menu).getByTestId('member-actions')).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Invite friends' })).toBeNull();
  });

  it("shows a member's unclaimed announcements, deposit and withdraw, and no invite", async () => {
    on(contentCalls.announcementUnreadCount, { unreadCount: 3 });
    const { menu } = await openMenu('member');
    const badge = await within(menu).findByTestId('announcement-badge');
    expect(badge).toHaveTextContent('3');
    expect(within(menu).getByRole('link', { name: /Announcements/ })).toHaveAccessibleName(
      /^Announcements\s*3 unread$/,
    );
    expect(within(menu).queryByRole('link', { name: 'Invite friends' })).toBeNull();
    const actions = within(menu).getByTestId('member-actions');
    expect(within(actions).getByRole('link', { name: 'Deposit' })).toHaveAttribute(
      'href',
      '/m/voucherCenter',
    );
    expect(within(actions).getByRole('link', { name: 'Withdraw' })).toHaveAttribute('href', '/m/withdraw');
  });

  it('caps a large count at 99+', async () => {
    on(contentCalls.announcementUnreadCount, { unreadCount: 150 });
    const { menu } = await openMenu('member');
    expect(await within(menu).findByTestId('announcement-badge')).toHaveTextContent('99+');
  });

  it('leads to the agent centre without an AGENT resource, and leaves out live chat without a live chat', async () => {
    const status = createSystemStatus({ info: { resources: [], customerService: [] } });
    const { menu } = await openMenu('visitor', status);
    expect(within(menu).getByRole('link', { name: 'Become an agent' })).toHaveAttribute('href', '/m/agent');
    expect(within(menu).queryByRole('link', { name: 'Live chat' })).toBeNull();
  });

  it('names the agent item after the agent centre for an agent, and closes the menu on the way there', async () => {
    answerHome();
    answerCentre(centreServer());
    const { user } = await openAsMember('/m/home?lang=en', { type: 1 });
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' }, { timeout: 5000 });
    expect(within(menu).queryByRole('link', { name: 'Become an agent' })).toBeNull();
    await user.click(within(menu).getByRole('link', { name: 'Agent centre' }));
    await waitFor(() => expect(window.location.pathname).toBe('/m/agent'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
  });

  it('promotes the app download when there are app links', async () => {
    const status = createSystemStatus({
      info: {
        resources: [{ resourceType: 'Android', url: 'https://kl.example.test/a.apk', labelNameEn: 'A' }],
      },
    });
    const { menu } = await openMenu('visitor', status);
    expect(await within(menu).findByTestId('menu-download')).toHaveAttribute('href', '/m/app');
  });

  it('has no download promo without app links', async () => {
    const { menu } = await openMenu('visitor');
    expect(within(menu).queryByTestId('menu-download')).toBeNull();
  });

  it('tells a trial account that deposits need a real account', async () => {
    const { menu, user } = await openMenu('trial');
    await user.click(within(menu).getByRole('button', { name: 'Deposit' }));
    expect(
      await screen.findByText('A real account is required', { selector: '[role="status"]' }),
    ).toBeInTheDocument();
  });
});
