import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client.ts';
import { useSessionStore } from '../../shared/stores/session-store.ts';
import { sessionOf, walletOf } from '../../test/fake-data.ts';
import { idleBrowser, setReadyState } from '../../test/idle-browser.ts';
import { WALLET_QUERY_KEY } from './api/keys.ts';
import { useLiveBalance } from './index.ts';

/** A browser's EventSource, kept to be driven by the test. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(name: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  /** The server sends an event of `name` with `data`. */
  send(name: string, data: string) {
    for (const listener of this.listeners.get(name) ?? []) listener(new MessageEvent(name, { data }));
  }
}

function Mount() {
  useLiveBalance();
  return null;
}

function mount() {
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Mount />
    </QueryClientProvider>,
  );
  return { queryClient, view };
}

/** Runs the idle callbacks asked for (the stream's chunk then loads and opens it). */
function becomeIdle(callbacks: ReturnType<typeof idleBrowser>) {
  act(() => {
    for (const [handle, { callback }] of [...callbacks]) {
      callbacks.delete(handle);
      callback();
    }
  });
}

describe('live balance (docs/decisions/041-live-updates.md)', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    act(() => useSessionStore.setState({ info: null }));
  });

  it('opens the member’s event stream only after the load, once idle, and sets the wallet from it', async () => {
    setReadyState('loading');
    const callbacks = idleBrowser();
    act(() => useSessionStore.setState({ info: sessionOf(0) }));
    const { queryClient } = mount();
    // Not before the page's load, nor before the browser is idle.
    expect(callbacks.size).toBe(0);
    setReadyState('complete');
    window.dispatchEvent(new Event('load'));
    expect(callbacks.size).toBe(1);
    expect(FakeEventSource.opened).toEqual([]);
    becomeIdle(callbacks);
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const [source] = FakeEventSource.opened;
    expect(source?.url).toBe('/api/member/events');

    act(() => source?.send('balance', JSON.stringify(walletOf(125_000))));
    expect(queryClient.getQueryData(WALLET_QUERY_KEY)).toEqual(walletOf(125_000));

    // An answer it cannot read makes the wallet query read again.
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    act(() => source?.send('balance', '{"sumBalance":"lots"}'));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: WALLET_QUERY_KEY });
    expect(queryClient.getQueryData(WALLET_QUERY_KEY)).toEqual(walletOf(125_000));

    // Signing out closes it.
    act(() => useSessionStore.setState({ info: null }));
    expect(source?.closed).toBe(true);
  });

  it('serves trial members, and opens nothing for a visitor', async () => {
    setReadyState('complete');
    const callbacks = idleBrowser();
    const { view } = mount();
    becomeIdle(callbacks);
    expect(callbacks.size).toBe(0);
    expect(FakeEventSource.opened).toEqual([]);

    act(() => useSessionStore.setState({ info: sessionOf(4) }));
    becomeIdle(callbacks);
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    view.unmount();
    expect(FakeEventSource.opened[0]?.closed).toBe(true);
  });

  it('never opens a stream when the member signs out before the page is idle', () => {
    setReadyState('complete');
    const callbacks = idleBrowser();
    act(() => useSessionStore.setState({ info: sessionOf(0) }));
    mount();
    expect(callbacks.size).toBe(1);
    act(() => useSessionStore.setState({ info: null }));
    expect(callbacks.size).toBe(0);
    expect(FakeEventSource.opened).toEqual([]);
  });
});
