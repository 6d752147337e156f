import type { AdminKycSubmission } from '@kl/contracts/admin/kyc';
import type { OperatorRole } from '@kl/contracts/admin/access';
import { describe, expect, it } from 'vitest';
import {
  adminCalls,
  answer,
  chooseOption,
  createKycSubmission,
  createOperator,
  fillIn,
  findHeading,
  LANGUAGE_STORAGE_KEY,
  on,
  renderAdmin,
  screen,
  waitFor,
  within,
} from '../../test/kit.ts';

const ALICE = { memberId: '6f1c2b3a-4d5e-4f60-8a7b-1c2d3e4f5a6b', username: 'alice' };
const BOB = { memberId: '7a2d3c4b-5e6f-4a71-9b8c-2d3e4f5a6b7c', username: 'bob' };

const sessionOf = (role: OperatorRole) =>
  on(adminCalls.adminSession, () => answer(adminCalls.adminSession, createOperator(role)));
/** The list's answer: these submissions on one page, whatever the filters. */
const listRoute = (list: AdminKycSubmission[]) =>
  on(adminCalls.adminKycSubmissions, () =>
    answer(adminCalls.adminKycSubmissions, { list, pageNo: 1, pageSize: 20, total: list.length }),
  );
const menuItems = async () =>
  within(await screen.findByRole('navigation', { name: /Main menu|Menu chính/ }))
    .getAllByRole('menuitem')
    .map((item) => item.textContent);

describe('the identity checks', () => {
  it('lists the submissions waiting with their member, document, time and state', async () => {
    const submitted = createKycSubmission({ ...ALICE, id: 'a1b2c3d4-0000-4000-8000-000000000001' });
    const asked = createKycSubmission({
      ...BOB,
      state: 'approval_requested',
      documentKind: 'passport',
      submittedAt: '2026-03-01T09:00:00.000Z',
      approvalRequestedBy: 'risk.two',
      approvalRequestedAt: '2026-03-01T10:00:00.000Z',
    });
    const { api } = await renderAdmin('/kyc', {
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
      routes: [sessionOf('risk'), listRoute([submitted, asked])],
    });
    await findHeading('Identity checks');
    // In the menu, beside the members and the risk queue.
    expect(await menuItems()).toEqual(expect.arrayContaining(['Members', 'Risk', 'Identity checks']));
    const table = await screen.findByRole('table', { name: 'Identity checks' });
    const rows = () => within(table).getAllByRole('row').slice(1);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [first, second] = rows() as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'Open member alice' })).toHaveAttribute(
      'href',
      `/admin/members/${ALICE.memberId}`,
    );
    expect(within(first).getByText('Identity card')).toBeVisible();
    expect(within(first).getByText('01/03/2026 15:00:00 (UTC+07:00)')).toBeVisible();
    expect(within(first).getByText('Submitted')).toBeVisible();
    expect(within(first).getByRole('link', { name: 'Open the identity check of alice' })).toHaveAttribute(
      'href',
      '/admin/kyc/a1b2c3d4-0000-4000-8000-000000000001',
    );
    expect(within(second).getByText('Passport')).toBeVisible();
    expect(within(second).getByText('Awaiting confirmation')).toBeVisible();
    expect(
      within(second).getByText('approved first by risk.two, 01/03/2026 17:00:00 (UTC+07:00)'),
    ).toBeVisible();

    // Those waiting by default: the state is left out, which the server reads as waiting.
    const sent = api.requestsOf(adminCalls.adminKycSubmissions)[0]?.url.searchParams;
    expect(sent?.has('state')).toBe(false);
    expect(sent?.get('pageNo')).toBe('1');
  });

  it('filters by state and username, and goes back to those waiting', async () => {
    const { user, api } = await renderAdmin('/kyc', {
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
      routes: [sessionOf('risk'), listRoute([createKycSubmission({ ...ALICE })])],
    });
    await findHeading('Identity checks');
    const sent = () => api.requestsOf(adminCalls.adminKycSubmissions).at(-1)?.url.searchParams;
    await chooseOption(user, 'State', 'Rejected');
    await fillIn(user, screen.getByRole('textbox', { name: 'Username' }), '  Bob ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(sent()?.get('state')).toBe('rejected'));
    expect(sent()?.get('username')).toBe('Bob');

    // Reset goes back to those waiting (the first page, as read a moment ago).
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'State' }).closest('.ant-select')).toHaveTextContent(
        'Waiting (submitted or awaiting confirmation)',
      ),
    );
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveValue('');
  });

  it('shows a reader the list in Vietnamese', async () => {
    await renderAdmin('/kyc', {
      storage: { [LANGUAGE_STORAGE_KEY]: 'vi' },
      routes: [sessionOf('finance'), listRoute([createKycSubmission({ ...ALICE })])],
    });
    await findHeading('Xác minh danh tính');
    const table = await screen.findByRole('table', { name: 'Hồ sơ xác minh danh tính' });
    expect(await within(table).findByText('Căn cước công dân')).toBeVisible();
    expect(within(table).getByText('Đã gửi')).toBeVisible();
    expect(within(table).getByRole('link', { name: 'Xem hồ sơ xác minh của alice' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Trạng thái' })).toBeVisible();
    expect(screen.getByText('Đang chờ (đã gửi hoặc chờ xác nhận)')).toBeVisible();
  });

  it('is hidden from an operator who may not read members, and refused on its address', async () => {
    const { api } = await renderAdmin('/kyc', {
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
      routes: [sessionOf('content')],
    });
    expect(await screen.findByText('You do not have permission to open this page.')).toBeVisible();
    const items = await menuItems();
    expect(items).toContain('Dashboard');
    expect(items).not.toContain('Identity checks');
    expect(api.requestsOf(adminCalls.adminKycSubmissions)).toHaveLength(0);
  });
});
