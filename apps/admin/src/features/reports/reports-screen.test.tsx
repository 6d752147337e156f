import type { DailyReport } from '@kl/contracts/admin/reports';
import { describe, expect, it } from 'vitest';
import {
  adminCalls,
  answer,
  captureDownloads,
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

const zero = {
  deposits: 0,
  withdrawals: 0,
  bets: 0,
  wins: 0,
  ggr: 0,
  bonuses: 0,
  adjustmentCredits: 0,
  adjustmentDebits: 0,
  adjustments: 0,
  newMembers: 0,
  activeMembers: 0,
};

describe('reports', () => {
  it('shows a report of the period and exports the CSV of the report shown', async () => {
    const { user, api } = await renderAdmin('/reports', {
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
      routes: [
        on(adminCalls.adminSession, () => answer(adminCalls.adminSession, createOperator('finance'))),
        on(adminCalls.adminReportDaily, (request) => {
          const from = request.url.searchParams.get('from') ?? '';
          const day = { ...zero, deposits: 500_000, bets: 20_000, ggr: 20_000, activeMembers: 1 };
          const report: DailyReport = {
            from,
            to: request.url.searchParams.get('to') ?? '',
            currency: 'VND',
            days: [{ day: from, ...day }],
            totals: day,
          };
          return answer(adminCalls.adminReportDaily, report);
        }),
        onFile(adminCalls.adminReportCsv, (request) =>
          csvFile('Day\r\n', `report-${request.url.searchParams.get('report')}.csv`),
        ),
        on(adminCalls.adminReportGames, () =>
          answer(adminCalls.adminReportGames, {
            list: [
              {
                vendorCode: 'BGS',
                gameType: 'RNG',
                gameId: '1001',
                gameName: 'Lucky Dragon',
                bets: 3,
                stake: 30_000,
                payout: 12_000,
                ggr: 18_000,
              },
            ],
            pageNo: 1,
            pageSize: 20,
            total: 1,
            currency: 'VND',
            totals: { bets: 3, stake: 30_000, payout: 12_000, ggr: 18_000 },
          }),
        ),
      ],
    });
    await findHeading('Reports');
    const daily = await screen.findByRole('table', { name: 'By day' });
    await waitFor(() => expect(within(daily).getAllByText('₫500,000')).toHaveLength(2));
    const [request] = api.requestsOf(adminCalls.adminReportDaily);
    const from = request?.url.searchParams.get('from');
    const to = request?.url.searchParams.get('to');
    expect(from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const saved = captureDownloads();
    const exportCsv = screen.getByRole('button', { name: 'Export CSV' });
    await user.click(exportCsv);
    await waitFor(() => expect(saved.map((file) => file.filename)).toEqual(['report-daily.csv']));
    expect(`${api.requestsOf(adminCalls.adminReportCsv)[0]?.url.search}`).toBe(
      `?report=daily&from=${from}&to=${to}&lang=en`,
    );

    await user.click(screen.getByRole('tab', { name: 'By game' }));
    const games = await screen.findByRole('table', { name: 'By game' });
    expect(await within(games).findByRole('cell', { name: 'Lucky Dragon' })).toBeVisible();
    expect(api.requestsOf(adminCalls.adminReportGames)[0]?.url.searchParams.get('from')).toBe(from);
    await user.click(exportCsv);
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(`${api.requestsOf(adminCalls.adminReportCsv)[1]?.url.search}`).toBe(
      `?report=games&from=${from}&to=${to}&lang=en`,
    );
  });
});
