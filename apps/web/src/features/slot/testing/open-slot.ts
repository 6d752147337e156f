import { SESSION_STORAGE_KEY } from '@kl/contracts/constants';
import { vi } from 'vitest';
import { serveAlsoNext } from '../../../test/fake-server.ts';
import { findScreen, renderApp } from '../../../test/render-app.tsx';
import { SLOT_TIMING } from '../lib/timing.ts';
import { createFakeSlot, type FakeSlotOptions } from './fake-slot.ts';

/** A session record as the browser keeps it (product.md §3); type 4 is a trial account. */
const storedSession = (type: number) =>
  JSON.stringify({
    userName: type === 4 ? 'trial0001' : 'player01',
    merchantCode: 'kimlong',
    type,
    firstTimeLogin: false,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  });

/** A browser whose member asked for less motion (prefers-reduced-motion: reduce), or not. */
export function stubReducedMotion(reduce: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

/**
 * Opens `path` (default /m/slotsCenter) in English with the fake slot server, as a member of `type` (null:
 * a visitor), in a browser asking for less motion unless `motion` is 'full' (the reels then spin for
 * their real time). The slot keeps its own timings: the test runs under fake timers and moves the clock
 * (`runClockUntil`).
 */
export async function openSlot({
  type = 0,
  path = '/m/slotsCenter?lang=en',
  motion = 'reduced',
  ...options
}: FakeSlotOptions & { type?: number | null; path?: string; motion?: 'reduced' | 'full' } = {}) {
  stubReducedMotion(motion === 'reduced');
  window.sessionStorage.clear();
  const slot = createFakeSlot({ walletMoney: type === 4 ? 'demo' : 'real', ...options });
  serveAlsoNext(slot.handle);
  const view = await renderApp(path, {
    storage: type === null ? {} : { [SESSION_STORAGE_KEY]: storedSession(type) },
  });
  const page = await findScreen();
  return { ...view, slot, page };
}

/**
 * Moves the fake clock on, half an auto-spin pause at a time, until `check` passes (and answers what it
 * answers): the reels stop, free spins and the pauses of an auto-spin go by without waiting for them.
 */
export function runClockUntil<T>(check: () => T, { timeoutMs = 10_000 } = {}): Promise<T> {
  return vi.waitFor(
    async () => {
      try {
        return check();
      } catch (error) {
        await vi.advanceTimersByTimeAsync(SLOT_TIMING.autoPauseMs / 2);
        throw error;
      }
    },
    { timeout: timeoutMs, interval: 5 },
  );
}
