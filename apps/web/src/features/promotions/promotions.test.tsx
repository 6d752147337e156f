import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { promotionsCalls, type PromotionClaim } from '@kl/contracts/promotions';
import { callsTo, on } from '../../test/fake-api.ts';
import { PROMOTION_CLAIMS_KEY } from './api/keys.ts';
import { fakeClaim, fakePromotion } from './testing/fake-promotions.ts';
import { openWithPromotions } from './testing/open-promotions.ts';

describe('promotions list (product.md §2 /m/activity)', () => {
  it('lists the promotions with lazy pictures, bonus, period and the member’s claim status words', async () => {
    on(promotionsCalls.promotionClaims, { list: [fakeClaim(1, 'applying'), fakeClaim(2, 'issued')] });
    const { page } = await openWithPromotions('/m/activity?lang=en');
    const items = await within(page).findAllByTestId('promotion');
    expect(items).toHaveLength(3);
    const image = items[0]!.querySelector('img');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width');
    expect(image).toHaveAttribute('height');
    expect(within(items[0]!).getByRole('link', { name: '100% first deposit bonus' })).toHaveAttribute(
      'href',
      '/m/activityDetail?id=1',
    );
    expect(items[0]).toHaveTextContent(/Bonus: 100% up to .*1,000,000/);
    await waitFor(() => expect(within(items[0]!).getByTestId('claim-status')).toHaveTextContent('Applying'));
    expect(within(items[1]!).getByTestId('claim-status')).toHaveTextContent('Issued');
    expect(within(items[2]!).queryByTestId('claim-status')).toBeNull();
  });

  it('shows the Vietnamese status words by default', async () => {
    on(promotionsCalls.promotionClaims, { list: [fakeClaim(1, 'rejected'), fakeClaim(2, 'claimed')] });
    const { page } = await openWithPromotions('/m/activity');
    const items = await within(page).findAllByTestId('promotion');
    await waitFor(() =>
      expect(within(items[0]!).getByTestId('claim-status')).toHaveTextContent('Bị từ chối'),
    );
    expect(within(items[1]!).getByTestId('claim-status')).toHaveTextContent('Đã nhận');
  });

  it('asks no claims for a visitor and pages a long list', async () => {
    const many = Array.from({ length: 13 }, (_, index) => fakePromotion(index + 1));
    const { page, user } = await openWithPromotions('/m/activity?lang=en', {
      viewer: 'visitor',
      promotions: many,
    });
    expect(await within(page).findAllByTestId('promotion')).toHaveLength(10);
    await user.click(within(page).getByRole('button', { name: 'Show more' }));
    expect(within(page).getAllByTestId('promotion')).toHaveLength(13);
    expect(within(page).queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(callsTo(promotionsCalls.promotionClaims)).toHaveLength(0);
  });

  it('says when there is no promotion', async () => {
    const { page } = await openWithPromotions('/m/activity?lang=en', { promotions: [] });
    expect(await within(page).findByText('No promotions at the moment')).toBeInTheDocument();
  });
});

describe('promotion detail (product.md §2 /m/activityDetail?id)', () => {
  it('shows the sanitised detail HTML', async () => {
    const hostile = fakePromotion(7, {
      detailHtml: '<p>Rules</p><img src="x" onerror="window.hacked = 1"><script>window.hacked = 2</script>',
    });
    const { page } = await openWithPromotions('/m/activityDetail?id=7&lang=en', { promotions: [hostile] });
    const html = await within(page).findByTestId('promotion-html');
    expect(html).toHaveTextContent('Rules');
    expect(html.innerHTML).not.toContain('onerror');
    expect(html.querySelector('script')).toBeNull();
    expect(within(page).getByRole('heading', { name: 'Promotion 7' })).toBeInTheDocument();
  });

  it('applies, then claims the issued bonus once', async () => {
    let claims: PromotionClaim[] = [];
    on(promotionsCalls.promotionClaims, () => ({ list: claims }));
    on(promotionsCalls.applyPromotion, ({ body }) => {
      claims = [fakeClaim(body.promotionId, 'applying')];
      return claims[0]!;
    });
    const { page, user, queryClient } = await openWithPromotions('/m/activityDetail?id=2&lang=en');
    await user.click(await within(page).findByRole('button', { name: 'Apply' }));
    expect(await within(page).findByTestId('claim-status')).toHaveTextContent('Applying');
    expect(
      within(page).getByText('Your deposits are being checked against the conditions.'),
    ).toBeInTheDocument();
    expect(within(page).queryByRole('button', { name: 'Apply' })).toBeNull();
    expect(callsTo(promotionsCalls.applyPromotion).map(({ body }) => body)).toEqual([{ promotionId: 2 }]);

    // A deposit is paid meanwhile: the next reading of the claims finds the bonus issued.
    claims = [fakeClaim(2, 'issued')];
    // The server credits it and starts its turnover requirement (base `bonus`: 5 × 58,000).
    const requirement = {
      ...({ id: 200, source: 'bonus', status: 'active', promotionId: 2 } as const),
      ...{ promotionTitle: 'Deposit 500K, get 58K', required: 290_000, progress: 0, locked: 58_000 },
      ...{ lockedBonus: 58_000, createdAt: '2030-03-01T08:00:00.000Z', closedAt: null },
    };
    on(promotionsCalls.claimBonus, () => {
      claims = [fakeClaim(2, 'claimed', { requirement })];
      return { claim: claims[0]!, credited: true };
    });
    await queryClient.invalidateQueries({ queryKey: PROMOTION_CLAIMS_KEY });
    const claim = await within(page).findByRole('button', { name: /^Claim .*58,000/ });
    expect(within(page).getByTestId('claim-status')).toHaveTextContent('Issued');
    await user.click(claim);
    await waitFor(() => expect(within(page).getByTestId('claim-status')).toHaveTextContent('Claimed'));
    expect(within(page).queryByRole('button', { name: /^Claim/ })).toBeNull();
    expect(callsTo(promotionsCalls.claimBonus).map(({ body }) => body)).toEqual([{ claimId: 200 }]);
    // The bonus's turnover: the rule on the promotion, the progress on the claim.
    expect(within(page).getByTestId('promotion-turnover')).toHaveTextContent(
      'Turnover: 5 × the bonus before it can be withdrawn',
    );
    expect(within(page).getByTestId('turnover-progress-text')).toHaveTextContent(/0 of .*290,000 played/);
    expect(
      within(page).getByRole('progressbar', { name: /Turnover of Bonus: Deposit 500K, get 58K/ }),
    ).toBeInTheDocument();
  });

  it('offers a REFERRAL promotion’s bonuses from friends, and no apply button', async () => {
    const fromFriend = fakeClaim(3, 'issued', { referredMember: 'friend01', bonusAmount: 50_000 });
    on(promotionsCalls.promotionClaims, { list: [fromFriend] });
    const { page } = await openWithPromotions('/m/activityDetail?id=3&lang=en');
    expect(await within(page).findByText('Friend: friend01')).toBeInTheDocument();
    expect(within(page).getByRole('button', { name: /^Claim .*50,000/ })).toBeInTheDocument();
    expect(within(page).getByRole('link', { name: 'Invite friends' })).toHaveAttribute(
      'href',
      '/m/inviteFriends',
    );
    expect(within(page).queryByRole('button', { name: 'Apply' })).toBeNull();
  });

  it('sends a visitor to log in to apply', async () => {
    const { page, user } = await openWithPromotions('/m/activityDetail?id=2&lang=en', { viewer: 'visitor' });
    await user.click(await within(page).findByRole('link', { name: 'Log in to apply' }));
    await waitFor(() => expect(window.location.pathname).toBe('/m/login'));
  });

  it('refuses a trial member with the free_reject text', async () => {
    const { page } = await openWithPromotions('/m/activityDetail?id=2&lang=en', { viewer: 'trial' });
    expect(await within(page).findByRole('link', { name: 'Register now' })).toHaveAttribute(
      'href',
      '/m/register',
    );
    expect(within(page).queryByRole('button', { name: 'Apply' })).toBeNull();
  });

  it('says an unknown or malformed id does not exist', async () => {
    const { page } = await openWithPromotions('/m/activityDetail?id=999&lang=en');
    expect(await within(page).findByText('This promotion does not exist')).toBeInTheDocument();
    const again = await openWithPromotions('/m/activityDetail?id=abc&lang=en');
    expect(await within(again.page).findByText('This promotion does not exist')).toBeInTheDocument();
  });
});
