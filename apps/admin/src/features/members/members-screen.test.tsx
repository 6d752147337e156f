import type { MemberRow } from '@kl/contracts/admin/members';
import { describe, expect, it } from 'vitest';
import {
  adminCalls,
  answer,
  captureDownloads,
  chooseOption,
  createOperator,
  csvFile,
  failure,
  findHeading,
  LANGUAGE_STORAGE_KEY,
  on,
  onFile,
  renderAdmin,
  screen,
  waitFor,
  within,
} from '../../test/kit.ts';

const alice: MemberRow = {
  id: '6f1c2b3a-4d5e-4f60-8a7b-1c2d3e4f5a6b',
  username: 'alice',
  type: 0,
  mobile: '+84 912345678',
  email: null,
  available: 250_000,
  currency: 'VND',
  registeredAt: '2026-03-01T08:00:00.000Z',
  registerIp: '203.0.113.7',
  lastLoginAt: null,
  disabled: false,
};

const routes = [
  on(adminCalls.adminSession, () => answer(adminCalls.adminSession, createOperator('support'))),
  on(adminCalls.adminMembers, () =>
    answer(adminCalls.adminMembers, { list: [alice], pageNo: 1, pageSize: 20, total: 1 }),
  ),
  on(adminCalls.adminMemberTags, () =>
    answer(adminCalls.adminMemberTags, {
      list: [
        { id: 4, name: 'bonus hunter', members: 2 },
        { id: 9, name: 'VIP watch', members: 1 },
      ],
    }),
  ),
];

describe('the members screen', () => {
  it('filters by a tag of the merchant’s vocabulary and exports the members found as CSV', async () => {
    const { user, api } = await renderAdmin('/members', {
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
      routes: [
        ...routes,
        onFile(adminCalls.adminMembersCsv, () =>
          csvFile('Username\r\nalice\r\n', 'members-20260301-150000.csv'),
        ),
      ],
    });
    await findHeading('Members');
    const table = await screen.findByRole('table', { name: 'Members' });
    expect(await within(table).findByRole('link', { name: 'alice' })).toBeVisible();

    await chooseOption(user, 'Tag', 'VIP watch (1)');
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'ali');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(api.requestsOf(adminCalls.adminMembers).at(-1)?.url.searchParams.get('tagId')).toBe('9'),
    );
    expect(api.requestsOf(adminCalls.adminMembers).at(-1)?.url.searchParams.get('q')).toBe('ali');

    // The export asks for the whole list of the filters shown, in the operator's language.
    const saved = captureDownloads();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved.map((file) => file.filename)).toEqual(['members-20260301-150000.csv']));
    expect(await saved[0]?.text()).toBe('\uFEFFUsername\r\nalice\r\n');
    const [asked] = api.requestsOf(adminCalls.adminMembersCsv);
    expect(Object.fromEntries(asked?.url.searchParams ?? [])).toEqual({
      q: 'ali',
      field: 'any',
      tagId: '9',
      lang: 'en',
    });
  });

  it('says why an export is refused: a list too long to export at once', async () => {
    const { user } = await renderAdmin('/members', {
      storage: { [LANGUAGE_STORAGE_KEY]: 'vi' },
      routes: [
        ...routes,
        onFile(adminCalls.adminMembersCsv, () =>
          failure('EXPORT_TOO_LARGE', 400, { limit: 100_000, total: 250_000 }),
        ),
      ],
    });
    await findHeading('Thành viên');
    const saved = captureDownloads();
    await user.click(screen.getByRole('button', { name: 'Xuất CSV' }));
    expect(
      await screen.findByText('Danh sách quá dài để xuất một lần. Vui lòng thu hẹp bộ lọc.'),
    ).toBeVisible();
    expect(saved).toEqual([]);
  });
});
