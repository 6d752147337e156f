import { describe, expect, it } from 'vitest';
import {
  adminCalls,
  answer,
  createDashboard,
  createOperator,
  findHeading,
  LANGUAGE_STORAGE_KEY,
  on,
  renderAdmin,
  screen,
  waitFor,
} from '../../test/kit.ts';

const dashboardRoute = on(adminCalls.adminDashboard, () =>
  answer(
    adminCalls.adminDashboard,
    createDashboard({ pending: { withdrawals: 4, adjustments: 1, deposits: 3, chats: 2 } }),
  ),
);

describe('the dashboard’s waiting work', () => {
  it('counts the deposit orders waiting for a second approval and opens the deposits list filtered to them', async () => {
    const { user, api } = await renderAdmin('/', {
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
      routes: [
        on(adminCalls.adminSession, () => answer(adminCalls.adminSession, createOperator('finance'))),
        dashboardRoute,
        on(adminCalls.adminDeposits, () =>
          answer(adminCalls.adminDeposits, { list: [], pageNo: 1, pageSize: 20, total: 0 }),
        ),
        on(adminCalls.adminUnmatchedStatementLines, () =>
          answer(adminCalls.adminUnmatchedStatementLines, { list: [], pageNo: 1, pageSize: 20, total: 0 }),
        ),
      ],
    });
    await findHeading('Dashboard');
    const link = await screen.findByRole('link', { name: 'Deposits awaiting a second approval' });
    expect(link).toHaveAttribute('href', '/admin/deposits?confirmation=awaiting_second_approval');
    expect(screen.getByText('3')).toBeVisible();

    await user.click(link);
    await findHeading('Deposits');
    await waitFor(() =>
      expect(api.requestsOf(adminCalls.adminDeposits)[0]?.url.searchParams.get('confirmation')).toBe(
        'awaiting_second_approval',
      ),
    );
  });

  it('shows the count without a link to whoever does not read deposits', async () => {
    await renderAdmin('/', {
      storage: { [LANGUAGE_STORAGE_KEY]: 'vi' },
      routes: [
        on(adminCalls.adminSession, () =>
          answer(adminCalls.adminSession, createOperator('support', { access: { dashboard: 'read' } })),
        ),
        dashboardRoute,
      ],
    });
    await findHeading('Tổng quan');
    expect(await screen.findByText('Lệnh nạp chờ duyệt lần hai')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Lệnh nạp chờ duyệt lần hai' })).toBeNull();
  });
});
