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

/** The queue's answer: these signals on one page. */
const signalsRoute = (list: RiskSignal[]) =>
  on(adminCalls.adminRiskSignals, () =>
    answer(adminCalls.adminRiskSignals, { list, pageNo: 1, pageSize: 20, total: list.length }),
  );
const sessionOf = (role: 'risk' | 'finance') =>
  on(adminCalls.adminSession, () => answer(adminCalls.adminSession, createOperator(role)));

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
        sessionOf('risk'),
        signalsRoute([referral, conflict]),
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
        sessionOf('finance'),
        signalsRoute([signal({ detail: { reason: 'REFERRAL_SHARED_DEVICE', promotionCode: 'INVITE50' } })]),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Risk signals' });
    expect(await within(table).findByText(/the two registered from the same device/)).toBeVisible();
    expect(within(table).queryByRole('button', { name: /^Review / })).toBeNull();
  });

  it('says what a shared device or address and bonuses above deposits are, with every member named', async () => {
    const CAROL = { id: '8b3e4d5c-6f70-4b82-8c9d-3e4f5a6b7c8d', username: 'carol' };
    const device = signal({
      id: 21,
      kind: 'shared_device',
      detail: { members: [BOB, CAROL], device: 'dev-1234567890abcdef' },
    });
    const address = signal({
      id: 22,
      kind: 'shared_address',
      member: CAROL,
      otherMember: ALICE,
      detail: { members: [ALICE], ip: '203.0.113.9' },
    });
    const bonus = signal({
      id: 23,
      kind: 'bonus_over_deposits',
      otherMember: null,
      detail: { promotionCode: 'WELCOME100', bonuses: 101_000, deposits: 100_000, since: null },
    });
    await renderAdmin('/risk', {
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
      routes: [sessionOf('risk'), signalsRoute([device, address, bonus])],
    });
    const table = await screen.findByRole('table', { name: 'Risk signals' });
    expect(await within(table).findByText('alice registered on the same device as bob, carol')).toBeVisible();
    expect(
      within(table).getByText('carol registered from 203.0.113.9, an address alice used too'),
    ).toBeVisible();
    expect(
      within(table).getByText(
        'After claiming WELCOME100, the bonuses of alice (₫101,000) are above their deposits (₫100,000)',
      ),
    ).toBeVisible();
    const rows = within(table).getAllByRole('row').slice(1);
    const linked = rows.map((row) =>
      within(row)
        .queryAllByRole('link')
        .map((link) => link.textContent),
    );
    expect(linked).toEqual([['alice', 'bob', 'carol'], ['carol', 'alice'], ['alice']]);
    expect(within(rows[0] as HTMLElement).getByText('Shared device')).toBeVisible();
    expect(within(rows[1] as HTMLElement).getByText('Shared address')).toBeVisible();
    expect(within(rows[2] as HTMLElement).getByText('Bonuses above deposits')).toBeVisible();
  });
});
