import { DEFAULT_MONEY_CONTROLS } from '@kl/contracts/admin/controls';
import type { AdminPromotion, AdminPromotionClaim } from '@kl/contracts/admin/promotions';
import { describe, expect, it } from 'vitest';
import {
  adminCalls,
  answer,
  bodyOf,
  createOperator,
  failure,
  findHeading,
  LANGUAGE_STORAGE_KEY,
  on,
  renderAdmin,
  screen,
  waitFor,
  within,
} from '../../test/kit.ts';

/** The signed-in operator of these tests (`createOperator('risk')`). */
const ME = 'risk.one';

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
  published: true,
  publishedAt: '2026-02-28T00:00:00.000Z',
  publishedBy: 'risk.two',
  writtenBy: 'risk.three',
  createdBy: 'risk.three',
  draft: null,
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

/** The screen in English with `list` as the server's promotions (changed in place by the routes). */
function renderPromotions(list: AdminPromotion[], ...routes: ReturnType<typeof on>[]) {
  return renderAdmin('/promotions', {
    storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
    routes: [
      on(adminCalls.adminSession, () => answer(adminCalls.adminSession, createOperator('risk'))),
      on(adminCalls.adminControls, () => answer(adminCalls.adminControls, DEFAULT_MONEY_CONTROLS)),
      on(adminCalls.adminPromotions, () =>
        answer(adminCalls.adminPromotions, {
          list,
          pageNo: 1,
          pageSize: 20,
          total: list.length,
          contributions: { default: 100, categories: { FISH: 50 } },
        }),
      ),
      ...routes,
    ],
  });
}

const rowOf = async (name: string) => (await screen.findByRole('cell', { name })).closest('tr')!;
const popover = async (text: string) => (await screen.findByText(text)).closest<HTMLElement>('.ant-popover')!;

describe('promotions', () => {
  it(
    'saves an edit as a change waiting for another operator, ends a promotion now and shows its claims',
    { timeout: 20_000 },
    async () => {
      const list = [running];
      const { user, api } = await renderPromotions(
        list,
        on(adminCalls.adminUpdatePromotion, (request) => {
          const body = bodyOf(adminCalls.adminUpdatePromotion, request);
          const { endNow, ...change } = body;
          const saved: AdminPromotion = endNow
            ? { ...list[0]!, status: 'ended', endsAt: '2026-03-10T00:00:00.000Z' }
            : { ...running, draft: { change, draftBy: ME, draftAt: '2026-03-05T00:00:00.000Z' } };
          list.splice(0, 1, saved);
          return answer(adminCalls.adminUpdatePromotion, saved);
        }),
        on(adminCalls.adminPromotionClaims, () =>
          answer(adminCalls.adminPromotionClaims, { list: [claim], pageNo: 1, pageSize: 20, total: 1 }),
        ),
      );
      await findHeading('Promotions');
      const row = await rowOf('100% first deposit bonus');
      expect(within(row).getByText('Running')).toBeVisible();
      expect(within(row).getByText('Published')).toBeVisible();
      expect(within(row).getByText('by risk.two')).toBeVisible();
      expect(within(row).queryByRole('button', { name: 'Review' })).toBeNull();
      expect(screen.getByText(/default 100%, FISH 50%/)).toBeVisible();

      await user.click(within(row).getByRole('button', { name: 'Edit' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit promotion WELCOME100' });
      expect(within(dialog).getByText(/Your change waits for another operator/)).toBeVisible();
      expect(await within(dialog).findByText("At most ₫10,000,000 (the merchant's limit).")).toBeVisible();
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

      // The live title stays; the row says a change waits.
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      const waiting = await rowOf('100% first deposit bonus');
      await waitFor(() => expect(within(waiting).getByText('Published — change waiting')).toBeVisible());
      expect(within(waiting).getByRole('button', { name: 'Review' })).toBeVisible();

      await user.click(within(waiting).getByRole('button', { name: 'End now' }));
      const confirm = await popover('End promotion WELCOME100 now?');
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
    },
  );

  it(
    'checks the bonus and the turnover against the merchant’s limits, and shows the server’s refusal under its field',
    { timeout: 20_000 },
    async () => {
      const { user, api } = await renderPromotions(
        [running],
        on(adminCalls.adminUpdatePromotion, () =>
          failure('INVALID_INPUT', 400, { field: 'bonus.cap', reason: 'BONUS_ABOVE_CAP', cap: 5_000_000 }),
        ),
      );
      await findHeading('Promotions');
      await user.click(within(await rowOf('100% first deposit bonus')).getByRole('button', { name: 'Edit' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit promotion WELCOME100' });
      expect(await within(dialog).findByText("At least 1 (the merchant's minimum).")).toBeVisible();

      const cap = within(dialog).getByLabelText('Largest bonus (VND)');
      await user.clear(cap);
      await user.type(cap, '500000000');
      const multiple = within(dialog).getByLabelText('Turnover multiple');
      await user.clear(multiple);
      await user.type(multiple, '0');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(
        await within(dialog).findByText("The bonus may be at most ₫10,000,000 (the merchant's limit)"),
      ).toBeVisible();
      expect(
        await within(dialog).findByText("The turnover multiple must be at least 1 (the merchant's minimum)"),
      ).toBeVisible();
      expect(api.requestsOf(adminCalls.adminUpdatePromotion)).toHaveLength(0);

      // Within the limits the form read; the server, whose cap was lowered since, refuses it.
      await user.clear(cap);
      await user.type(cap, '8000000');
      await user.clear(multiple);
      await user.type(multiple, '1');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(api.requestsOf(adminCalls.adminUpdatePromotion)).toHaveLength(1));
      expect(
        await within(dialog).findByText("The bonus may be at most ₫5,000,000 (the merchant's limit)"),
      ).toBeVisible();
      expect(screen.getByRole('dialog', { name: 'Edit promotion WELCOME100' })).toBeVisible();
    },
  );

  it(
    'lets the author of a new promotion see why they cannot publish it, and withdraw it',
    { timeout: 20_000 },
    async () => {
      const mine: AdminPromotion = {
        ...running,
        id: 8,
        code: 'NEWONE',
        title: { vi: 'Khuyến mãi mới', en: 'New promotion of mine' },
        claims: 0,
        published: false,
        publishedAt: null,
        publishedBy: null,
        createdBy: ME,
        writtenBy: ME,
      };
      const list = [mine];
      const { user, api } = await renderPromotions(
        list,
        on(adminCalls.adminDiscardPromotion, () => {
          list.splice(0, 1);
          return answer(adminCalls.adminDiscardPromotion, { promotion: null });
        }),
      );
      await findHeading('Promotions');
      const row = await rowOf('New promotion of mine');
      expect(within(row).getByText('Draft — waiting for another operator')).toBeVisible();
      await user.click(within(row).getByRole('button', { name: 'Review' }));
      const dialog = await screen.findByRole('dialog', { name: 'Review promotion NEWONE' });
      expect(
        within(dialog).getByText(`New promotion written by ${ME}, not published: players do not see it.`),
      ).toBeVisible();
      const terms = within(dialog).getByRole('table', { name: 'Terms of promotion NEWONE' });
      expect(within(terms).getByRole('columnheader', { name: 'Written terms' })).toBeVisible();
      expect(within(terms).getByText('100%, at most ₫1,000,000')).toBeVisible();
      expect(within(dialog).getByTestId('cannot-publish')).toHaveTextContent(
        'You wrote this, so another operator must publish it.',
      );
      expect(within(dialog).getByRole('button', { name: 'Publish' })).toBeDisabled();

      await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
      const confirm = await popover('Withdraw promotion NEWONE? It was never published and will be deleted.');
      await user.click(within(confirm).getByRole('button', { name: 'Discard' }));
      await waitFor(() => expect(api.requestsOf(adminCalls.adminDiscardPromotion)).toHaveLength(1));
      const [discard] = api.requestsOf(adminCalls.adminDiscardPromotion);
      expect(discard?.params).toEqual({ promotionId: '8' });
      expect(discard?.json).toEqual({ draftAt: null });
      await waitFor(() => expect(screen.queryByRole('cell', { name: 'New promotion of mine' })).toBeNull());
      expect(api.requestsOf(adminCalls.adminPublishPromotion)).toHaveLength(0);
    },
  );

  it(
    'shows another operator’s change beside the live terms and publishes it after confirmation',
    { timeout: 20_000 },
    async () => {
      const draftAt = '2026-03-05T08:00:00.000Z';
      const changed: AdminPromotion = {
        ...running,
        draft: {
          change: { bonus: { kind: 'fixed', amount: 8_000_000 }, sort: 4 },
          draftBy: 'risk.two',
          draftAt,
        },
      };
      const list = [changed];
      const { user, api } = await renderPromotions(
        list,
        on(adminCalls.adminPublishPromotion, () => {
          const published: AdminPromotion = {
            ...running,
            bonus: { kind: 'fixed', amount: 8_000_000 },
            sort: 4,
            publishedBy: ME,
            writtenBy: 'risk.two',
          };
          list.splice(0, 1, published);
          return answer(adminCalls.adminPublishPromotion, published);
        }),
      );
      await findHeading('Promotions');
      await user.click(
        within(await rowOf('100% first deposit bonus')).getByRole('button', { name: 'Review' }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Review promotion WELCOME100' });
      expect(
        within(dialog).getByText(/Change written by risk\.two on .*: players keep the live terms/),
      ).toBeVisible();
      const terms = within(dialog).getByRole('table', { name: 'Terms of promotion WELCOME100' });
      const bonus = within(terms).getByRole('cell', { name: 'Bonus' }).closest('tr')!;
      expect(within(bonus).getByText('100%, at most ₫1,000,000')).toBeVisible();
      expect(within(bonus).getByText('₫8,000,000')).toBeVisible();
      const title = within(terms).getByRole('cell', { name: 'Title' }).closest('tr')!;
      expect(within(title).getByText('Unchanged')).toBeVisible();
      expect(within(dialog).queryByTestId('cannot-publish')).toBeNull();

      await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
      const confirm = await popover('Publish promotion WELCOME100? Players will see these terms.');
      await user.click(within(confirm).getByRole('button', { name: 'Publish' }));
      await waitFor(() => expect(api.requestsOf(adminCalls.adminPublishPromotion)).toHaveLength(1));
      expect(api.requestsOf(adminCalls.adminPublishPromotion)[0]?.json).toEqual({ draftAt });
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Review promotion WELCOME100' })).toBeNull(),
      );
      const row = await rowOf('WELCOME100');
      await waitFor(() => expect(within(row).getByText('₫8,000,000')).toBeVisible());
      expect(within(row).getByText(`by ${ME}`)).toBeVisible();
    },
  );
});
