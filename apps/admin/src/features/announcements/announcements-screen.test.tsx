import type { AdminAnnouncement, SaveAnnouncementRequest } from '@kl/contracts/admin/content';
import { describe, expect, it } from 'vitest';
import {
  on,
  adminCalls,
  answer,
  bodyOf,
  renderAdmin,
  LANGUAGE_STORAGE_KEY,
  createOperator,
  findHeading,
  screen,
  within,
  waitFor,
} from '../../test/kit.ts';

const existing: AdminAnnouncement = {
  id: 3,
  type: 'PL',
  groupName: null,
  title: { vi: 'Khuyến mãi tháng 3', en: 'March promotion' },
  content: { vi: 'Nạp lần đầu nhận thưởng 100%.' },
  popular: false,
  active: true,
  publishedAt: '2026-03-01T00:00:00.000Z',
  expiresAt: '2026-04-01T00:00:00.000Z',
};

/** The server's announcements: saved ones join the list. */
function announcementRoutes() {
  const list = [existing];
  const save = (id: number, body: SaveAnnouncementRequest): AdminAnnouncement => ({
    id,
    type: body.type,
    groupName: null,
    title: body.title,
    content: body.content,
    popular: body.popular ?? false,
    active: body.active ?? true,
    publishedAt: body.publishedAt ?? '2026-03-05T00:00:00.000Z',
    expiresAt: body.expiresAt ?? null,
  });
  return [
    on(adminCalls.adminAnnouncements, () =>
      answer(adminCalls.adminAnnouncements, { list, pageNo: 1, pageSize: 20, total: list.length }),
    ),
    on(adminCalls.adminCreateAnnouncement, (request) => {
      const saved = save(10, bodyOf(adminCalls.adminCreateAnnouncement, request));
      list.unshift(saved);
      return answer(adminCalls.adminCreateAnnouncement, saved);
    }),
    on(adminCalls.adminUpdateAnnouncement, (request) => {
      const saved = save(
        Number(request.params.announcementId),
        bodyOf(adminCalls.adminUpdateAnnouncement, request),
      );
      list.splice(
        list.findIndex((item) => item.id === saved.id),
        1,
        saved,
      );
      return answer(adminCalls.adminUpdateAnnouncement, saved);
    }),
  ];
}

describe('announcements', () => {
  it(
    'makes a new (agent) announcement and edits one, sending what the form holds',
    { timeout: 20_000 },
    async () => {
      const { user, api } = await renderAdmin('/announcements', {
        storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
        routes: [
          on(adminCalls.adminSession, () => answer(adminCalls.adminSession, createOperator('content'))),
          ...announcementRoutes(),
        ],
      });
      await findHeading('Announcements');
      expect(await screen.findByRole('cell', { name: 'March promotion' })).toBeVisible();

      await user.click(screen.getByRole('button', { name: 'New announcement' }));
      const dialog = await screen.findByRole('dialog', { name: 'New announcement' });
      // The Vietnamese title and content are required.
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByText('Please enter the Vietnamese title')).toBeInTheDocument();
      expect(within(dialog).getByText('Please enter the Vietnamese content')).toBeInTheDocument();

      // Agent announcements (A) are shown in the agent centre only.
      await user.click(
        within(within(dialog).getByRole('radiogroup', { name: 'Type' })).getByText('Agent announcement (A)'),
      );
      await user.type(within(dialog).getByLabelText('Title (Vietnamese)'), 'Bảo trì hệ thống');
      await user.type(within(dialog).getByLabelText('Content (Vietnamese)'), 'Bảo trì lúc 2 giờ sáng.');
      await user.click(within(dialog).getByRole('switch', { name: 'Show in the marquee' }));
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      const created = (await screen.findByRole('cell', { name: 'Bảo trì hệ thống' })).closest('tr')!;
      expect(within(created).getByRole('cell', { name: 'Agent announcement (A)' })).toBeVisible();
      expect(api.requestsOf(adminCalls.adminCreateAnnouncement)[0]?.json).toEqual({
        type: 'A',
        title: { vi: 'Bảo trì hệ thống' },
        content: { vi: 'Bảo trì lúc 2 giờ sáng.' },
        popular: true,
        active: true,
      });

      // Editing the first one: its expiry cleared is sent as null.
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      const row = screen.getByRole('cell', { name: 'March promotion' }).closest('tr')!;
      await user.click(within(row).getByRole('button', { name: 'Edit' }));
      const edit = await screen.findByRole('dialog', { name: 'Edit announcement' });
      expect(within(edit).getByLabelText('Title (English)')).toHaveValue('March promotion');
      await user.click(within(edit).getByRole('switch', { name: 'Active' }));
      // The picker's own clear button.
      const expiry = within(edit).getByLabelText('Expiry').closest<HTMLElement>('.ant-picker')!;
      await user.click(within(expiry).getByRole('button', { name: 'Clear' }));
      await user.click(within(edit).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(api.requestsOf(adminCalls.adminUpdateAnnouncement)).toHaveLength(1));
      const [update] = api.requestsOf(adminCalls.adminUpdateAnnouncement);
      expect(update?.params).toEqual({ announcementId: '3' });
      expect(update?.json).toMatchObject({
        type: 'PL',
        active: false,
        publishedAt: existing.publishedAt,
        expiresAt: null,
      });
    },
  );
});
