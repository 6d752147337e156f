import type { AdminLotteryDraw } from '@kl/contracts/admin/lottery';
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
  within,
} from '../../test/kit.ts';

const draw: AdminLotteryDraw = {
  id: '5b0c6a1e-2f3d-4c5b-8a79-0e1f2a3b4c5d',
  gameCode: 'ST1',
  gameName: 'Siêu tốc 1 phút',
  category: 'ELOTT',
  issue: '20260301-0901',
  station: 'Siêu tốc',
  drawAt: '2026-03-01T08:01:00.000Z',
  closeAt: '2026-03-01T08:00:50.000Z',
  status: 'scheduled',
  bets: 3,
  stake: 81_000,
  openBets: 2,
  payout: 0,
  refunded: 27_000,
  drawnAt: null,
  settledAt: null,
  voidedAt: null,
  voidReason: null,
};

describe('the lottery draws screen', () => {
  it('voids a draw after a confirmation with a reason, and shows it void', async () => {
    const { user, api } = await renderAdmin('/lottery-draws', {
      routes: [
        on(adminCalls.adminSession, () => answer(adminCalls.adminSession, createOperator('owner'))),
        on(adminCalls.adminLotteryDraws, () =>
          answer(adminCalls.adminLotteryDraws, {
            list: [draw],
            pageNo: 1,
            pageSize: 20,
            total: 1,
            games: [{ code: 'ST1', name: draw.gameName, category: 'ELOTT' }],
          }),
        ),
        on(adminCalls.adminVoidLotteryDraw, (request) => {
          const { reason } = bodyOf(adminCalls.adminVoidLotteryDraw, request);
          Object.assign(draw, {
            status: 'void',
            openBets: 0,
            refunded: draw.stake,
            voidedAt: '2026-03-01T08:00:30.000Z',
            voidReason: reason,
          });
          return answer(adminCalls.adminVoidLotteryDraw, {
            draw,
            changed: true,
            refundedBets: 2,
            refundedAmount: 54_000,
          });
        }),
      ],
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
    });
    await findHeading('Lottery draws');
    await user.click(
      await screen.findByRole('button', { name: 'Void draw 20260301-0901 of Siêu tốc 1 phút' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Void draw 20260301-0901 of Siêu tốc 1 phút' });
    expect(within(dialog).getByText(/its 2 open bets get their stakes back/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect(await within(dialog).findByText('Please enter a reason')).toBeVisible();
    expect(api.requestsOf(adminCalls.adminVoidLotteryDraw)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), 'Station postponed the draw');
    await user.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect(await screen.findByText('Draw voided: 2 bets refunded (₫54,000)')).toBeVisible();
    expect(await screen.findByText('Station postponed the draw')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Void draw/ })).toBeNull();
    expect(api.requestsOf(adminCalls.adminVoidLotteryDraw).map((request) => request.json)).toEqual([
      { reason: 'Station postponed the draw' },
    ]);
  });
});
