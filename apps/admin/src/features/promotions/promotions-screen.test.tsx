import type { AdminPromotion, AdminPromotionClaim } from '@kl/contracts/admin/promotions';
import { describe, expect, it } from 'vitest';
import {
  adminCalls,
  answer,
  bodyOf,
  createOperator,
  findHeading,
  LANGUAGE_STORAGE_KEY,
  on,
  renderAdmin,
  screen,
  waitFor,
  within,
} from '../../test/kit.ts';

const running: AdminPromotion = {
  id: 7,
  code: 'WELCOME100',
  type: 'FIRST_DEPOSIT',
  title: { vi: 'Thưởng 100% nạp đầu', en: '100% first deposit bonus' },
  summary: { vi: 'Nạp lần đầu nhận 100%' },
  detailHtml: { vi: '<p>Chi tiết</p>' },
  imageUrl: '/m/welcome.png',
  startsAt: '2026-03-01T00:00:00.000Z',
  endsAt: '2026-04-01T00:00:00.000Z',
  status: 'running',
  bonus: { kind: 'percent', percent: 100, cap: 1_000_000 },
  minDeposit: 100_000,
  currency: 'VND',
  sort: 1,
  turnover: { multiple: 15, base: 'deposit_bonus' },
  claims: 1,
};

const claim: AdminPromotionClaim = {
  id: 31,
  promotionId: 7,
  memberId: '3d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d',
  username: 'player01',
  referredMember: null,
  status: 'claimed',
  reason: null,
  bonusAmount: 200_000,
  depositAmount: 200_000,
  currency: 'VND',
  turnoverRequired: 6_000_000,
  turnoverDone: 1_500_000,
  turnoverStatus: 'active',
  appliedAt: '2026-03-02T00:00:00.000Z',
  updatedAt: '2026-03-02T01:00:00.000Z',
};

describe('promotions', () => {
  it('edits a promotion, ends it now and shows its claims', { timeout: 20_000 }, async () => {
    const list = [running];
    const { user, api } = await renderAdmin('/promotions', {
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
      routes: [
        on(adminCalls.adminSession, () => answer(adminCalls.adminSession, createOperator('risk'))),
        on(adminCalls.adminPromotions, () =>
          answer(adminCalls.adminPromotions, {
            list,
            pageNo: 1,
            pageSize: 20,
            total: list.length,
            contributions: { default: 100, categories: { FISH: 50 } },
          }),
        ),
        on(adminCalls.adminUpdatePromotion, (request) => {
          const body = bodyOf(adminCalls.adminUpdatePromotion, request);
          const saved: AdminPromotion = body.endNow
            ? { ...running, status: 'ended', endsAt: '2026-03-10T00:00:00.000Z' }
            : { ...running, title: body.title ?? running.title };
          list.splice(0, 1, saved);
          return answer(adminCalls.adminUpdatePromotion, saved);
        }),
        on(adminCalls.adminPromotionClaims, () =>
          answer(adminCalls.adminPromotionClaims, { list: [claim], pageNo: 1, pageSize: 20, total: 1 }),
        ),
      ],
    });
    await findHeading('Promotions');
    const row = (await screen.findByRole('cell', { name: '100% first deposit bonus' })).closest('tr')!;
    expect(within(row).getByText('Running')).toBeVisible();
    expect(screen.getByText(/default 100%, FISH 50%/)).toBeVisible();

    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit promotion WELCOME100' });
    expect(within(dialog).getByLabelText('Code')).toBeDisabled();
    const title = within(dialog).getByLabelText('Title (English)');
    await user.clear(title);
    await user.type(title, 'Welcome bonus');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requestsOf(adminCalls.adminUpdatePromotion)).toHaveLength(1));
    const [update] = api.requestsOf(adminCalls.adminUpdatePromotion);
    expect(update?.params).toEqual({ promotionId: '7' });
    expect(update?.json).toEqual({
      title: { vi: 'Thưởng 100% nạp đầu', en: 'Welcome bonus' },
      summary: { vi: 'Nạp lần đầu nhận 100%' },
      detailHtml: { vi: '<p>Chi tiết</p>' },
      imageUrl: '/m/welcome.png',
      startsAt: running.startsAt,
      endsAt: running.endsAt,
      bonus: { kind: 'percent', percent: 100, cap: 1_000_000 },
      minDeposit: 100_000,
      turnover: { multiple: 15, base: 'deposit_bonus' },
      sort: 1,
    });

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const edited = screen.getByRole('cell', { name: 'Welcome bonus' }).closest('tr')!;
    await user.click(within(edited).getByRole('button', { name: 'End now' }));
    const confirm = (await screen.findByText('End promotion WELCOME100 now?')).closest<HTMLElement>(
      '.ant-popover',
    )!;
    await user.click(within(confirm).getByRole('button', { name: 'End now' }));
    await waitFor(() => expect(api.requestsOf(adminCalls.adminUpdatePromotion)).toHaveLength(2));
    expect(api.requestsOf(adminCalls.adminUpdatePromotion)[1]?.json).toEqual({ endNow: true });
    await waitFor(() =>
      expect(
        within(screen.getByRole('cell', { name: 'WELCOME100' }).closest('tr')!).getByText('Ended'),
      ).toBeVisible(),
    );
    const ended = screen.getByRole('cell', { name: 'WELCOME100' }).closest('tr')!;
    expect(within(ended).queryByRole('button', { name: 'End now' })).toBeNull();

    await user.click(within(ended).getByRole('button', { name: 'Claims' }));
    const drawer = await screen.findByRole('dialog', { name: 'Claims of promotion WELCOME100' });
    const claimRow = (await within(drawer).findByRole('cell', { name: 'player01' })).closest('tr')!;
    expect(within(claimRow).getByText('Claimed')).toBeVisible();
    expect(within(claimRow).getByText('₫1,500,000 / ₫6,000,000')).toBeVisible();
  });
});
