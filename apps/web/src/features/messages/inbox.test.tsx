import { act, screen, waitFor, within } from '@testing-library/react';
import { TIMING_MS } from '@kl/contracts/constants';
import { contentCalls } from '@kl/contracts/content';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tapInDialog } from '../../test/dialogs.ts';
import { callsTo, on } from '../../test/fake-api.ts';
import { onTimed, type MessagesServer } from '../../test/fake-messages.ts';
import { openWithMessages } from '../../test/open-messages.ts';

const list = () => screen.getByRole('list', { name: 'Inbox' });
const items = () => within(list()).getAllByRole('link');
const item = (title: string) => within(list()).getByRole('link', { name: new RegExp(title) });
const summary = () => screen.getByTestId('unread-summary');
const dialog = () => screen.findByRole('dialog');

/** The server marks a message read when it is opened. */
const readWhenOpened = (server: MessagesServer) =>
  on(contentCalls.inboxMessage, ({ query }) => {
    server.inbox = server.inbox.map((item) => ({
      ...item,
      read: item.read || item.id === Number(query.messageId),
    }));
    return server.inbox.find((item) => item.id === Number(query.messageId))!;
  });
/** The server deletes the message, answering the unread count left. */
const deleteOnServer = (server: MessagesServer, unreadCount: number) =>
  on(contentCalls.deleteInboxMessage, ({ body }) => {
    server.inbox = server.inbox.filter((item) => item.id !== body.messageId);
    return { ...body, deleted: true, unreadCount };
  });

afterEach(() => {
  vi.useRealTimers();
});

describe('inbox (product.md §2 /m/webEmail)', () => {
  it('asks the unread count again at most once per 250 ms (product.md §7)', async () => {
    // First of the file: no screen of a test before can still have a trailing call due (fetch is shared,
    // it would land among this test's calls). A fake clock: the calls' times are exact, and the clock is
    // moved on instead of waited for.
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    // The server's count: one fewer for each message opened.
    const times = onTimed(contentCalls.inboxUnreadCount, () => ({
      unreadCount: 2 - callsTo(contentCalls.inboxMessage).length,
      offered: true,
    }));
    const { user } = await openWithMessages('/m/webEmail?lang=en');
    await waitFor(() => expect(summary()).toHaveTextContent('2 unread'));
    await user.click(item('Message 1'));
    await screen.findByTestId('inbox-message');
    await user.click(screen.getByRole('button', { name: 'Back to the list' }));
    await waitFor(() => expect(items()).toHaveLength(3));
    await user.click(item('Message 2'));
    await screen.findByTestId('inbox-message');
    await user.click(screen.getByRole('button', { name: 'Back to the list' }));
    await waitFor(() => expect(summary()).toHaveTextContent('All read'));
    // The clock moves past the spacing: a trailing call due is made.
    await act(() => vi.advanceTimersByTimeAsync(TIMING_MS.unreadCountThrottle * 2));
    expect(times.length).toBeGreaterThanOrEqual(2);
    for (let index = 1; index < times.length; index += 1) {
      expect((times[index] ?? 0) - (times[index - 1] ?? 0)).toBeGreaterThanOrEqual(
        TIMING_MS.unreadCountThrottle,
      );
    }
  });

  it('lists the member’s messages with the unread ones marked', async () => {
    await openWithMessages('/m/webEmail?lang=en');
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(items().map((link) => link.getAttribute('data-read'))).toEqual(['false', 'false', 'true']);
    expect(item('Message 1')).toHaveAccessibleName(/^Unread: Message 1/);
    expect(item('Message 1')).toHaveAttribute('href', '/m/webEmail?id=500');
    await waitFor(() => expect(summary()).toHaveTextContent('2 unread'));
  });

  it('opens a message: the server marks it read, its mark clears and the unread count drops', async () => {
    const { user, server } = await openWithMessages('/m/webEmail?lang=en');
    readWhenOpened(server);
    await waitFor(() => expect(items()).toHaveLength(3));
    await waitFor(() => expect(summary()).toHaveTextContent('2 unread'));
    await user.click(item('Message 1'));
    const message = await screen.findByTestId('inbox-message');
    expect(within(message).getByRole('heading', { level: 2 })).toHaveTextContent('Message 1');
    expect(within(message).getByText('Dear member, message 1.')).toBeInTheDocument();
    expect(message.querySelector('img')?.hasAttribute('onerror')).toBe(false);
    expect(callsTo(contentCalls.inboxMessage)[0]?.query).toMatchObject({ messageId: '500' });

    await user.click(within(message).getByRole('button', { name: 'Back to the list' }));
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(item('Message 1')).toHaveAttribute('data-read', 'true');
    expect(within(item('Message 1')).queryByTestId('unread-mark')).toBeNull();
    expect(summary()).toHaveTextContent('1 unread');
  });

  it('deletes a message only after confirmation', async () => {
    const { user, server } = await openWithMessages('/m/webEmail?lang=en');
    deleteOnServer(server, 1);
    await waitFor(() => expect(items()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Delete “Message 2”' }));
    await tapInDialog(await dialog(), 'Cancel');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(contentCalls.deleteInboxMessage)).toHaveLength(0);
    expect(items()).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Delete “Message 2”' }));
    const confirm = await dialog();
    expect(confirm).toHaveTextContent('Delete this message?');
    await tapInDialog(confirm, 'Delete');
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(callsTo(contentCalls.deleteInboxMessage).map((call) => call.body)).toEqual([{ messageId: 501 }]);
    expect(await screen.findByText('Message deleted')).toBeInTheDocument();
    await waitFor(() => expect(summary()).toHaveTextContent('1 unread'));
  });

  it('deletes an opened message and goes back to the list', async () => {
    const { user, server } = await openWithMessages('/m/webEmail?lang=en');
    deleteOnServer(server, 2);
    await waitFor(() => expect(items()).toHaveLength(3));
    await user.click(item('Message 3'));
    const message = await screen.findByTestId('inbox-message');
    await user.click(within(message).getByRole('button', { name: 'Delete' }));
    await tapInDialog(await dialog(), 'Delete');
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(window.location.search).toBe('');
    expect(callsTo(contentCalls.deleteInboxMessage).map((call) => call.body)).toEqual([{ messageId: 502 }]);
    expect(items().map((link) => link.getAttribute('href'))).toEqual([
      '/m/webEmail?id=500',
      '/m/webEmail?id=501',
    ]);
  });

  it('shows that a message is gone', async () => {
    await openWithMessages('/m/webEmail?id=999&lang=en');
    expect(await screen.findByText('This is no longer available')).toBeInTheDocument();
  });

  it('says so when the inbox is empty', async () => {
    await openWithMessages('/m/webEmail?lang=en', { inbox: [] });
    expect(await screen.findByText('Your inbox is empty')).toBeInTheDocument();
  });

  it('is not offered to trial members: free_reject, then home (product.md §6)', async () => {
    await openWithMessages('/m/webEmail?lang=en', { viewer: 'trial' });
    expect(await screen.findByText('This feature is not available to trial accounts')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/m/home'));
    expect(callsTo(contentCalls.inboxList)).toHaveLength(0);
  });

  it('sends visitors to log in', async () => {
    await openWithMessages('/m/webEmail?lang=en', { viewer: 'visitor' });
    await waitFor(() => expect(window.location.pathname).toBe('/m/login'));
  });
});
