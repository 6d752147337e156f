import type { Adjustment, CreateAdjustmentRequest } from '@kl/contracts/admin/members';
import { describe, expect, it } from 'vitest';
import {
  createMemberDetail,
  renderAdmin,
  LANGUAGE_STORAGE_KEY,
  memberPageRoutes,
  on,
  adminCalls,
  answer,
  createOperator,
  bodyOf,
  failure,
  findHeading,
  screen,
  within,
  waitFor,
} from '../../test/kit.ts';

const detail = createMemberDetail({ username: 'player01' });

/** The adjustment the server made of a request: above 10,000,000 đồng it waits for a second approver. */
function adjustmentOf(body: CreateAdjustmentRequest): Adjustment {
  return {
    id: 7,
    memberId: body.memberId,
    username: 'player01',
    direction: body.direction,
    amount: body.amount,
    currency: 'VND',
    reason: body.reason,
    status: body.amount > 10_000_000 ? 'pending' : 'applied',
    requestedBy: 'finance.one',
    decidedBy: null,
    createdAt: '2026-03-02T01:00:00.000Z',
    decidedAt: null,
    transactionId: null,
  };
}

describe('a member', () => {
  it('shows the profile and balances; an adjustment keeps its key while its form is open', async () => {
    let refuseNext = true;
    const { user, api } = await renderAdmin(`/members/${detail.member.id}`, {
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
      routes: [
        on(adminCalls.adminSession, () =>
          answer(
            adminCalls.adminSession,
            createOperator('finance', { access: { members: 'read', adjustments: 'write' } }),
          ),
        ),
        ...memberPageRoutes(detail),
        on(adminCalls.adminCreditRoom, () =>
          answer(adminCalls.adminCreditRoom, {
            dayStart: '2026-03-01T17:00:00.000Z',
            operator: { limit: 10_000_000, usedToday: 4_000_000 },
            member: { limit: 10_000_000, usedToday: 7_500_000 },
          }),
        ),
        on(adminCalls.adminCreateAdjustment, (request) => {
          const body = bodyOf(adminCalls.adminCreateAdjustment, request);
          if (refuseNext) {
            refuseNext = false;
            return failure('SYSTEM_ERROR');
          }
          return answer(adminCalls.adminCreateAdjustment, adjustmentOf(body));
        }),
      ],
    });
    await findHeading('Member player01');
    // Available, and the balance after the last ledger line.
    expect(screen.getAllByText('₫1,250,000')).toHaveLength(2);
    expect(screen.getByText('₫500,000')).toBeVisible();
    expect(
      within(screen.getByRole('table', { name: 'Sessions' })).getByText('Chrome on Android'),
    ).toBeVisible();
    // The login history: how, with which browser, and a refusal's reason.
    const logins = within(screen.getByRole('table', { name: 'Logins' }));
    expect(logins.getByText('SMS code')).toBeVisible();
    expect(logins.getByText('Chrome on Android')).toBeVisible();
    expect(logins.getByText('Vietnam')).toBeVisible();
    expect(logins.getByText('unknown on unknown')).toBeVisible();
    expect(logins.getByText('Wrong username or password')).toBeVisible();
    // Reading members only: no disable or end-sessions buttons.
    expect(screen.queryByRole('button', { name: 'Disable member' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'End sessions' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Adjust balance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust the balance of player01' });
    // What may still be credited at once today: the smaller of the operator's and the member's room.
    expect(
      await within(dialog).findByText('Up to ₫2,500,000 more can be credited at once today'),
    ).toBeVisible();
    expect(
      within(dialog).getByText('Your credits applied at once today: ₫4,000,000 of ₫10,000,000'),
    ).toBeVisible();
    await user.type(within(dialog).getByLabelText('Amount (VND)'), '20000000');
    await user.type(within(dialog).getByLabelText('Reason'), 'Tournament prize');
    await user.click(within(dialog).getByRole('button', { name: 'Submit adjustment' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('System error');

    // Sent again from the same form: the same key, so the server makes one adjustment of both.
    await user.click(within(dialog).getByRole('button', { name: 'Submit adjustment' }));
    expect(await screen.findByText('The adjustment waits for a second approver.')).toBeInTheDocument();
    const sent = api
      .requestsOf(adminCalls.adminCreateAdjustment)
      .map((request) => request.json as CreateAdjustmentRequest);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({
      memberId: detail.member.id,
      direction: 'credit',
      amount: 20_000_000,
      reason: 'Tournament prize',
    });
    expect(sent[1]?.idempotencyKey).toBe(sent[0]?.idempotencyKey);

    // A new form, a new key.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Adjust balance' }));
    const again = await screen.findByRole('dialog', { name: 'Adjust the balance of player01' });
    await user.click(within(again).getByText('Debit'));
    await user.type(within(again).getByLabelText('Amount (VND)'), '50000');
    await user.type(within(again).getByLabelText('Reason'), 'Duplicate bonus');
    await user.click(within(again).getByRole('button', { name: 'Submit adjustment' }));
    expect(await screen.findByText('The balance was adjusted.')).toBeInTheDocument();
    const third = api.requestsOf(adminCalls.adminCreateAdjustment)[2]?.json as CreateAdjustmentRequest;
    expect(third).toMatchObject({ direction: 'debit', amount: 50_000 });
    expect(third.idempotencyKey).not.toBe(sent[0]?.idempotencyKey);
  });

  /** A risk operator (members: write) on the page of `username`, whose e-mail address is `email`. */
  const asRiskOn = (username: string, email: string | null, lang: 'vi' | 'en') => {
    const base = createMemberDetail({ username });
    return renderAdmin(`/members/${base.member.id}`, {
      storage: { [LANGUAGE_STORAGE_KEY]: lang },
      routes: [
        on(adminCalls.adminSession, () =>
          answer(adminCalls.adminSession, createOperator('risk', { access: { members: 'write' } })),
        ),
        ...memberPageRoutes({ ...base, member: { ...base.member, email } }),
        on(adminCalls.adminMemberTags, () => answer(adminCalls.adminMemberTags, { list: [] })),
        on(adminCalls.adminSendMemberPasswordReset, () =>
          answer(adminCalls.adminSendMemberPasswordReset, { sentTo: email ?? '' }),
        ),
      ],
    });
  };

  it('e-mails a password-reset link after a confirmation and says where it went, in Vietnamese too', async () => {
    const { user, api } = await asRiskOn('player02', 'player02@example.com', 'vi');
    await findHeading('Thành viên player02');
    await user.click(screen.getByRole('button', { name: 'Gửi liên kết đặt lại mật khẩu' }));
    // Nothing is sent before the operator confirms.
    expect(
      await screen.findByText(
        'Gửi email cho player02 liên kết để chọn mật khẩu mới? Liên kết được gửi tới player02@example.com, dùng được một lần trong 30 phút.',
      ),
    ).toBeVisible();
    expect(api.requestsOf(adminCalls.adminSendMemberPasswordReset)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Xác nhận' }));
    expect(
      await screen.findByText('Đã gửi liên kết đặt lại mật khẩu tới player02@example.com'),
    ).toBeInTheDocument();
    expect(api.requestsOf(adminCalls.adminSendMemberPasswordReset)).toHaveLength(1);
  });

  it('offers no password-reset link for a member without an e-mail address', async () => {
    await asRiskOn('player03', null, 'en');
    await findHeading('Member player03');
    expect(screen.getByRole('button', { name: 'End sessions' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send password-reset link' })).toBeNull();
  });
});
