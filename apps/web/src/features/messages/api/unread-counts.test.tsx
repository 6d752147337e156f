import { contentCalls } from '@kl/contracts/content';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { createSystemStatus } from '../../../test/factories.ts';
import { sessionOf } from '../../../test/fake-data.ts';
import { onTimed } from '../../../test/fake-messages.ts';
import { stubServer } from '../../../test/fake-server.ts';
import { INBOX_UNREAD_QUERY_KEY } from './keys.ts';
import { useInboxUnreadCount } from './unread-counts.ts';

afterEach(() => {
  useSessionStore.setState({ info: null });
});

function renderCount(type: number) {
  const times = onTimed(contentCalls.inboxUnreadCount, { unreadCount: 2, offered: true });
  stubServer({ status: createSystemStatus() });
  useSessionStore.setState({ info: sessionOf(type) });
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { times, client, hook: renderHook(() => useInboxUnreadCount(), { wrapper }) };
}

describe('inbox unread count (product.md §6, §7 250 ms, silent)', () => {
  // The spacing of the requests is measured on fake timers: the tests move the clock instead of waiting.
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('folds the requests of 250 ms into one, so the server is asked at most once per 250 ms', async () => {
    const { times, client, hook } = renderCount(0);
    await waitFor(() => expect(hook.result.current.data).toEqual({ unreadCount: 2, offered: true }));
    act(() => {
      for (let index = 0; index < 4; index += 1)
        void client.invalidateQueries({ queryKey: INBOX_UNREAD_QUERY_KEY });
    });
    await vi.advanceTimersByTimeAsync(600);
    expect(times).toHaveLength(2);
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(248);
  });

  it('is not asked for trial members', async () => {
    const { times, hook } = renderCount(4);
    await vi.advanceTimersByTimeAsync(100);
    expect(hook.result.current.data).toBeUndefined();
    expect(times).toHaveLength(0);
  });
});
