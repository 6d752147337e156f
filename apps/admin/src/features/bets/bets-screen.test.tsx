import type { AdminBet } from '@kl/contracts/admin/bets';
import { describe, expect, it } from 'vitest';
import {
  adminCalls,
  answer,
  captureDownloads,
  chooseOption,
  createOperator,
  csvFile,
  findHeading,
  LANGUAGE_STORAGE_KEY,
  on,
  onFile,
  renderAdmin,
  screen,
  waitFor,
  within,
} from '../../test/kit.ts';

const bet: AdminBet = {
  id: '4b3a2c1d-0e9f-4a8b-9c7d-6e5f4a3b2c1d',
  roundId: 'R-20260301-0001',
  memberId: '6f1c2b3a-4d5e-4f60-8a7b-1c2d3e4f5a6b',
  username: 'alice',
  vendorCode: 'KL',
  gameType: 'RNG',
  gameId: '1001',
  nodeId: '1001',
  gameName: 'Lucky Dragon',
  currency: 'VND',
  stake: 10_000,
  payout: 25_000,
  net: 15_000,
  status: 'settled',
  createdAt: '2026-03-01T08:00:00.000Z',
  settledAt: '2026-03-01T08:00:05.000Z',
};

describe('the bets screen', () => {
  it('lists every member’s rounds with their member, game and money, filters them and exports them', async () => {
    const { user, api } = await renderAdmin('/bets', {
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
      routes: [
        on(adminCalls.adminSession, () => answer(adminCalls.adminSession, createOperator('risk'))),
        on(adminCalls.adminBets, () =>
          answer(adminCalls.adminBets, { list: [bet], pageNo: 1, pageSize: 20, total: 1 }),
        ),
        onFile(adminCalls.adminBetsCsv, () => csvFile('Placed\r\n', 'bets-20260301-150000.csv')),
      ],
    });
    await findHeading('Bets');
    const table = await screen.findByRole('table', { name: 'Bets' });
    const [, row] = within(table).getAllByRole('row');
    if (!row) throw new Error('no row');
    expect(within(row).getByRole('link', { name: 'alice' })).toHaveAttribute(
      'href',
      `/admin/members/${bet.memberId}`,
    );
    expect(within(row).getByText('Slots')).toBeVisible();
    expect(within(row).getByText('Lucky Dragon')).toBeVisible();
    expect(within(row).getByText('₫25,000')).toBeVisible();
    expect(within(row).getByText('₫15,000')).toBeVisible();
    expect(within(row).getByText('Settled')).toBeVisible();
    expect(within(row).getByText('01/03/2026 15:00:00 (UTC+07:00)')).toBeVisible();

    await user.type(screen.getByRole('textbox', { name: 'Member' }), 'ali');
    await chooseOption(user, 'Category', 'Sports');
    await chooseOption(user, 'Status', 'Open');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(Object.fromEntries(api.requestsOf(adminCalls.adminBets).at(-1)?.url.searchParams ?? [])).toEqual(
        {
          username: 'ali',
          gameType: 'SPORTS',
          status: 'open',
          pageNo: '1',
          pageSize: '20',
        },
      ),
    );

    const saved = captureDownloads();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved.map((file) => file.filename)).toEqual(['bets-20260301-150000.csv']));
    expect(Object.fromEntries(api.requestsOf(adminCalls.adminBetsCsv)[0]?.url.searchParams ?? [])).toEqual({
      username: 'ali',
      gameType: 'SPORTS',
      status: 'open',
      lang: 'en',
    });
  });
});
