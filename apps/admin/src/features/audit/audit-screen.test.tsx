import type { AuditEntry } from '@kl/contracts/admin/operators';
import { describe, expect, it } from 'vitest';
import {
  adminCalls,
  answer,
  captureDownloads,
  createOperator,
  csvFile,
  findHeading,
  LANGUAGE_STORAGE_KEY,
  on,
  onFile,
  renderAdmin,
  screen,
  waitFor,
} from '../../test/kit.ts';

const entry: AuditEntry = {
  id: 7,
  at: '2026-03-01T08:00:00.000Z',
  operatorId: '9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f',
  operatorUsername: 'finance.one',
  ip: '203.0.113.5',
  action: 'member.export',
  targetType: 'members',
  targetId: null,
  before: null,
  after: { filter: { tagId: 9 }, lang: 'vi', rows: 12 },
};

describe('the audit log', () => {
  it('exports the entries of the filters shown as CSV', async () => {
    const { user, api } = await renderAdmin('/audit', {
      storage: { [LANGUAGE_STORAGE_KEY]: 'vi' },
      routes: [
        on(adminCalls.adminSession, () => answer(adminCalls.adminSession, createOperator('owner'))),
        on(adminCalls.adminAudit, () =>
          answer(adminCalls.adminAudit, { list: [entry], pageNo: 1, pageSize: 20, total: 1 }),
        ),
        onFile(adminCalls.adminAuditCsv, () => csvFile('Thời gian\r\n', 'audit-20260301-150000.csv')),
      ],
    });
    await findHeading('Nhật ký thao tác');
    expect(await screen.findByText('member.export')).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'Thao tác' }), 'member.');
    await user.click(screen.getByRole('button', { name: 'Tìm kiếm' }));
    await waitFor(() =>
      expect(api.requestsOf(adminCalls.adminAudit).at(-1)?.url.searchParams.get('action')).toBe('member.'),
    );
    const saved = captureDownloads();
    await user.click(screen.getByRole('button', { name: 'Xuất CSV' }));
    await waitFor(() => expect(saved.map((file) => file.filename)).toEqual(['audit-20260301-150000.csv']));
    expect(Object.fromEntries(api.requestsOf(adminCalls.adminAuditCsv)[0]?.url.searchParams ?? [])).toEqual({
      action: 'member.',
      lang: 'vi',
    });
  });
});
