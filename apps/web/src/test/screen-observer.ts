import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * An IntersectionObserver the test moves (shared/hooks/use-on-screen.ts): `report(false)` tells every
 * element watched that it left the screen, `report(true)` that it came back. Undone by
 * `vi.unstubAllGlobals()`.
 */
export function stubScreenObserver() {
  const callbacks = new Set<IntersectionObserverCallback>();
  class Observer {
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe() {
      callbacks.add(this.callback);
    }
    unobserve() {}
    disconnect() {
      callbacks.delete(this.callback);
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', Observer);
  const report = (isIntersecting: boolean) =>
    act(() => {
      for (const callback of callbacks)
        callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
    });
  return { report, watching: () => callbacks.size };
}
