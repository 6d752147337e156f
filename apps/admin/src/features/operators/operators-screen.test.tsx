import type { OperatorRequestView } from '@kl/contracts/admin/credentials';
import type { Operator } from '@kl/contracts/admin/operators';
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

const me = createOperator('owner');
const OTHER_OWNER = { id: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d', username: 'owner.two' };

const account = (overrides: Partial<Operator>): Operator => ({
  id: '1f2e3d4c-5b6a-4978-8a6b-5c4d3e2f1a0b',
  username: 'finance.one',
  role: 'finance',
  readOnly: false,
  enrolled: true,
  awaitingInvitation: false,
  credentialsIssuedBy: null,
  disabled: false,
  createdAt: '2030-03-01T08:00:00.000Z',
  lastLoginAt: null,
  ...overrides,
});

const resetRequest = (overrides: Partial<OperatorRequestView>): OperatorRequestView => ({
  id: '7c6b5a49-3827-4165-9a4b-3c2d1e0f9a8b',
  kind: 'operator.reset',
  area: 'operators',
  target: '1f2e3d4c-5b6a-4978-8a6b-5c4d3e2f1a0b',
  targetLabel: 'finance.one',
  payload: { clear: ['password', 'twoFactor'] },
  status: 'pending',
  note: 'lost their phone',
  requestedBy: OTHER_OWNER,
  requestedAt: '2030-03-01T09:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  decisionNote: null,
  ...overrides,
});

/** The server's side: the operators, the pending requests, and what the screen may change. */
function server(operators: Operator[], requests: OperatorRequestView[]) {
  return [
    on(adminCalls.adminSession, () => answer(adminCalls.adminSession, me)),
    on(adminCalls.adminOperators, () =>
      answer(adminCalls.adminOperators, {
        list: operators,
        pageNo: 1,
        pageSize: 20,
        total: operators.length,
      }),
    ),
    on(adminCalls.adminOperatorRequests, () => {
      const list = requests.filter((request) => request.status === 'pending');
      return answer(adminCalls.adminOperatorRequests, { list, pageNo: 1, pageSize: 20, total: list.length });
    }),
    on(adminCalls.adminCreateOperator, (request) => {
      const body = bodyOf(adminCalls.adminCreateOperator, request);
      const made = account({
        id: '2b3c4d5e-6f70-4812-9a3b-4c5d6e7f8091',
        username: body.username,
        role: body.role,
        enrolled: false,
        awaitingInvitation: true,
        credentialsIssuedBy: { id: me.id, username: me.username },
      });
      operators.unshift(made);
      return answer(adminCalls.adminCreateOperator, {
        operator: made,
        invitation: { token: 'new-operator-token-0123456789abcdef', expiresAt: '2030-03-04T08:00:00.000Z' },
      });
    }),
    on(adminCalls.adminRequestOperatorReset, (request) => {
      const body = bodyOf(adminCalls.adminRequestOperatorReset, request);
      const asked = resetRequest({
        id: '8d7c6b5a-4938-4276-8a5b-4c3d2e1f0a9b',
        target: request.params.operatorId ?? '',
        payload: { clear: body.password ? ['password'] : ['twoFactor'] },
        note: body.note,
        requestedBy: { id: me.id, username: me.username },
      });
      requests.push(asked);
      return answer(adminCalls.adminRequestOperatorReset, asked);
    }),
    on(adminCalls.adminDecideOperatorRequest, (request) => {
      const decided = requests.find((candidate) => candidate.id === request.params.requestId);
      if (!decided) throw new Error('unknown request');
      const { approve } = bodyOf(adminCalls.adminDecideOperatorRequest, request);
      decided.status = approve ? 'approved' : 'refused';
      return answer(adminCalls.adminDecideOperatorRequest, {
        request: decided,
        invitation: approve
          ? { token: 'reset-token-abcdef0123456789', expiresAt: '2030-03-04T09:00:00.000Z' }
          : null,
      });
    }),
    on(adminCalls.adminCancelOperatorRequest, (request) => {
      const cancelled = requests.find((candidate) => candidate.id === request.params.requestId);
      if (!cancelled) throw new Error('unknown request');
      cancelled.status = 'cancelled';
      return answer(adminCalls.adminCancelOperatorRequest, cancelled);
    }),
  ];
}

const english = { [LANGUAGE_STORAGE_KEY]: 'en' };
/** The row of an operator in the list, once it is shown. */
const rowOf = async (username: string) => {
  const table = await screen.findByRole('table', { name: 'Operators' });
  const cell = await within(table).findByText(username);
  return cell.closest('tr') as HTMLElement;
};

describe('the operators screen', () => {
  it('makes an operator without a password and shows its invitation link once, to copy', async () => {
    const operators = [account({ username: 'owner.one', id: me.id, role: 'owner' })];
    const { user, api } = await renderAdmin('/operators', {
      routes: server(operators, []),
      storage: english,
    });
    await findHeading('Operators');
    // No action on one's own account.
    expect(within(await rowOf('owner.one')).queryByRole('button')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'New operator' }));
    const form = await screen.findByRole('dialog', { name: 'New operator' });
    expect(within(form).queryByLabelText('Password')).toBeNull();
    await user.type(within(form).getByLabelText('Username'), 'Finance.Two');
    await user.click(within(within(form).getByRole('radiogroup', { name: 'Role' })).getByText('Finance'));
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(api.requestsOf(adminCalls.adminCreateOperator).map((request) => request.json)).toEqual([
      { username: 'finance.two', role: 'finance', readOnly: false },
    ]);

    const shown = await screen.findByRole('dialog', { name: 'Invitation link for finance.two' });
    const link = `${window.location.origin}/admin/invite#new-operator-token-0123456789abcdef`;
    expect(within(shown).getByLabelText('Invitation link')).toHaveValue(link);
    expect(within(shown).getByText(/shown only now/)).toBeVisible();
    expect(within(shown).getByText(/It works once, until/)).toBeVisible();
    await user.click(within(shown).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(link);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByDisplayValue(link)).toBeNull();

    const row = await rowOf('finance.two');
    expect(within(row).getByText('Waiting for the invitation link')).toBeVisible();
    expect(within(row).getByText('owner.one')).toBeVisible();
  });

  it('asks for a reset of another operator, which waits for another owner; the asker may cancel it', async () => {
    const requests: OperatorRequestView[] = [];
    const { user, api } = await renderAdmin('/operators', {
      routes: server([account({})], requests),
      storage: english,
    });
    const row = await rowOf('finance.one');
    expect(within(row).getByText('Command line')).toBeVisible();
    await user.click(within(row).getByRole('button', { name: 'Request reset' }));
    const form = await screen.findByRole('dialog', { name: 'Request a reset of finance.one' });
    expect(within(form).getByText(/Another owner must approve it/)).toBeVisible();
    await user.click(within(form).getByRole('checkbox', { name: 'Two-factor' }));
    await user.type(within(form).getByLabelText('Reason'), 'Forgot their password');
    await user.click(within(form).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requestsOf(adminCalls.adminRequestOperatorReset).map((request) => request.json)).toEqual([
      { password: true, twoFactor: false, note: 'Forgot their password' },
    ]);

    const waiting = await screen.findByRole('table', { name: 'Requests waiting for approval' });
    expect(within(waiting).getByText('Reset of finance.one: Password')).toBeVisible();
    expect(within(waiting).getByText('Your request: another owner decides it')).toBeVisible();
    expect(within(waiting).queryByRole('button', { name: 'Approve' })).toBeNull();
    await user.click(within(waiting).getByRole('button', { name: 'Cancel request' }));
    await waitFor(() =>
      expect(screen.queryByRole('table', { name: 'Requests waiting for approval' })).toBeNull(),
    );
    expect(api.requestsOf(adminCalls.adminCancelOperatorRequest)).toHaveLength(1);
  });

  it('lists a VIP level’s change waiting with what it sets, and approves it', async () => {
    const terms = {
      name: { vi: 'Vàng', en: 'Gold' },
      depositThreshold: 50_000_000,
      upgradeBonus: 500_000,
      birthdayBonus: 388_000,
      monthlyBonus: 188_000,
      dailyWithdrawalCount: 8,
      dailyWithdrawalLimit: 500_000_000,
      rebateBasisPoints: 75,
    };
    const vipChange = resetRequest({
      kind: 'vip_level.update',
      area: 'promotions',
      target: '3',
      targetLabel: '3 · Vàng',
      payload: { change: 'update', level: 3, terms },
      note: 'summer offer',
    });
    const { user, api } = await renderAdmin('/operators', {
      routes: server([account({})], [vipChange]),
      storage: english,
    });
    const waiting = await screen.findByRole('table', { name: 'Requests waiting for approval' });
    expect(
      within(waiting).getByText(
        'Level 3: Gold: threshold ₫50,000,000, upgrade ₫500,000, birthday ₫388,000, monthly ₫188,000, rebate 0.75 %, 8 withdrawals a day up to ₫500,000,000',
      ),
    ).toBeVisible();
    await user.click(within(waiting).getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent("Apply this change to the players' VIP levels? Level 3: Gold");
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(api.requestsOf(adminCalls.adminDecideOperatorRequest).map((request) => request.json)).toEqual([
        { approve: true },
      ]),
    );
  });

  it('approves another owner’s reset request and shows the new link to the approver, once', async () => {
    const requests = [resetRequest({})];
    const { user, api } = await renderAdmin('/operators', {
      routes: server([account({})], requests),
      storage: english,
    });
    const waiting = await screen.findByRole('table', { name: 'Requests waiting for approval' });
    expect(within(waiting).getByText('Reset of finance.one: Password, Two-factor')).toBeVisible();
    expect(within(waiting).getByText('owner.two')).toBeVisible();
    expect(within(waiting).getByText('lost their phone')).toBeVisible();
    await user.click(within(waiting).getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent('Approve the reset of finance.one?');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));

    const shown = await screen.findByRole('dialog', { name: 'Invitation link for finance.one' });
    expect(within(shown).getByLabelText('Invitation link')).toHaveValue(
      `${window.location.origin}/admin/invite#reset-token-abcdef0123456789`,
    );
    expect(api.requestsOf(adminCalls.adminDecideOperatorRequest).map((request) => request.json)).toEqual([
      { approve: true },
    ]);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(screen.queryByRole('table', { name: 'Requests waiting for approval' })).toBeNull(),
    );
  });

  it('says what a lottery odds request asks, and asks to confirm its approval in those words', async () => {
    const requests = [
      resetRequest({
        kind: 'lottery_odds.update',
        area: 'lottery',
        target: 'Lott:LO2:MB:*',
        targetLabel: 'Lott · LO2 · MB · *',
        payload: {
          prizeMode: 'Lott',
          betType: 'LO2',
          region: 'MB',
          pick: '*',
          pricePerPoint: 27_000,
          payoutPerPoint: 99_000,
          maxPerNumber: 135_000_000,
        },
        note: 'promotion week',
      }),
    ];
    const { user, api } = await renderAdmin('/operators', {
      routes: server([account({})], requests),
      storage: english,
    });
    await findHeading('Operators');
    const waiting = await screen.findByRole('table', { name: 'Requests waiting for approval' });
    expect(
      within(waiting).getByText(
        'Odds Lott · Lô, 2 digits · North (MB): price ₫27,000, payout ₫99,000, most per selection ₫135,000,000',
      ),
    ).toBeVisible();
    await user.click(within(waiting).getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent('Approve these odds? Bets placed from now on are paid at them.');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(api.requestsOf(adminCalls.adminDecideOperatorRequest).map((request) => request.json)).toEqual([
      { approve: true },
    ]);
  });
});
