import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { idleBrowser, setReadyState } from '../../test/idle-browser.ts';
import { inActEnvironment } from '../../test/act-environment.ts';

/** Fresh copies of the hooks' modules: a page that has neither loaded nor been taken over yet. */
async function freshHooks() {
  vi.resetModules();
  const hydration = await import('./use-after-hydration.ts');
  const settled = await import('./use-page-settled.ts');
  return { ...hydration, ...settled };
}

// act() outside Testing Library's render: React must know it runs in a test.
inActEnvironment();

/** A component that shows whether the page has settled, and keeps what each render said. */
function probe(usePageSettled: () => boolean) {
  const renders: boolean[] = [];
  function Probe() {
    const settled = usePageSettled();
    renders.push(settled);
    return <p>{settled ? 'settled' : 'loading'}</p>;
  }
  return { Probe, renders };
}

/** The query cache tells its observers in a later task: lets that task run. */
const queryNews = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
  });

const withQueries = (client: QueryClient, children: ReactNode) => (
  <QueryClientProvider client={client}>{children}</QueryClientProvider>
);

/** Renders the probe in a root of its own, in the query cache's provider. */
async function mount(client: QueryClient, Probe: () => ReactNode) {
  const container = document.createElement('div');
  await act(async () => {
    createRoot(container).render(withQueries(client, <Probe />));
  });
  return container;
}

describe('usePageSettled', () => {
  it('is false while the page loads and its requests are on their way, then true once the browser is idle', async () => {
    const { markClientRendered, usePageSettled } = await freshHooks();
    const idle = idleBrowser();
    setReadyState('loading');
    markClientRendered();
    const client = new QueryClient();
    let answer = (_value: string) => {};
    void client.fetchQuery({
      queryKey: ['section'],
      queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
    });
    const { Probe, renders } = probe(usePageSettled);
    const container = await mount(client, Probe);
    expect(container.textContent).toBe('loading');

    // Loaded, but a request is still on its way: nothing is asked of the browser yet.
    setReadyState('complete');
    await act(async () => {
      window.dispatchEvent(new Event('load'));
    });
    expect(idle.size).toBe(0);

    await act(async () => answer('games'));
    await queryNews();
    expect(container.textContent).toBe('loading');
    expect(idle.size).toBe(1);
    const { callback, timeout } = [...idle.values()][0]!;
    // A busy browser does not hold it back for ever.
    expect(timeout).toBe(2_000);

    await act(async () => callback());
    expect(container.textContent).toBe('settled');
    expect(renders.at(-1)).toBe(true);
  });

  it('asks again when a request starts before the browser was idle', async () => {
    const { markClientRendered, usePageSettled } = await freshHooks();
    const idle = idleBrowser();
    setReadyState('complete');
    markClientRendered();
    const client = new QueryClient();
    const { Probe } = probe(usePageSettled);
    const container = await mount(client, Probe);
    expect(idle.size).toBe(1);
    let answer = (_value: string) => {};
    await act(async () => {
      void client.fetchQuery({
        queryKey: ['late'],
        queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
      });
    });
    await queryNews();
    // The idle call asked for before the request is cancelled.
    expect(idle.size).toBe(0);
    await act(async () => answer('done'));
    await queryNews();
    expect(idle.size).toBe(1);
    await act(async () => [...idle.values()][0]!.callback());
    expect(container.textContent).toBe('settled');
  });

  it('renders as the server did while hydrating, then settles after the taking over', async () => {
    const { usePageSettled } = await freshHooks();
    const idle = idleBrowser();
    setReadyState('complete');
    const client = new QueryClient();
    const { Probe, renders } = probe(usePageSettled);
    const container = document.createElement('div');
    container.innerHTML = renderToString(withQueries(client, <Probe />));
    expect(container.textContent).toBe('loading');
    renders.length = 0;
    await act(async () => {
      hydrateRoot(container, withQueries(client, <Probe />));
    });
    // No mismatch (which would fail the test on console.error): the server's answer first.
    expect(renders[0]).toBe(false);
    expect(container.textContent).toBe('loading');
    await act(async () => [...idle.values()][0]!.callback());
    expect(container.textContent).toBe('settled');

    // A later visit to the screen starts settled.
    renders.length = 0;
    await mount(client, Probe);
    expect(renders).toEqual([true]);
  });
});
