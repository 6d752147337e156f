import type { AdminChatMessage, AdminChatSummary } from '@kl/contracts/admin/chat';
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

const CONVERSATION = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

/** One conversation as the server keeps it: the member's question, then what operators answer. */
function chatServer() {
  const messages: AdminChatMessage[] = [
    {
      id: 11,
      sender: 'member',
      body: 'My deposit has not arrived',
      createdAt: '2026-03-02T08:30:00.000Z',
      operatorName: null,
    },
  ];
  const summary = (): AdminChatSummary => ({
    id: CONVERSATION,
    memberUsername: 'alice',
    status: messages.at(-1)?.sender === 'member' ? 'waiting' : 'open',
    lastMessage: messages.at(-1) ?? null,
    unreadCount: messages.at(-1)?.sender === 'member' ? 1 : 0,
    updatedAt: messages.at(-1)?.createdAt ?? '2026-03-02T08:30:00.000Z',
    closedAt: null,
  });
  return [
    on(adminCalls.adminSession, () => answer(adminCalls.adminSession, createOperator('support'))),
    on(adminCalls.adminChats, (request) => {
      const status = request.url.searchParams.get('status');
      const list = [summary()].filter((item) => !status || item.status === status);
      return answer(adminCalls.adminChats, { list, pageNo: 1, pageSize: 20, total: list.length });
    }),
    on(adminCalls.adminChat, () =>
      answer(adminCalls.adminChat, { conversation: summary(), messages: [...messages], hasMore: false }),
    ),
    on(adminCalls.adminChatReply, (request) => {
      const message: AdminChatMessage = {
        id: 12,
        sender: 'operator',
        body: bodyOf(adminCalls.adminChatReply, request).body,
        createdAt: '2026-03-02T08:31:00.000Z',
        operatorName: 'support.one',
      };
      messages.push(message);
      return answer(adminCalls.adminChatReply, message);
    }),
  ];
}

describe('the live chat console', () => {
  it('lists the waiting conversation, shows its messages and sends the reply', async () => {
    const { user, api } = await renderAdmin('/chat', {
      routes: chatServer(),
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
    });
    await findHeading('Live chat');
    await user.click(await screen.findByRole('button', { name: 'Open the conversation with alice' }));

    const log = await screen.findByRole('log', { name: 'Messages with alice' });
    expect(within(log).getByText('My deposit has not arrived')).toBeVisible();
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();

    await user.type(screen.getByLabelText('Reply'), 'We are checking it now');
    await user.click(send);
    await waitFor(() => expect(within(log).getByText('We are checking it now')).toBeVisible());
    expect(within(log).getByText('support.one')).toBeVisible();
    expect(api.requestsOf(adminCalls.adminChatReply).map((request) => request.json)).toEqual([
      { body: 'We are checking it now' },
    ]);
    expect(screen.getByLabelText('Reply')).toHaveValue('');
    // Answered: it left the waiting list.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Open the conversation with alice' })).toBeNull(),
    );
  });
});
