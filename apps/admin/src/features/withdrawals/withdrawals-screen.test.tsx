import type { AdminWithdrawal } from '@kl/contracts/admin/money';
import { describe, expect, it } from 'vitest';
import {
  type FakeRequest,
  answer,
  adminCalls,
  failure,
  on,
  createOperator,
  within,
  screen,
  createWithdrawal,
  renderAdmin,
  LANGUAGE_STORAGE_KEY,
  findHeading,
  waitFor,
  captureDownloads,
  chooseOption,
  csvFile,
  onFile,
} from '../../test/kit.ts';

/** The queue as the server keeps it: a decided withdrawal leaves the pending list. */
function queue(withdrawals: AdminWithdrawal[]) {
  const page = (request: FakeRequest) => {
    const status = request.url.searchParams.get('status') ?? 'pending';
    const list = withdrawals.filter((withdrawal) => withdrawal.status === status);
    return answer(adminCalls.adminWithdrawals, { list, pageNo: 1, pageSize: 20, total: list.length });
  };
  const decide = (status: 'paid' | 'rejected') => (request: FakeRequest) => {
    const withdrawal = withdrawals.find((candidate) => candidate.requestId === request.params.withdrawalId);
    if (!withdrawal) return failure('NOT_FOUND');
    if (withdrawal.status !== 'pending') return failure('WITHDRAWAL_CLOSED');
    withdrawal.status = status;
    const {
      turnoverOwed: _owed,
      locked: _locked,
      approval: _approval,
      provenance: _provenance,
      ...decided
    } = withdrawal;
    return answer(adminCalls.adminApproveWithdrawal, {
      withdrawal: decided,
      changed: true,
      awaitingSecondApproval: false,
    });
  };
  return [
    on(adminCalls.adminWithdrawals, page),
    on(adminCalls.adminApproveWithdrawal, decide('paid')),
    on(adminCalls.adminRejectWithdrawal, decide('rejected')),
  ];
}

const sessionOf = (readOnly: boolean) =>
  on(adminCalls.adminSession, () =>
    answer(
      adminCalls.adminSession,
      createOperator('finance', { readOnly, access: { withdrawals: readOnly ? 'read' : 'write' } }),
    ),
  );

const tableRows = () =>
  within(screen.getByRole('table', { name: 'Withdrawals' }))
    .getAllByRole('row')
    .slice(1);

describe('the withdrawal queue', () => {
  it('shows a read-only operator the queue without any approve or reject button', async () => {
    const withdrawals = [createWithdrawal({ username: 'alice' }), createWithdrawal({ username: 'bob' })];
    await renderAdmin('/withdrawals', {
      routes: [sessionOf(true), ...queue(withdrawals)],
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
    });
    await findHeading('Withdrawals');
    await screen.findByText('alice');
    expect(screen.getByText('bob')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('exports the requests of the status and member shown as CSV, even to a read-only operator', async () => {
    const withdrawals = [createWithdrawal({ username: 'alice', status: 'rejected' })];
    const { user, api } = await renderAdmin('/withdrawals', {
      routes: [
        sessionOf(true),
        ...queue(withdrawals),
        onFile(adminCalls.adminWithdrawalsCsv, () =>
          csvFile('Requested\r\n', 'withdrawals-20260301-150000.csv'),
        ),
      ],
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
    });
    await findHeading('Withdrawals');
    await chooseOption(user, 'Status', 'Rejected');
    await user.type(screen.getByRole('textbox', { name: 'Member' }), 'ali');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('alice');
    const saved = captureDownloads();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(saved.map((file) => file.filename)).toEqual(['withdrawals-20260301-150000.csv']),
    );
    expect(
      Object.fromEntries(api.requestsOf(adminCalls.adminWithdrawalsCsv)[0]?.url.searchParams ?? []),
    ).toEqual({
      status: 'rejected',
      username: 'ali',
      lang: 'en',
    });
  });

  it('approves (after confirming) and rejects with a reason; the list refreshes; a decided one says so', async () => {
    const withdrawals = [
      createWithdrawal({ username: 'alice', amount: 2_500_000 }),
      createWithdrawal({ username: 'bob', amount: 1_000_000 }),
    ];
    const { user, api } = await renderAdmin('/withdrawals', {
      routes: [sessionOf(false), ...queue(withdrawals)],
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
    });
    await screen.findByText('alice');
    const aliceRow = () => tableRows().find((row) => within(row).queryByText('alice'));
    expect(within(aliceRow()!).getByText('₫2,500,000')).toBeVisible();

    // Approve alice: the confirmation names the amount and the member.
    await user.click(within(aliceRow()!).getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent('Approve the withdrawal of ₫2,500,000 for alice?');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByText('alice')).toBeNull());
    expect(api.requestsOf(adminCalls.adminApproveWithdrawal)).toHaveLength(1);

    // Reject bob: the reason is required.
    const bobRow = tableRows().find((row) => within(row).queryByText('bob'))!;
    await user.click(within(bobRow).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the withdrawal of bob' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Please enter a reason')).toBeInTheDocument();
    expect(api.requestsOf(adminCalls.adminRejectWithdrawal)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason'), 'Account name does not match');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByText('bob')).toBeNull());
    expect(api.requestsOf(adminCalls.adminRejectWithdrawal).map((request) => request.json)).toEqual([
      { reason: 'Account name does not match' },
    ]);
  });

  it('says WITHDRAWAL_CLOSED when another operator decided first', async () => {
    const withdrawal = createWithdrawal({ username: 'carol' });
    const { user } = await renderAdmin('/withdrawals', {
      routes: [
        sessionOf(false),
        ...queue([withdrawal]),
        on(adminCalls.adminApproveWithdrawal, () => failure('WITHDRAWAL_CLOSED')),
      ],
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
    });
    await screen.findByText('carol');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('This withdrawal has already been processed')).toBeVisible();
  });
  it('tells an operator kept from a payout why and who may; the row opens on where the money came from', async () => {
    const withdrawal = createWithdrawal({
      username: 'dave',
      approval: {
        required: 2,
        firstApprovedBy: null,
        firstApprovedAt: null,
        blocked: [{ username: 'finance.one', reasons: ['credited'] }],
        eligible: ['owner.two'],
        youMay: false,
      },
      provenance: {
        since: null,
        deposits: 100_000,
        stakes: 50_000,
        winnings: 80_000,
        bonuses: 0,
        manualCredits: 500_000,
        manualDebits: 0,
        agentPay: 0,
        adjustments: [
          {
            id: 7,
            direction: 'credit',
            amount: 500_000,
            requestedBy: 'finance.one',
            decidedBy: null,
            createdAt: '2026-03-01T07:00:00.000Z',
          },
        ],
        flags: [
          { flag: 'manual_credit', members: [] },
          { flag: 'shared_device', members: ['erin'] },
        ],
      },
    });
    const { user } = await renderAdmin('/withdrawals', {
      routes: [sessionOf(false), ...queue([withdrawal])],
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
    });
    await screen.findByText('dave');
    const row = tableRows()[0]!;
    expect(within(row).getByText('Two approvals needed')).toBeVisible();
    expect(within(row).getByTestId('may-not-approve')).toHaveTextContent(
      'You may not approve it: asked for a manual credit to the member. Who may: owner.two.',
    );
    expect(within(row).getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(within(row).getByText('Shared device')).toBeVisible();

    await user.click(within(row).getByRole('button', { name: /expand/i }));
    const origin = await screen.findByRole('region', { name: 'Where the money of dave came from' });
    expect(within(origin).getByText('Since registration (first withdrawal)')).toBeVisible();
    expect(within(origin).getByText(/Credit ₫500,000 asked by finance\.one, applied at once/)).toBeVisible();
    expect(within(origin).getByText(/with erin/)).toBeVisible();
  });
});
