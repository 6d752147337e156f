import type { RiskSignal } from '@kl/contracts/admin/risk';
import { describe, expect, it } from 'vitest';
import {
  adminCalls,
  answer,
  bodyOf,
  chooseOption,
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

const ALICE = { id: '6f1c2b3a-4d5e-4f60-8a7b-1c2d3e4f5a6b', username: 'alice' };
const BOB = { id: '7a2d3c4b-5e6f-4a71-9b8c-2d3e4f5a6b7c', username: 'bob' };

function signal(overrides: Partial<RiskSignal>): RiskSignal {
  return {
    id: 1,
    kind: 'referral_refused',
    createdAt: '2026-03-02T08:30:00.000Z',
    member: ALICE,
    otherMember: BOB,
    detail: {},
    status: 'open',
    reviewedAt: null,
    reviewedBy: null,
    reviewNote: null,
    ...overrides,
  };
}

describe('the risk queue', () => {
  it('lists signals in words with links to their members, filters them, and marks one reviewed', async () => {
    const referral = signal({
      id: 11,
      detail: { reason: 'REFERRAL_SHARED_BANK_ACCOUNT', promotionCode: 'INVITE50' },
    });
    const conflict = signal({
      id: 12,
      kind: 'bank_account_conflict',
      member: BOB,
      otherMember: ALICE,
      detail: { bankCode: 'ACB' },
      status: 'reviewed',
      reviewedAt: '2026-03-02T09:00:00.000Z',
      reviewedBy: 'risk.two',
      reviewNote: 'Siblings, one account',
    });
    let refuseReview = true;
    const { user, api } = await renderAdmin('/risk', {
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
      routes: [
        on(adminCalls.adminSession, () => answer(adminCalls.adminSession, createOperator('risk'))),
        on(adminCalls.adminRiskSignals, () =>
          answer(adminCalls.adminRiskSignals, {
            list: [referral, conflict],
            pageNo: 1,
            pageSize: 20,
            total: 2,
          }),
        ),
        on(adminCalls.adminReviewRiskSignal, (request) => {
          if (refuseReview) {
            refuseReview = false;
            return failure('RISK_SIGNAL_REVIEWED');
          }
          const { note } = bodyOf(adminCalls.adminReviewRiskSignal, request);
          return answer(adminCalls.adminReviewRiskSignal, {
            ...referral,
            status: 'reviewed',
            reviewedAt: '2026-03-02T10:00:00.000Z',
            reviewedBy: 'risk.one',
            reviewNote: note,
          });
        }),
      ],
    });
    await findHeading('Risk');
    const table = await screen.findByRole('table', { name: 'Risk signals' });
    expect(
      await within(table).findByText(
        'Referral bonus of alice for bob refused (INVITE50): the referred member bound a bank account the referrer owns, or the other way round',
      ),
    ).toBeVisible();
    expect(within(table).getByText('bob was refused a ACB bank account that alice owns')).toBeVisible();
    expect(within(table).getByText(/by risk\.two, .*: Siblings, one account/)).toBeVisible();
    expect(within(table).getAllByRole('link', { name: 'Open member alice' })[0]).toHaveAttribute(
      'href',
      `/admin/members/${ALICE.id}`,
    );
    // Open signals by default; a reviewed one has nothing to review.
    expect(api.requestsOf(adminCalls.adminRiskSignals)[0]?.url.searchParams.get('status')).toBe('open');
    expect(within(table).getAllByRole('button', { name: /^Review / })).toHaveLength(1);

    await chooseOption(user, 'Kind', 'Bank account of another member');
    await chooseOption(user, 'Status', 'Any status');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      const last = api.requestsOf(adminCalls.adminRiskSignals).at(-1)?.url.searchParams;
      expect(last?.get('kind')).toBe('bank_account_conflict');
      expect(last?.has('status')).toBe(false);
    });

    await user.click(within(table).getByRole('button', { name: /^Review Referral bonus refused of alice/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark the signal reviewed' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark reviewed' }));
    expect(await within(dialog).findByText('Please write what you found')).toBeVisible();
    await user.type(within(dialog).getByLabelText('Review note'), '  Same family, warned by phone  ');
    await user.click(within(dialog).getByRole('button', { name: 'Mark reviewed' }));
    expect(await within(dialog).findByText('This risk signal has already been reviewed')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Mark reviewed' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Mark the signal reviewed' })).toBeNull(),
    );
    expect(api.requestsOf(adminCalls.adminReviewRiskSignal).map((request) => request.json)).toEqual([
      { note: 'Same family, warned by phone' },
      { note: 'Same family, warned by phone' },
    ]);
    expect(api.requestsOf(adminCalls.adminReviewRiskSignal)[1]?.url.pathname).toBe(
      '/api/admin/risk-signals/11/review',
    );
  });

  it('finance reads the queue without review buttons', async () => {
    await renderAdmin('/risk', {
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
      routes: [
        on(adminCalls.adminSession, () => answer(adminCalls.adminSession, createOperator('finance'))),
        on(adminCalls.adminRiskSignals, () =>
          answer(adminCalls.adminRiskSignals, {
            list: [signal({ detail: { reason: 'REFERRAL_SHARED_DEVICE', promotionCode: 'INVITE50' } })],
            pageNo: 1,
            pageSize: 20,
            total: 1,
          }),
        ),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Risk signals' });
    expect(await within(table).findByText(/the two registered from the same device/)).toBeVisible();
    expect(within(table).queryByRole('button', { name: /^Review / })).toBeNull();
  });
});
