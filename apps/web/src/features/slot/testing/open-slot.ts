import { vi } from 'vitest';
import { openGameScreen } from '../../../test/open-game-screen.ts';
import { SLOT_TIMING } from '../lib/timing.ts';
import { createFakeSlot, type FakeSlotOptions } from './fake-slot.ts';

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
  const slot = createFakeSlot({ walletMoney: type === 4 ? 'demo' : 'real', ...options });
  const view = await openGameScreen(path, { handle: slot.handle, type, motion });
  return { ...view, slot };
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
