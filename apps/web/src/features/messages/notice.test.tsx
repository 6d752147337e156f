import { act, screen, waitFor, within } from '@testing-library/react';
import { TIMING_MS } from '@kl/contracts/constants';
import { contentCalls, type MarkAnnouncementReadResult } from '@kl/contracts/content';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, on } from '../../test/fake-api.ts';
import { announcementOf, listOf } from '../../test/fake-messages.ts';
import { openWithMessages } from '../../test/open-messages.ts';

const items = () => within(screen.getByRole('list', { name: 'Announcements' })).getAllByRole('link');
const item = (title: string) => screen.getByRole('link', { name: new RegExp(title) });
const summary = () => screen.getByTestId('unread-summary');

/** An address change the router hears at once (as a link or the back button would make). */
const goTo = (path: string) => {
  window.history.pushState({ idx: 1 }, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
};

/**
 * Lets a fake clock run past the spacing of the mark-read calls (product.md §7): a call the page were
 * going to make is made by then.
 */
const pastMarkReadSpacing = () => act(() => vi.advanceTimersByTimeAsync(TIMING_MS.markReadThrottle * 3));
const markReads = () => callsTo(contentCalls.markAnnouncementRead);

describe('announcements (product.md §2 /m/notice, §4 Announcement)', () => {
  // Animation frames stay real: the page's transitions run on them.
  beforeEach(() => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists the announcements newest first with the member’s unread ones marked', async () => {
    await openWithMessages('/m/notice?lang=en');
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(items().map((link) => link.getAttribute('data-read'))).toEqual(['false', 'false', 'true']);
    expect(item('Announcement 1')).toHaveAccessibleName(/^Unread: Announcement 1/);
    expect(item('Announcement 1')).toHaveAttribute('href', '/m/notice?id=100');
    expect(within(item('Announcement 3')).queryByTestId('unread-mark')).toBeNull();
    await waitFor(() => expect(summary()).toHaveTextContent('2 unread'));
  });

  it('marks an opened announcement read locally at once, then tells the server and reloads the list and count', async () => {
    const { user, server } = await openWithMessages('/m/notice?lang=en');
    // The server answers when the test says: what shows before is the page's own doing.
    let answerMarkRead = () => {};
    on(
      contentCalls.markAnnouncementRead,
      ({ body }) =>
        new Promise<MarkAnnouncementReadResult>((resolve) => {
          answerMarkRead = () => resolve({ ...body, unreadCount: 1 });
        }),
    );
    await waitFor(() => expect(items()).toHaveLength(3));
    await waitFor(() => expect(summary()).toHaveTextContent('2 unread'));

    await user.click(item('Announcement 1'));
    const detail = await screen.findByTestId('announcement-detail');
    expect(within(detail).getByRole('heading', { level: 2 })).toHaveTextContent('Announcement 1');
    expect(within(detail).getByText(/Body of/)).toHaveTextContent('Body of announcement 1');
    expect(detail.querySelector('script')).toBeNull();

    // Back at the list before the server has answered: already read, one fewer unclaimed.
    await user.click(within(detail).getByRole('button', { name: 'Back to the list' }));
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(markReads().map((call) => call.body)).toEqual([{ announcementId: 100, read: true }]);
    expect(item('Announcement 1')).toHaveAttribute('data-read', 'true');
    expect(summary()).toHaveTextContent('1 unread');

    // The server answers, then the list and the count are asked again.
    const [listLoads, countLoads] = [contentCalls.notice, contentCalls.announcementUnreadCount].map(
      (entry) => callsTo(entry).length,
    );
    server.announcements = [announcementOf(1, { read: true }), ...server.announcements.slice(1)];
    answerMarkRead();
    await waitFor(() => expect(callsTo(contentCalls.notice).length).toBeGreaterThan(listLoads!));
    await waitFor(() =>
      expect(callsTo(contentCalls.announcementUnreadCount).length).toBeGreaterThan(countLoads!),
    );
    expect(summary()).toHaveTextContent('1 unread');
  });

  it('tells the server of each announcement opened, and of each only once', async () => {
    on(contentCalls.markAnnouncementRead, ({ body }) => ({ ...body, unreadCount: 1 }));
    await openWithMessages('/m/notice?id=100&lang=en');
    await screen.findByTestId('announcement-detail');
    // Straight on to the next one, as fast as a script can.
    act(() => goTo('/m/notice?id=101'));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Announcement 2'),
    );
    await waitFor(() => expect(markReads()).toHaveLength(2));
    expect(markReads().map((call) => call.body)).toEqual([
      { announcementId: 100, read: true },
      { announcementId: 101, read: true },
    ]);

    act(() => goTo('/m/notice?id=100'));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Announcement 1'),
    );
    await pastMarkReadSpacing();
    expect(markReads()).toHaveLength(2);
  });

  it('opens an announcement from its address, and says so when it is gone', async () => {
    const { user } = await openWithMessages('/m/notice?id=102&lang=en');
    const detail = await screen.findByTestId('announcement-detail');
    expect(within(detail).getByRole('heading', { level: 2 })).toHaveTextContent('Announcement 3');
    await pastMarkReadSpacing();
    // Already read: nothing to tell the server.
    expect(markReads()).toHaveLength(0);
    // Opened from elsewhere, "back to the list" goes to the list.
    await user.click(within(detail).getByRole('button', { name: 'Back to the list' }));
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(window.location.pathname).toBe('/m/notice');
  });

  it('shows that an unknown announcement is not available', async () => {
    await openWithMessages('/m/notice?id=999&lang=en');
    expect(await screen.findByText('This is no longer available')).toBeInTheDocument();
  });

  it('shows visitors the announcements without read marks and tells the server nothing', async () => {
    // Visitors get no read flags.
    const { user } = await openWithMessages('/m/notice?lang=en', {
      viewer: 'visitor',
      announcements: listOf((n) => announcementOf(n, { read: undefined })),
    });
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(screen.queryAllByTestId('unread-mark')).toHaveLength(0);
    expect(screen.queryByTestId('unread-summary')).toBeNull();
    await user.click(item('Announcement 1'));
    await screen.findByTestId('announcement-detail');
    await pastMarkReadSpacing();
    expect(markReads()).toHaveLength(0);
    expect(callsTo(contentCalls.announcementUnreadCount)).toHaveLength(0);
  });

  it('loads the next page on request', async () => {
    const { user } = await openWithMessages('/m/notice?lang=en', {
      announcements: listOf(announcementOf, 25),
    });
    await waitFor(() => expect(items()).toHaveLength(20));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(items()).toHaveLength(25));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(callsTo(contentCalls.notice).map((call) => call.query.pageNo)).toEqual(['1', '2']);
  });

  it('says so when there is no announcement', async () => {
    await openWithMessages('/m/notice?lang=en', { announcements: [] });
    expect(await screen.findByText('No announcements')).toBeInTheDocument();
  });
});
