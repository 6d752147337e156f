import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** Fresh copies of the hooks' modules: a page that has neither loaded nor been taken over yet. */
async function freshHooks() {
  vi.resetModules();
  const hydration = await import('./use-after-hydration.ts');
  const settled = await import('./use-page-settled.ts');
  return { ...hydration, ...settled };
}

// act() outside Testing Library's render: React must know it runs in a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A browser that says when it is idle: the idle callbacks asked for, to run by hand. */
function idleBrowser() {
  const callbacks: { callback: () => void; timeout?: number }[] = [];
  vi.stubGlobal('requestIdleCallback', (callback: () => void, options?: { timeout?: number }) => {
    callbacks.push({ callback, timeout: options?.timeout });
    return callbacks.length;
  });
  return callbacks;
}

function setReadyState(state: DocumentReadyState) {
  Object.defineProperty(document, 'readyState', { value: state, configurable: true });
}

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

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, 'readyState');
});

describe('usePageSettled', () => {
  it('is false while the page loads and until the browser has been idle after the load, then true', async () => {
    const { markClientRendered, usePageSettled } = await freshHooks();
    const idle = idleBrowser();
    setReadyState('loading');
    markClientRendered();
    const { Probe, renders } = probe(usePageSettled);
    const container = document.createElement('div');
    await act(async () => {
      createRoot(container).render(<Probe />);
    });
    expect(container.textContent).toBe('loading');
    // Nothing is asked of the browser before the load has finished.
    expect(idle).toHaveLength(0);

    setReadyState('complete');
    await act(async () => {
      window.dispatchEvent(new Event('load'));
    });
    expect(container.textContent).toBe('loading');
    expect(idle).toHaveLength(1);
    // A busy browser does not hold it back for ever.
    expect(idle[0]!.timeout).toBe(2_000);

    await act(async () => {
      idle[0]!.callback();
    });
    expect(container.textContent).toBe('settled');
    expect(renders.at(-1)).toBe(true);
  });

  it('renders as the server did while hydrating, even on a page that has settled, then switches', async () => {
    const { onPageSettled, usePageSettled } = await freshHooks();
    const idle = idleBrowser();
    setReadyState('complete');
    const settledNow = new Promise<void>((resolve) => onPageSettled(resolve));
    idle[0]!.callback();
    await settledNow;

    const { Probe, renders } = probe(usePageSettled);
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Probe />);
    expect(container.textContent).toBe('loading');
    renders.length = 0;
    await act(async () => {
      hydrateRoot(container, <Probe />);
    });
    // No mismatch (which would fail the test on console.error): the server's answer first.
    expect(renders[0]).toBe(false);
    expect(container.textContent).toBe('settled');
  });

  it('waits a moment after the load where the browser cannot say when it is idle', async () => {
    vi.useFakeTimers();
    try {
      const { onPageSettled } = await freshHooks();
      vi.stubGlobal('requestIdleCallback', undefined);
      setReadyState('complete');
      const called = vi.fn();
      const cancel = onPageSettled(called);
      const cancelled = vi.fn();
      onPageSettled(cancelled)();
      vi.advanceTimersByTime(299);
      expect(called).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(called).toHaveBeenCalledTimes(1);
      expect(cancelled).not.toHaveBeenCalled();
      cancel();
    } finally {
      vi.useRealTimers();
    }
  });
});
