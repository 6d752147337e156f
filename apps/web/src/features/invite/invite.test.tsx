import { waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { promotionsCalls } from '@kl/contracts/promotions';
import { callsTo } from '../../test/fake-api.ts';
import { FAKE_REFERRAL_QR } from '../promotions/testing/fake-promotions.ts';
import { openWithPromotions } from '../promotions/testing/open-promotions.ts';

describe('invite friends (product.md §2 /m/inviteFriends)', () => {
  it('shows the code, the link with copy buttons, the QR image, the referred count and the rules', async () => {
    const { page, user } = await openWithPromotions('/m/inviteFriends?lang=en');
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    expect(await within(page).findByTestId('referral-code')).toHaveTextContent('ABCD2345');
    const link = `${window.location.origin}/m/register?recommenderId=ABCD2345`;
    expect(within(page).getByTestId('referral-link')).toHaveTextContent(link);
    expect(within(page).getByTestId('referred-count')).toHaveTextContent('2');
    const qr = within(page).getByRole('img', { name: 'QR code of your referral link' });
    expect(qr).toHaveAttribute('src', FAKE_REFERRAL_QR);
    expect(qr).toHaveAttribute('width', '200');
    expect(within(page).getByRole('heading', { name: 'How it works' })).toBeInTheDocument();
    expect(page).toHaveTextContent(/first deposit of .*100,000 or more is paid, you get .*50,000/);

    await user.click(within(page).getByRole('button', { name: 'Copy Referral link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(link));
    await user.click(within(page).getByRole('button', { name: 'Copy Referral code' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('ABCD2345'));
  });

  it('says when no referral promotion runs', async () => {
    const { page } = await openWithPromotions('/m/inviteFriends?lang=en', { promotions: [] });
    expect(
      await within(page).findByText('There is no referral promotion at the moment.'),
    ).toBeInTheDocument();
    expect(within(page).getByTestId('referral-code')).toBeInTheDocument();
  });

  it('asks a visitor to log in or register', async () => {
    const { page } = await openWithPromotions('/m/inviteFriends?lang=en', { viewer: 'visitor' });
    expect(await within(page).findByText('Log in or register to invite your friends')).toBeInTheDocument();
    expect(within(page).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/m/login');
    expect(within(page).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/m/register');
    expect(callsTo(promotionsCalls.myReferral)).toHaveLength(0);
  });

  it('tells a trial member a real account is needed', async () => {
    const { page } = await openWithPromotions('/m/inviteFriends?lang=en', { viewer: 'trial' });
    expect(await within(page).findByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      '/m/register',
    );
    expect(callsTo(promotionsCalls.myReferral)).toHaveLength(0);
  });
});
