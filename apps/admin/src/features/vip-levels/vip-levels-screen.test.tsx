import type { OperatorRequestView } from '@kl/contracts/admin/credentials';
import type { AdminVipLevel, AdminVipLevels, VipLevelPendingChange } from '@kl/contracts/admin/vip';
import { describe, expect, it } from 'vitest';
import {
  adminCalls,
  answer,
  createOperator,
  fillIn,
  findHeading,
  LANGUAGE_STORAGE_KEY,
  on,
  renderAdmin,
  screen,
  waitFor,
  within,
} from '../../test/kit.ts';

const level = (n: number, vi: string, en: string, threshold: number, members: number): AdminVipLevel => ({
  level: n,
  name: { vi, en },
  depositThreshold: threshold,
  upgradeBonus: n * 18_000,
  birthdayBonus: n * 28_000,
  monthlyBonus: n * 8_000,
  dailyWithdrawalCount: 3 + n,
  dailyWithdrawalLimit: 50_000_000 * (n + 1),
  rebateBasisPoints: 30 + 10 * n,
  members,
});
const LEVELS = [
  level(0, 'Thành viên', 'Member', 0, 120),
  level(1, 'Đồng', 'Bronze', 1_000_000, 14),
  level(2, 'Bạc', 'Silver', 10_000_000, 0),
];
const OTHER_ID = '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d';
const ME = createOperator('risk');
const waiting: VipLevelPendingChange = {
  requestId: '7e6d5c4b-3a29-4818-9706-f5e4d3c2b1a0',
  change: 'update',
  level: 1,
  terms: { ...LEVELS[1]!, upgradeBonus: 50_000 },
  note: 'summer offer',
  requestedBy: { id: OTHER_ID, username: 'owner.two' },
  requestedAt: '2026-03-01T08:00:00.000Z',
};
const requestView = (status: OperatorRequestView['status']): OperatorRequestView => ({
  id: waiting.requestId,
  kind: 'vip_level.update',
  area: 'promotions',
  target: '1',
  targetLabel: '1 · Đồng',
  payload: { change: 'update', level: 1, terms: waiting.terms },
  status,
  note: 'summer offer',
  requestedBy: waiting.requestedBy,
  requestedAt: waiting.requestedAt,
  decidedBy: status === 'pending' ? null : { id: ME.id, username: ME.username },
  decidedAt: status === 'pending' ? null : '2026-03-01T09:00:00.000Z',
  decisionNote: null,
});

const levelsAnswer = (answerValue: Partial<AdminVipLevels> = {}) =>
  on(adminCalls.adminVipLevels, () =>
    answer(adminCalls.adminVipLevels, { list: LEVELS, pending: [], currency: 'VND', ...answerValue }),
  );

describe('the VIP levels screen', () => {
  it('lists the levels in grouped đồng with their members; finance reads without changing', async () => {
    await renderAdmin('/vip-levels', {
      routes: [
        on(adminCalls.adminSession, () => answer(adminCalls.adminSession, createOperator('finance'))),
        levelsAnswer(),
      ],
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
    });
    await findHeading('VIP levels');
    const table = await screen.findByRole('table', { name: 'VIP levels' });
    const bronze = within(table).getByText('Bronze').closest('tr');
    if (!bronze) throw new Error('no row');
    expect(within(bronze).getByText('₫1,000,000')).toBeVisible();
    expect(within(bronze).getByText('₫100,000,000')).toBeVisible();
    expect(within(bronze).getByText('0.4 %')).toBeVisible();
    expect(within(bronze).getByText('14')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add the next level' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit level 1' })).toBeNull();
  });

  it(
    'edits a level: checks the threshold against its neighbours, sends the rebate in basis points, says the change waits',
    { timeout: 30_000 },
    async () => {
      const { user, api } = await renderAdmin('/vip-levels', {
        routes: [
          on(adminCalls.adminSession, () => answer(adminCalls.adminSession, ME)),
          levelsAnswer(),
          on(adminCalls.adminUpdateVipLevel, () =>
            answer(adminCalls.adminUpdateVipLevel, {
              applied: false,
              level: LEVELS[1]!,
              request: requestView('pending'),
            }),
          ),
        ],
        storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
      });
      await user.click(await screen.findByRole('button', { name: 'Edit level 1' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit level 1' });
      const field = (label: string) => within(dialog).getByLabelText(label);
      expect(field('Deposit threshold (đồng)')).toHaveValue('1,000,000');
      const retype = async (label: string, text: string) => {
        await user.clear(field(label));
        await fillIn(user, field(label), text);
      };
      await retype('Deposit threshold (đồng)', '10000000');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByText("Must be below level 2's ₫10,000,000")).toBeVisible();
      expect(await within(dialog).findByText('Please say why')).toBeVisible();
      expect(api.requestsOf(adminCalls.adminUpdateVipLevel)).toHaveLength(0);

      await retype('Deposit threshold (đồng)', '2000000');
      await retype('Upgrade bonus (đồng)', '50000');
      await retype('Rebate (%)', '0.75');
      await fillIn(user, field('Why'), 'summer offer');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText("The change waits for another operator's approval")).toBeVisible();
      expect(
        api.requestsOf(adminCalls.adminUpdateVipLevel).map((request) => [request.params, request.json]),
      ).toEqual([
        [
          { level: '1' },
          {
            name: { vi: 'Đồng', en: 'Bronze' },
            depositThreshold: 2_000_000,
            upgradeBonus: 50_000,
            birthdayBonus: 28_000,
            monthlyBonus: 8_000,
            dailyWithdrawalCount: 4,
            dailyWithdrawalLimit: 100_000_000,
            rebateBasisPoints: 75,
            note: 'summer offer',
          },
        ],
      ]);
    },
  );

  it('adds the next level and deletes the highest one nobody is at', { timeout: 30_000 }, async () => {
    const { user, api } = await renderAdmin('/vip-levels', {
      routes: [
        on(adminCalls.adminSession, () => answer(adminCalls.adminSession, ME)),
        levelsAnswer(),
        on(adminCalls.adminAddVipLevel, () =>
          answer(adminCalls.adminAddVipLevel, {
            applied: true,
            level: level(3, 'Vàng', 'Gold', 50_000_000, 0),
            request: null,
          }),
        ),
        on(adminCalls.adminDeleteVipLevel, () => answer(adminCalls.adminDeleteVipLevel, { deleted: true })),
      ],
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
    });
    await findHeading('VIP levels');
    // Only the highest level offers delete; level 1 has members, level 0 stays.
    expect(await screen.findByRole('button', { name: 'Delete level 2' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Delete level 1' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add the next level' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add level 3' });
    await fillIn(user, within(dialog).getByLabelText('Name (Vietnamese)'), 'Vàng');
    await fillIn(user, within(dialog).getByLabelText('Deposit threshold (đồng)'), '50000000');
    await fillIn(user, within(dialog).getByLabelText('Why'), 'a new top level');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Level saved')).toBeVisible();
    expect(api.requestsOf(adminCalls.adminAddVipLevel)[0]?.json).toEqual({
      name: { vi: 'Vàng' },
      depositThreshold: 50_000_000,
      upgradeBonus: 0,
      birthdayBonus: 0,
      monthlyBonus: 0,
      dailyWithdrawalCount: 5,
      dailyWithdrawalLimit: 150_000_000,
      rebateBasisPoints: 0,
      note: 'a new top level',
    });

    await user.click(screen.getByRole('button', { name: 'Delete level 2' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Level deleted')).toBeVisible();
    expect(api.requestsOf(adminCalls.adminDeleteVipLevel).map((request) => request.params)).toEqual([
      { level: '2' },
    ]);
  });

  it('shows the changes waiting: another operator approves one, its asker may only take it back', async () => {
    const mine: VipLevelPendingChange = {
      ...waiting,
      requestId: '1b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9',
      level: 2,
      terms: { ...LEVELS[2]!, monthlyBonus: 40_000 },
      requestedBy: { id: ME.id, username: ME.username },
    };
    const { user, api } = await renderAdmin('/vip-levels', {
      routes: [
        on(adminCalls.adminSession, () => answer(adminCalls.adminSession, ME)),
        levelsAnswer({ pending: [waiting, mine] }),
        on(adminCalls.adminDecideOperatorRequest, () =>
          answer(adminCalls.adminDecideOperatorRequest, {
            request: requestView('approved'),
            invitation: null,
          }),
        ),
      ],
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
    });
    const pending = await screen.findByRole('table', { name: 'Changes waiting for approval' });
    const theirs = within(pending).getByText('owner.two').closest('tr');
    const ours = within(pending).getByText(ME.username).closest('tr');
    if (!theirs || !ours) throw new Error('rows missing');
    expect(within(theirs).getByText(/Bronze: threshold ₫1,000,000, upgrade ₫50,000/)).toBeVisible();
    expect(within(ours).getByText('Yours: another operator decides')).toBeVisible();
    expect(within(ours).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(ours).getByRole('button', { name: 'Cancel the request: Level 2' })).toBeVisible();

    await user.click(within(theirs).getByRole('button', { name: 'Approve' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Change applied')).toBeVisible();
    await waitFor(() =>
      expect(
        api
          .requestsOf(adminCalls.adminDecideOperatorRequest)
          .map((request) => [request.params, request.json]),
      ).toEqual([[{ requestId: waiting.requestId }, { approve: true }]]),
    );
  });
});
