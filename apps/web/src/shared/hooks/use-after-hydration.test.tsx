import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { inActEnvironment } from '../../test/act-environment.ts';

/** A fresh copy of the hook's module: `clientRendered` as a page that has not started yet. */
async function freshHook() {
  vi.resetModules();
  return import('./use-after-hydration.ts');
}

// act() outside Testing Library's render: React must know it runs in a test.
inActEnvironment();

describe('useAfterHydration', () => {
  it('renders as the server did while hydrating, then switches after the hydration commit', async () => {
    const { useAfterHydration } = await freshHook();
    const renders: string[] = [];
    function Probe() {
      const after = useAfterHydration();
      renders.push(after ? 'browser' : 'server');
      return <p>{after ? 'browser' : 'server'}</p>;
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Probe />);
    document.body.append(container);
    expect(container.textContent).toBe('server');
    renders.length = 0;
    await act(async () => {
      hydrateRoot(container, <Probe />);
    });
    // Hydrated with the server's answer (no mismatch, which would fail the test on console.error), then
    // the browser's.
    expect(renders[0]).toBe('server');
    expect(container.textContent).toBe('browser');
    container.remove();
  });

  it('is true in the first render when the app starts without a server-rendered page', async () => {
    const { markClientRendered, useAfterHydration } = await freshHook();
    markClientRendered();
    const { createRoot } = await import('react-dom/client');
    const renders: boolean[] = [];
    function Probe() {
      renders.push(useAfterHydration());
      return null;
    }
    const container = document.createElement('div');
    await act(async () => {
      createRoot(container).render(<Probe />);
    });
    expect(renders).toEqual([true]);
  });
});
