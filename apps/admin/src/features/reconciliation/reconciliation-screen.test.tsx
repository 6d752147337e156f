import type { ReconciliationRun } from '@kl/contracts/provider-report';
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

const side = {
  bet: { count: 2, amount: 20_000 },
  win: { count: 2, amount: 19_500 },
  rollback: { count: 0, amount: 0 },
  credit: { count: 1, amount: 7_000 },
};
const RUN: ReconciliationRun = {
  runId: 7,
  providerCode: 'sandbox',
  day: '2026-11-24',
  status: 'differences',
  providerTransactions: 4,
  operatorTransactions: 4,
  differenceCount: 1,
  totals: { provider: side, operator: { ...side, bet: { count: 2, amount: 19_000 } } },
  ranAt: '2026-11-25T01:00:00.000Z',
  ranBy: 'scheduler',
  differences: [
    {
      kind: 'amount_mismatch',
      transactionId: 'bet:1',
      action: 'bet',
      roundId: 'round-1',
      playerId: 'player-1',
      provider: { amount: 10_000, status: 'accepted' },
      operator: { amount: 9_000, status: 'accepted' },
    },
  ],
};
const { differences: _differences, ...SUMMARY } = RUN;

describe('provider reconciliation', () => {
  it('lists the runs, opens a run’s differences, and lets finance reconcile a day now', async () => {
    const { user, api } = await renderAdmin('/reconciliation', {
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
      routes: [
        on(adminCalls.adminSession, () => answer(adminCalls.adminSession, createOperator('finance'))),
        on(adminCalls.adminReconciliations, () =>
          answer(adminCalls.adminReconciliations, { list: [SUMMARY], pageNo: 1, pageSize: 20, total: 1 }),
        ),
        on(adminCalls.adminReconciliation, () => answer(adminCalls.adminReconciliation, RUN)),
        on(adminCalls.adminRunReconciliation, () =>
          answer(adminCalls.adminRunReconciliation, {
            ...RUN,
            day: '2026-11-23',
            differenceCount: 0,
            differences: [],
          }),
        ),
      ],
    });
    await findHeading('Provider reconciliation');
    const runs = await screen.findByRole('table', { name: 'Reconciliation runs' });
    expect(await within(runs).findByRole('cell', { name: 'sandbox' })).toBeVisible();
    await user.click(within(runs).getByRole('button', { name: /expand row/i }));
    const differences = await screen.findByRole('table', { name: 'Differences of the run' });
    expect(await within(differences).findByText('Amount differs')).toBeVisible();
    expect(within(differences).getByText('bet:1')).toBeVisible();

    await user.type(screen.getByLabelText('Day (UTC)'), '2026-11-23');
    await user.click(screen.getByRole('button', { name: 'Reconcile' }));
    await waitFor(() => expect(api.requestsOf(adminCalls.adminRunReconciliation)).toHaveLength(1));
    const [sent] = api.requestsOf(adminCalls.adminRunReconciliation);
    expect(sent && bodyOf(adminCalls.adminRunReconciliation, sent)).toEqual({
      providerCode: 'sandbox',
      day: '2026-11-23',
    });
    expect(await screen.findByText('2026-11-23 reconciled: 0 differences')).toBeVisible();
  });

  it('reads only for a role that does not settle differences', async () => {
    await renderAdmin('/reconciliation', {
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
      routes: [
        on(adminCalls.adminSession, () => answer(adminCalls.adminSession, createOperator('risk'))),
        on(adminCalls.adminReconciliations, () =>
          answer(adminCalls.adminReconciliations, { list: [SUMMARY], pageNo: 1, pageSize: 20, total: 1 }),
        ),
      ],
    });
    await findHeading('Provider reconciliation');
    await screen.findByRole('table', { name: 'Reconciliation runs' });
    expect(screen.queryByRole('button', { name: 'Reconcile' })).toBeNull();
  });
});
