import type { AdminInboxSend } from '@kl/contracts/admin/inbox';
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
  within,
} from '../../test/kit.ts';

describe('inbox messages', () => {
  it('sends a message to one member and lists it with how many received it', async () => {
    const sent: AdminInboxSend[] = [];
    const { user, api } = await renderAdmin('/inbox', {
      routes: [
        on(adminCalls.adminSession, () => answer(adminCalls.adminSession, createOperator('content'))),
        on(adminCalls.adminInboxMessages, () =>
          answer(adminCalls.adminInboxMessages, {
            list: [...sent],
            pageNo: 1,
            pageSize: 20,
            total: sent.length,
          }),
        ),
        on(adminCalls.adminSendInbox, (request) => {
          const body = bodyOf(adminCalls.adminSendInbox, request);
          const row: AdminInboxSend = {
            id: 1,
            title: body.title,
            content: body.content,
            audience: body.audience.kind,
            vipLevel: null,
            memberUsername: body.audience.kind === 'member' ? body.audience.username : null,
            recipients: 1,
            operatorUsername: 'content.one',
            sentAt: '2026-03-02T08:30:00.000Z',
          };
          sent.unshift(row);
          return answer(adminCalls.adminSendInbox, row);
        }),
      ],
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
    });
    await findHeading('Inbox messages');
    const form = screen.getByRole('form', { name: 'Message to send' });
    await user.type(within(form).getByLabelText('Title (Vietnamese)'), 'Quà tặng');
    await user.type(within(form).getByLabelText('Title (English)'), 'A gift');
    await user.type(within(form).getByLabelText('Content (Vietnamese)'), 'Nhận ngay 50.000');
    await user.click(within(form).getByRole('radio', { name: 'One member' }));
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByText('Please enter the username')).toBeVisible();
    expect(api.requestsOf(adminCalls.adminSendInbox)).toHaveLength(0);

    await user.type(within(form).getByLabelText('Member’s username'), ' alice ');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Sent to 1 inboxes')).toBeVisible();
    expect(api.requestsOf(adminCalls.adminSendInbox).map((request) => request.json)).toEqual([
      {
        title: { vi: 'Quà tặng', en: 'A gift' },
        content: { vi: 'Nhận ngay 50.000' },
        audience: { kind: 'member', username: 'alice' },
      },
    ]);
    const table = screen.getByRole('table', { name: 'Messages sent' });
    expect(await within(table).findByText('A gift')).toBeVisible();
    expect(within(table).getByText('alice')).toBeVisible();
    // The form is empty again.
    expect(within(form).getByLabelText('Title (Vietnamese)')).toHaveValue('');
  });
});
