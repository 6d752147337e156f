import { describe, expect, it } from 'vitest';
import { agentsRoutes, agentsSession, openAgentsTab, createSettlement } from '../../test/agents.ts';
import {
  adminCalls,
  answer,
  bodyOf,
  chooseOption,
  failure,
  on,
  screen,
  waitFor,
  within,
} from '../../test/kit.ts';

const dividend = () =>
  createSettlement({
    username: 'alice',
    kind: 'dividend',
    period: '2026-11-H1',
    amount: 1_500_000,
    status: 'awaiting_approval',
    decidedAt: null,
    basis: {
      turnover: 90_000_000,
      activeMembers: 25,
      netLoss: 20_000_000,
      carriedIn: -8_000_000,
      carriedOut: 0,
      tier: 1,
      percentBp: 1250,
    },
  });

describe('agent settlements', () => {
  it(
    'filters by status, kind and agent, and shows each basis and the count awaiting',
    { timeout: 30_000 },
    async () => {
      const settlements = [dividend(), createSettlement({ username: 'bob' })];
      const { user, api, table } = await openAgentsTab(/Settlements/, 'Settlements', [
        agentsSession('support'),
        ...agentsRoutes({ settlements }),
      ]);
      expect(screen.getByRole('tab', { name: /Settlements/ })).toHaveTextContent('1');
      expect(screen.getByRole('status')).toHaveTextContent('Awaiting approval: 1');
      const alice = (await within(table).findByRole('link', { name: 'alice' })).closest('tr')!;
      expect(within(alice).getByText('Dividend')).toBeVisible();
      expect(within(alice).getByText('2026-11-H1')).toBeVisible();
      expect(within(alice).getByText('₫1,500,000')).toBeVisible();
      expect(within(alice).getByText('Awaiting approval')).toBeVisible();
      for (const line of [
        'Turnover: ₫90,000,000',
        'Active members: 25',
        'Net loss: ₫20,000,000',
        'Carried in: -₫8,000,000',
        'Carried out: ₫0',
        'Tier: 2',
        'Share: 12.5%',
      ]) {
        expect(within(alice).getByText(line)).toBeVisible();
      }
      const bob = within(table).getByRole('link', { name: 'bob' }).closest('tr')!;
      expect(within(bob).getByText('Tier: 1')).toBeVisible();
      expect(within(bob).queryByText(/Net loss/)).toBeNull();
      // Support reads: no decision, no settling.
      expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Settle a period' })).toBeNull();

      await chooseOption(user, 'Status', 'Awaiting approval');
      await chooseOption(user, 'Contract', 'Dividend');
      await user.type(screen.getByLabelText('Agent'), 'alice');
      await user.click(screen.getByRole('button', { name: 'Search' }));
      await waitFor(() => expect(within(table).queryByRole('link', { name: 'bob' })).toBeNull());
      const query = api.requestsOf(adminCalls.adminSettlements).at(-1)!.url.searchParams;
      expect(Object.fromEntries(query)).toMatchObject({
        status: 'awaiting_approval',
        kind: 'dividend',
        username: 'alice',
        pageNo: '1',
      });
    },
  );

  it('pays one awaiting approval and shows a refusal of the server', { timeout: 30_000 }, async () => {
    const settlements = [dividend(), { ...dividend(), username: 'carol' }];
    const { user, api, table } = await openAgentsTab(/Settlements/, 'Settlements', [
      agentsSession('finance'),
      ...agentsRoutes({ settlements }),
      on(adminCalls.adminDecideSettlement, (request) => {
        const body = bodyOf(adminCalls.adminDecideSettlement, request);
        const settlement = settlements.find((candidate) => candidate.id === request.params.settlementId)!;
        if (settlement.username === 'carol') return failure('SETTLEMENT_CLOSED');
        Object.assign(settlement, {
          status: body.decision === 'approve' ? 'paid' : 'refused',
          note: body.note ?? null,
          decidedBy: 'finance.one',
          decidedAt: '2026-11-24T03:00:00.000Z',
        });
        return answer(adminCalls.adminDecideSettlement, settlement);
      }),
    ]);
    const alice = (await within(table).findByRole('link', { name: 'alice' })).closest('tr')!;
    await user.click(within(alice).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay the settlement of alice' });
    expect(dialog).toHaveTextContent("₫1,500,000 (Dividend, 2026-11-H1) is credited to alice's wallet.");
    await user.type(within(dialog).getByLabelText('Note'), 'Checked with the team report');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(within(alice).getByText('Paid')).toBeVisible());
    expect(within(alice).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Awaiting approval: 1');
    expect(api.requestsOf(adminCalls.adminDecideSettlement)[0]?.json).toEqual({
      decision: 'approve',
      note: 'Checked with the team report',
    });

    const carol = within(table).getByRole('link', { name: 'carol' }).closest('tr')!;
    await user.click(within(carol).getByRole('button', { name: 'Refuse' }));
    const refuse = await screen.findByRole('dialog', { name: 'Refuse the settlement of carol' });
    await user.click(within(refuse).getByRole('button', { name: 'Refuse' }));
    expect(await within(refuse).findByRole('alert')).toHaveTextContent(
      'This settlement has already been decided',
    );
    expect(api.requestsOf(adminCalls.adminDecideSettlement)[1]?.json).toEqual({ decision: 'refuse' });
  });

  it('settles a period by hand: the key checked, the result shown', { timeout: 30_000 }, async () => {
    const { user, api } = await openAgentsTab(/Settlements/, 'Settlements', [
      agentsSession('finance'),
      ...agentsRoutes({ settlements: [] }),
      on(adminCalls.adminSettlePeriod, (request) => {
        const { period } = bodyOf(adminCalls.adminSettlePeriod, request);
        if (period === '2026-11') return failure('PERIOD_NOT_CLOSED');
        return answer(adminCalls.adminSettlePeriod, {
          periods: [period, `${period}T00`, `${period}T01`],
          paid: 3,
          awaitingApproval: 1,
          nothingDue: 20,
          alreadySettled: 2,
          amountPaid: 1_500_000,
        });
      }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Settle a period' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settle a period' });
    expect(dialog).toHaveTextContent('YYYY-MM-DDTHH an hour');
    expect(dialog).toHaveTextContent('GMT+8');
    const field = within(dialog).getByLabelText('Period');
    await user.type(field, '2026-11-31');
    await user.click(within(dialog).getByRole('button', { name: 'Settle' }));
    expect(await within(dialog).findByText(/^Not a period/)).toBeVisible();
    expect(api.requestsOf(adminCalls.adminSettlePeriod)).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '2026-11');
    await user.click(within(dialog).getByRole('button', { name: 'Settle' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This period is not over yet');

    await user.clear(field);
    await user.type(field, ' 2026-11-23 ');
    await user.click(within(dialog).getByRole('button', { name: 'Settle' }));
    expect(await within(dialog).findByText('2026-11-23, 2026-11-23T00, 2026-11-23T01')).toBeVisible();
    expect(api.requestsOf(adminCalls.adminSettlePeriod).map((request) => request.json)).toEqual([
      { period: '2026-11' },
      { period: '2026-11-23' },
    ]);
    const row = (label: string) => within(dialog).getByText(label).closest('tr')!;
    expect(row('Paid')).toHaveTextContent('3');
    expect(row('Already settled')).toHaveTextContent('2');
    expect(row('Amount paid')).toHaveTextContent('₫1,500,000');
  });
});
