import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SETTLE_MS, useNearScreen, type NearScreenOptions } from './use-near-screen.ts';

function Probe({ ahead = 200, ...options }: { ahead?: number } & NearScreenOptions) {
  const { ref, near } = useNearScreen<HTMLDivElement>(ahead, options);
  return <div ref={ref}>{near ? 'near' : 'far'}</div>;
}

/** An IntersectionObserver the test moves: it records what it watches and with which margin. */
function stubObserver() {
  const watched: { callback: IntersectionObserverCallback; margin?: string; disconnected: boolean }[] = [];
  class Observer {
    private readonly entry: (typeof watched)[number];
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.entry = { callback, margin: options?.rootMargin, disconnected: false };
      watched.push(this.entry);
    }
    observe() {}
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  vi.stubGlobal('IntersectionObserver', Observer);
  const report = (isIntersecting: boolean) =>
    act(() => {
      for (const { callback } of watched) {
        callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
      }
    });
  return { watched, report };
}

describe('useNearScreen', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is false until the element comes within the distance of the screen, then stays true', async () => {
    const { watched, report } = stubObserver();
    render(<Probe ahead={300} />);
    expect(screen.getByText('far')).toBeInTheDocument();
    expect(watched.map((entry) => entry.margin)).toEqual(['300px 0px']);
    await report(false);
    expect(screen.getByText('far')).toBeInTheDocument();
    await report(true);
    expect(await screen.findByText('near')).toBeInTheDocument();
    // Near once is enough: the watch ends.
    expect(watched.every((entry) => entry.disconnected)).toBe(true);
  });

  it('is true after the first render where the browser cannot tell', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe />);
    expect(await screen.findByText('near')).toBeInTheDocument();
  });

  it('after settling, starts watching at the first scroll', async () => {
    const { watched, report } = stubObserver();
    render(<Probe afterSettling />);
    expect(watched).toHaveLength(0);
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(watched).toHaveLength(1);
    await report(true);
    expect(await screen.findByText('near')).toBeInTheDocument();
  });

  it('after settling, starts watching after three seconds without a scroll', () => {
    vi.useFakeTimers();
    const { watched } = stubObserver();
    const { unmount } = render(<Probe afterSettling />);
    act(() => vi.advanceTimersByTime(SETTLE_MS - 1));
    expect(watched).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    expect(watched).toHaveLength(1);
    unmount();
    expect(watched[0]?.disconnected).toBe(true);
  });

  it('makes no observer when told there is nothing to watch', async () => {
    const { watched } = stubObserver();
    render(<Probe skip />);
    await act(async () => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(watched).toHaveLength(0);
    expect(screen.getByText('far')).toBeInTheDocument();
  });
});
