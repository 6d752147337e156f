import { screen, waitFor, within } from '@testing-library/react';
import { chatCalls } from '@kl/contracts/chat';
import { contentCalls } from '@kl/contracts/content';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, on } from '../../test/fake-api.ts';
import { expectChatLaunched, openWithMessages } from '../../test/open-messages.ts';
// eslint-disable-next-line boundaries/feature-index -- the test replaces the navigation live chat does
import { goToAddress } from '../support/lib/go-to-address.ts';

vi.mock('../support/lib/go-to-address.ts', () => ({ goToAddress: vi.fn() }));

beforeEach(() => {
  vi.mocked(goToAddress).mockReset();
});

const centre = () => screen.findByTestId('message-centre');
const entry = (name: RegExp) => within(screen.getByTestId('message-centre')).getByRole('link', { name });
const entryButton = (name: RegExp) =>
  within(screen.getByTestId('message-centre')).getByRole('button', { name });

describe('message centre (product.md §2 /m/message(s))', () => {
  it('lists Telegram, announcements, inbox, live chat and the affiliate service with unread badges', async () => {
    await openWithMessages('/m/message?lang=en', { chatUnread: 3 });
    await centre();
    expect(screen.getByRole('heading', { level: 1, name: 'Message centre' })).toBeInTheDocument();
    await waitFor(() => expect(entry(/^Telegram/)).toHaveAccessibleName('Telegram (opens in a new tab)'));
    expect(entry(/^Telegram/)).toHaveAttribute('href', 'https://t.me/kimlong_cskh');
    expect(entry(/^Telegram/)).toHaveAttribute('target', '_blank');
    expect(entry(/^Affiliate service/)).toHaveAttribute('href', 'https://agent.example.test/join');
    await waitFor(() => expect(entry(/^Announcements/)).toHaveAccessibleName('Announcements 2 unread'));
    expect(entry(/^Announcements/)).toHaveAttribute('href', '/m/notice');
    await waitFor(() => expect(entry(/^Inbox/)).toHaveAccessibleName('Inbox 2 unread'));
    expect(entry(/^Inbox/)).toHaveAttribute('href', '/m/webEmail');
    await waitFor(() => expect(entryButton(/^Live chat/)).toHaveAccessibleName('Live chat 3 unread'));
    expect(callsTo(chatCalls.chatUnread)).toHaveLength(1);
  });

  it('caps badges at 99+ (product.md §9)', async () => {
    on(contentCalls.announcementUnreadCount, { unreadCount: 150 });
    on(contentCalls.inboxUnreadCount, { unreadCount: 99, offered: true });
    await openWithMessages('/m/messages?lang=en');
    await centre();
    await waitFor(() => expect(entry(/^Announcements/)).toHaveAccessibleName('Announcements 99+ unread'));
    await waitFor(() => expect(entry(/^Inbox/)).toHaveAccessibleName('Inbox 99 unread'));
    const badges = screen.getAllByTestId('unread-badge').map((badge) => badge.firstChild?.textContent);
    expect(badges).toEqual(['99+', '99']);
  });

  it('offers live chat only when the merchant’s CBS3 toggle is on, and then asks no chat count', async () => {
    await openWithMessages('/m/message?lang=en', { cbs3: false, chatUnread: 5 });
    await centre();
    await waitFor(() => expect(entry(/^Inbox/)).toHaveAccessibleName('Inbox 2 unread'));
    expect(
      within(screen.getByTestId('message-centre')).queryByRole('button', { name: /Live chat/ }),
    ).toBeNull();
    expect(callsTo(chatCalls.chatUnread)).toHaveLength(0);
  });

  it('launches live chat: "Please wait...", then the chat page 500 ms after the answer', async () => {
    const { user } = await openWithMessages('/m/message?lang=en');
    await centre();
    const launch = await expectChatLaunched(
      () => user.click(entryButton(/^Live chat/)),
      vi.mocked(goToAddress),
    );
    expect(launch.query).toMatchObject({ language: 'EN', backUrl: '/m/message', title: 'Live chat' });
  });

  it('gives trial members no inbox count and free_reject for the inbox and live chat (product.md §6)', async () => {
    const { user } = await openWithMessages('/m/message?lang=en', { viewer: 'trial' });
    await centre();
    await waitFor(() => expect(entry(/^Announcements/)).toHaveAccessibleName('Announcements 2 unread'));
    expect(entryButton(/^Inbox/)).toHaveAccessibleName('Inbox');
    await user.click(entryButton(/^Inbox/));
    expect(await screen.findByText('This feature is not available to trial accounts')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/m/message');
    await user.click(entryButton(/^Live chat/));
    expect(callsTo(chatCalls.launchChat)).toHaveLength(0);
    expect(callsTo(chatCalls.chatUnread)).toHaveLength(0);
    expect(callsTo(contentCalls.inboxUnreadCount)).toHaveLength(0);
    expect(goToAddress).not.toHaveBeenCalled();
  });

  it('is for members: a visitor is shown the way to log in, and nothing is counted', async () => {
    const { user } = await openWithMessages('/m/message?lang=en', { viewer: 'visitor' });
    const prompt = await screen.findByTestId('message-centre-login');
    expect(screen.queryByTestId('message-centre')).toBeNull();
    expect(within(prompt).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/m/register');
    await user.click(within(prompt).getByRole('link', { name: 'Log in' }));
    await waitFor(() => expect(window.location.pathname).toBe('/m/login'));
    // Of the messages calls answered, only the service links are asked.
    const c = contentCalls;
    const counts = [c.announcementUnreadCount, c.inboxUnreadCount, chatCalls.chatUnread];
    const others = [c.notice, c.announcements, c.inboxList, c.inboxMessage, chatCalls.launchChat];
    expect([...counts, ...others].flatMap((entry) => callsTo(entry))).toEqual([]);
  });
});
