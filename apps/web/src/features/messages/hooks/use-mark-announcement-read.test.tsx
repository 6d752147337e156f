import { contentCalls } from '@kl/contracts/content';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../app/query-client.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { createSystemStatus } from '../../../test/factories.ts';
import { callsTo } from '../../../test/fake-api.ts';
import { sessionOf } from '../../../test/fake-data.ts';
import { onTimed } from '../../../test/fake-messages.ts';
import { stubServer } from '../../../test/fake-server.ts';
import { ANNOUNCEMENT_UNREAD_QUERY_KEY, ANNOUNCEMENTS_QUERY_KEY } from '../api/keys.ts';
import { useLocalReads } from '../lib/local-reads.ts';
import { useMarkAnnouncementRead } from './use-mark-announcement-read.ts';

afterEach(() => {
  useSessionStore.setState({ info: null });
});

function setUp() {
  // Three unread on the server: each answer counts one fewer.
  const posted = onTimed(contentCalls.markAnnouncementRead, ({ body }) => ({
    ...body,
    unreadCount: 3 - callsTo(contentCalls.markAnnouncementRead).length,
  }));
  stubServer({ status: createSystemStatus() });
  useSessionStore.setState({ info: sessionOf(0) });
  const client = createQueryClient();
  const unreadKey = [...ANNOUNCEMENT_UNREAD_QUERY_KEY, 'player01'];
  client.setQueryData(unreadKey, 3);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => ({ mark: useMarkAnnouncementRead(), reads: useLocalReads() }), { wrapper });
  return { posted, client, unreadKey, hook };
}

describe('marking announcements read (product.md §4, §7 mark read 150 ms)', () => {
  it('marks locally at once, then tells the server of each one, 150 ms apart at least', async () => {
    const { posted, client, unreadKey, hook } = setUp();
    act(() => {
      hook.result.current.mark({ id: 100, read: false });
      hook.result.current.mark({ id: 101, read: false });
      hook.result.current.mark({ id: 102, read: false });
    });
    // Locally at once: read, and the unclaimed count down by three.
    expect(hook.result.current.reads.has('player01', 100)).toBe(true);
    expect(hook.result.current.reads.has('player01', 102)).toBe(true);
    expect(client.getQueryData(unreadKey)).toBe(0);

    await waitFor(() => expect(posted).toHaveLength(3), { timeout: 2_000 });
    expect(callsTo(contentCalls.markAnnouncementRead).map((call) => call.body)).toEqual(
      [100, 101, 102].map((announcementId) => ({ announcementId, read: true })),
    );
    expect(posted[1]! - posted[0]!).toBeGreaterThanOrEqual(148);
    expect(posted[2]! - posted[1]!).toBeGreaterThanOrEqual(148);
    await waitFor(() => expect(client.getQueryData(unreadKey)).toBe(0));
  });

  it('tells the server once per announcement, never for one already read, and reloads the announcements', async () => {
    const { client, hook } = setUp();
    const invalidated: unknown[] = [];
    client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'invalidate')
        invalidated.push(event.query.queryKey);
    });
    act(() => {
      hook.result.current.mark({ id: 100, read: false });
      hook.result.current.mark({ id: 100, read: false });
      hook.result.current.mark({ id: 101, read: true });
    });
    await waitFor(() => expect(invalidated).toContainEqual([...ANNOUNCEMENT_UNREAD_QUERY_KEY, 'player01']));
    expect(
      invalidated.every((key) =>
        JSON.stringify(key).startsWith(JSON.stringify(ANNOUNCEMENTS_QUERY_KEY).slice(0, -1)),
      ),
    ).toBe(true);
    expect(callsTo(contentCalls.markAnnouncementRead)).toHaveLength(1);
  });
});
