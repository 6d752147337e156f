import type { AdminKycSubmission } from '@kl/contracts/admin/kyc';
import type { OperatorRole } from '@kl/contracts/admin/access';
import type { ErrorCode } from '@kl/contracts/errors';
import { describe, expect, it } from 'vitest';
import {
  adminCalls,
  answer,
  bodyOf,
  createKycSubmission,
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

const ID = 'a1b2c3d4-0000-4000-8000-0000000000aa';
const ALICE = { memberId: '6f1c2b3a-4d5e-4f60-8a7b-1c2d3e4f5a6b', username: 'alice' };

const sessionOf = (role: OperatorRole) =>
  on(adminCalls.adminSession, () => answer(adminCalls.adminSession, createOperator(role)));

/**
 * The submission as the server keeps it: its reads answer `current`, each decision answers the next of
 * `outcomes` — a refusal's code, or the submission it becomes (which the reads then answer).
 */
function submissionRoutes(
  start: AdminKycSubmission,
  outcomes: {
    approve?: (ErrorCode | AdminKycSubmission)[];
    reject?: (ErrorCode | AdminKycSubmission)[];
  } = {},
) {
  let current = start;
  const decide = (queue: (ErrorCode | AdminKycSubmission)[] = []) => {
    const next = queue.shift();
    if (next === undefined) return failure('KYC_CLOSED');
    if (typeof next === 'string') return failure(next);
    current = next;
    return answer(adminCalls.adminApproveKyc, { submission: current });
  };
  return [
    on(adminCalls.adminKycSubmission, () => answer(adminCalls.adminKycSubmission, current)),
    on(adminCalls.adminKycSubmissions, () =>
      answer(adminCalls.adminKycSubmissions, { list: [current], pageNo: 1, pageSize: 20, total: 1 }),
    ),
    on(adminCalls.adminApproveKyc, () => decide(outcomes.approve)),
    on(adminCalls.adminRejectKyc, () => decide(outcomes.reject)),
  ];
}

const region = (name: string) => screen.getByRole('region', { name });
/** Clicks a decision's button, then the confirmation's Confirm. */
async function confirmClick(user: Awaited<ReturnType<typeof renderAdmin>>['user'], button: string) {
  await user.click(within(region('Decision')).getByRole('button', { name: button }));
  const tooltip = await screen.findByRole('tooltip');
  await user.click(within(tooltip).getByRole('button', { name: 'Confirm' }));
  return tooltip;
}

describe('an identity check', () => {
  it('shows the document, the pictures, and that the name does not match and the member is under 18', async () => {
    const passport = createKycSubmission({
      ...ALICE,
      id: ID,
      documentKind: 'passport',
      documentNumber: 'C1234567',
      fullName: 'Tran Thi B',
      birthDate: '2009-01-15',
      age: 17,
      nameMatches: false,
      pictures: [
        { picture: 'selfie', url: `/api/admin/kyc/${ID}/pictures/selfie` },
        { picture: 'front', url: `/api/admin/kyc/${ID}/pictures/front` },
      ],
    });
    await renderAdmin(`/kyc/${ID}`, {
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
      routes: [sessionOf('risk'), ...submissionRoutes(passport)],
    });
    await findHeading('Identity check of alice');
    const document = region('Document');
    expect(within(document).getByRole('link', { name: 'Open member alice' })).toHaveAttribute(
      'href',
      `/admin/members/${ALICE.memberId}`,
    );
    expect(within(document).getByText('NGUYEN VAN A')).toBeVisible();
    expect(within(document).getByText('Passport')).toBeVisible();
    expect(within(document).getByText('C1234567')).toBeVisible();
    expect(within(document).getByText('Tran Thi B')).toBeVisible();
    expect(within(document).getByTestId('kyc-name-check')).toHaveTextContent('Does not match the payee name');
    expect(within(document).getByText('15/01/2009 (17 years old)')).toBeVisible();
    expect(within(document).getByTestId('kyc-age-warning')).toHaveTextContent('Under 18: cannot be approved');

    // The pictures in their order, each named, loaded from the back office's own address.
    const pictures = within(region('Pictures')).getAllByRole('img');
    expect(pictures.map((picture) => picture.getAttribute('alt'))).toEqual([
      'Front of the document of alice',
      'alice holding the document',
    ]);
    expect(pictures.map((picture) => picture.getAttribute('src'))).toEqual([
      `/api/admin/kyc/${ID}/pictures/front`,
      `/api/admin/kyc/${ID}/pictures/selfie`,
    ]);
    expect(within(region('Pictures')).getByText('Selfie holding the document')).toBeVisible();

    const history = region('State and history');
    expect(within(history).getByText('Submitted')).toBeVisible();
    expect(within(history).getByText('01/03/2026 15:00:00 (UTC+07:00)')).toBeVisible();
    expect(within(region('Decision')).getByTestId('kyc-decision-note')).toHaveTextContent(
      'This is the first approval: a second operator must confirm it before the identity counts as checked.',
    );
  });

  it('shows a reader a matching adult with the three pictures, and no decision', async () => {
    const card = createKycSubmission({ ...ALICE, id: ID });
    await renderAdmin(`/kyc/${ID}`, {
      storage: { [LANGUAGE_STORAGE_KEY]: 'vi' },
      routes: [sessionOf('finance'), ...submissionRoutes(card)],
    });
    await findHeading('Xác minh danh tính của alice');
    const document = region('Giấy tờ');
    expect(within(document).getByTestId('kyc-name-check')).toHaveTextContent('Khớp với tên người nhận tiền');
    expect(within(document).getByText('15/01/1996 (30 tuổi)')).toBeVisible();
    expect(within(document).queryByTestId('kyc-age-warning')).toBeNull();
    expect(
      within(region('Ảnh giấy tờ'))
        .getAllByRole('img')
        .map((picture) => picture.getAttribute('alt')),
    ).toEqual(['Mặt trước giấy tờ của alice', 'Mặt sau giấy tờ của alice', 'alice cầm giấy tờ']);
    expect(screen.queryByRole('region', { name: 'Quyết định' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Duyệt' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Từ chối' })).toBeNull();
  });

  it('records a first approval, after which the same operator cannot confirm it', async () => {
    const submitted = createKycSubmission({ ...ALICE, id: ID });
    const asked: AdminKycSubmission = {
      ...submitted,
      state: 'approval_requested',
      approvalRequestedBy: 'risk.one',
      approvalRequestedAt: '2026-03-01T10:00:00.000Z',
    };
    const { user, api } = await renderAdmin('/kyc', {
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
      routes: [sessionOf('risk'), ...submissionRoutes(submitted, { approve: [asked] })],
    });
    await user.click(await screen.findByRole('link', { name: 'Open the identity check of alice' }));
    await findHeading('Identity check of alice');
    const tooltip = await confirmClick(user, 'Approve');
    expect(tooltip).toHaveTextContent('Approve the documents of alice? A second operator must then confirm.');
    expect(await screen.findByText('Approval recorded: a second operator must confirm it')).toBeVisible();
    expect(api.requestsOf(adminCalls.adminApproveKyc).map((request) => request.url.pathname)).toEqual([
      `/api/admin/kyc/${ID}/approve`,
    ]);

    // The detail is read again: awaiting a second operator, whom this one cannot be.
    const history = region('State and history');
    expect(await within(history).findByText('Awaiting confirmation')).toBeVisible();
    expect(within(history).getByText('risk.one')).toBeVisible();
    const decision = region('Decision');
    expect(within(decision).getByTestId('kyc-decision-note')).toHaveTextContent(
      'You approved first: another operator must confirm.',
    );
    expect(within(decision).getByRole('button', { name: 'Confirm approval' })).toBeDisabled();
    expect(within(decision).getByRole('button', { name: 'Reject' })).toBeEnabled();

    // The list is read again too.
    const listReads = api.requestsOf(adminCalls.adminKycSubmissions).length;
    await user.click(screen.getByRole('link', { name: /Back to identity checks/ }));
    await findHeading('Identity checks');
    await waitFor(() =>
      expect(api.requestsOf(adminCalls.adminKycSubmissions).length).toBeGreaterThan(listReads),
    );
    expect(
      await within(screen.getByRole('table', { name: 'Identity checks' })).findByText(
        'Awaiting confirmation',
      ),
    ).toBeVisible();
  });

  it('confirms an approval as a second operator, and says why the server refused one', async () => {
    const asked = createKycSubmission({
      ...ALICE,
      id: ID,
      state: 'approval_requested',
      approvalRequestedBy: 'risk.two',
      approvalRequestedAt: '2026-03-01T10:00:00.000Z',
    });
    const approved: AdminKycSubmission = {
      ...asked,
      state: 'approved',
      decidedBy: 'owner.one',
      decidedAt: '2026-03-01T11:00:00.000Z',
    };
    const refusals: ErrorCode[] = [
      'SECOND_APPROVER_REQUIRED',
      'APPROVER_NOT_INDEPENDENT',
      'KYC_UNDER_AGE',
      'KYC_NAME_MISMATCH',
    ];
    const { user, api } = await renderAdmin(`/kyc/${ID}`, {
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
      routes: [sessionOf('owner'), ...submissionRoutes(asked, { approve: [...refusals, approved] })],
    });
    await findHeading('Identity check of alice');
    const decision = region('Decision');
    expect(within(decision).getByTestId('kyc-decision-note')).toHaveTextContent(
      'risk.two approved first. Another operator confirms: the operator who asked cannot.',
    );
    const alertSays = async (text: string) =>
      expect(await within(region('Decision')).findByRole('alert')).toHaveTextContent(text);

    await confirmClick(user, 'Confirm approval');
    await alertSays('This needs an operator other than its requester to approve it');
    await confirmClick(user, 'Confirm approval');
    await alertSays('You cannot approve this: one of you held the other’s invitation link');
    await confirmClick(user, 'Confirm approval');
    await alertSays('The member is under 18 by the birth date on the document: it cannot be approved');
    await confirmClick(user, 'Confirm approval');
    await alertSays('The name on the document does not match the member’s payee name: it cannot be approved');

    const tooltip = await confirmClick(user, 'Confirm approval');
    expect(tooltip).toHaveTextContent('Confirm the approval of the identity of alice?');
    expect(await screen.findByText('The identity of alice is checked')).toBeVisible();
    const history = region('State and history');
    expect(await within(history).findByText('Approved')).toBeVisible();
    expect(within(history).getByText('owner.one')).toBeVisible();
    // Decided: nothing more to decide.
    expect(screen.queryByRole('region', { name: 'Decision' })).toBeNull();
    expect(api.requestsOf(adminCalls.adminApproveKyc)).toHaveLength(refusals.length + 1);
  });

  it('rejects with a required reason, kept through a refusal', async () => {
    const submitted = createKycSubmission({ ...ALICE, id: ID });
    const reason = 'The selfie does not show the document';
    const { user, api } = await renderAdmin(`/kyc/${ID}`, {
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
      routes: [
        sessionOf('risk'),
        ...submissionRoutes(submitted, {
          reject: [
            'KYC_CLOSED',
            {
              ...submitted,
              state: 'rejected',
              decidedBy: 'risk.one',
              decidedAt: '2026-03-01T11:00:00.000Z',
              rejectReason: reason,
            },
          ],
        }),
      ],
    });
    await findHeading('Identity check of alice');
    await user.click(within(region('Decision')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the identity check of alice' });
    expect(
      within(dialog).getByText('The member reads the reason and may send their documents again.'),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Please enter a reason')).toBeVisible();
    expect(api.requestsOf(adminCalls.adminRejectKyc)).toHaveLength(0);

    const field = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(field).toHaveAttribute('maxlength', '300');
    await user.type(field, `  ${reason} `);
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This submission has already been decided',
    );
    expect(field).toHaveValue(`  ${reason} `);

    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Reject the identity check of alice' })).toBeNull(),
    );
    expect(await screen.findByText('The identity check was rejected')).toBeVisible();
    expect(
      api.requestsOf(adminCalls.adminRejectKyc).map((request) => bodyOf(adminCalls.adminRejectKyc, request)),
    ).toEqual([{ reason }, { reason }]);
    const history = region('State and history');
    expect(await within(history).findByText('Rejected')).toBeVisible();
    expect(within(history).getByText(reason)).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Decision' })).toBeNull();
  });
});
