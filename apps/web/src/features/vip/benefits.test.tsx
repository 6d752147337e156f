import { SESSION_STORAGE_KEY } from '@kl/contracts/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createSystemStatus } from '../../test/factories.ts';
import { callsTo, on } from '../../test/fake-api.ts';
import { findScreen, renderApp } from '../../test/render-app.tsx';
import { storedSession } from '../../test/fake-data.ts';
import { vipCalls } from '@kl/contracts/vip';
import { FAKE_MY_VIP, FAKE_VIP_LEVELS } from './testing/fake-vip.ts';

async function openBenefits({ showVipBenefit = true, path = '/m/member/benefits?lang=en' } = {}) {
  on(vipCalls.vipLevels, { list: FAKE_VIP_LEVELS, currency: 'VND' });
  on(vipCalls.myVip, FAKE_MY_VIP);
  const status = createSystemStatus();
  status.info.toggles.showVipBenefit = showVipBenefit;
  await renderApp(path, {
    status,
    cachedStatus: status,
    storage: { [SESSION_STORAGE_KEY]: storedSession(0) },
  });
  return findScreen();
}

describe('VIP benefits (product.md §2 /m/member/benefits)', () => {
  it('shows the member’s level, the progress to the next and the level table', async () => {
    const page = await openBenefits();
    const mine = await within(page).findByTestId('my-vip');
    expect(within(mine).getByRole('heading')).toHaveTextContent('Your level: VIP 1 – Bronze');
    expect(within(mine).getByRole('progressbar', { name: 'Progress to the next level' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(mine).toHaveTextContent(/Deposit .*4,500,000 more to reach VIP 2 – Silver/);

    const table = within(page).getByRole('table', { name: 'VIP levels and benefits' });
    const rows = within(table).getAllByTestId('vip-level');
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'VIP 0 – Member',
      'VIP 1 – Bronze',
      'VIP 2 – Silver',
    ]);
    expect(rows[1]).toHaveAttribute('aria-current', 'true');
    expect(rows[1]).toHaveTextContent('0.4%');
    expect(rows[1]).toHaveTextContent(/4 × up to .*100,000,000/);
  });

  it('asks for the levels again each time it opens: a change made in the back office shows', async () => {
    const page = await openBenefits();
    const rows = () => within(page).getAllByTestId('vip-level');
    await waitFor(() => expect(rows()).toHaveLength(3));
    window.history.pushState(null, '', '/m/home?lang=en');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await waitFor(() => expect(document.querySelector('[data-page="home"]')).not.toBeNull());

    const [member, bronze, silver] = FAKE_VIP_LEVELS;
    if (!member || !bronze || !silver) throw new Error('fake levels missing');
    const gold = { ...silver, level: 3, name: 'Gold', depositThreshold: 50_000_000 };
    on(vipCalls.vipLevels, { list: [member, { ...bronze, name: 'Copper' }, silver, gold], currency: 'VND' });
    window.history.pushState(null, '', '/m/member/benefits?lang=en');
    window.dispatchEvent(new PopStateEvent('popstate'));
    const table = await screen.findByRole('table', { name: 'VIP levels and benefits' });
    await waitFor(() =>
      expect(
        within(table)
          .getAllByTestId('vip-level')
          .map((row) => within(row).getByRole('rowheader').textContent),
      ).toEqual(['VIP 0 – Member', 'VIP 1 – Copper', 'VIP 2 – Silver', 'VIP 3 – Gold']),
    );
    expect(callsTo(vipCalls.vipLevels)).toHaveLength(2);
  });

  it('speaks Vietnamese by default', async () => {
    const page = await openBenefits({ path: '/m/member/benefits' });
    expect(await within(page).findByText('Cấp của bạn: VIP 1 – Bronze')).toBeInTheDocument();
  });

  it('says to contact customer service when the merchant does not show VIP benefits (product.md §4)', async () => {
    const page = await openBenefits({ showVipBenefit: false });
    expect(await within(page).findByText('Please contact customer service')).toBeInTheDocument();
    expect(within(page).queryByRole('table')).toBeNull();
  });
});
