import type { slotCalls, SlotRound } from '@kl/contracts/slot';
import { vi } from 'vitest';
import type { FakeAnswer } from '../../../test/fake-api.ts';
import { openGameScreen } from '../../../test/open-game-screen.ts';
import { SLOT_TIMING } from '../lib/timing.ts';
import { answerSlot, slotSessionOf } from './fake-slot.ts';

/**
 * Opens `path` (default /m/slotsCenter) in English as a member of `type` (null: a visitor), in a browser
 * asking for less motion unless `motion` is 'full' (the reels then spin for their real time), the slot's
 * calls answering `session` (1,000,000 of the wallet's money by default: demo for a trial member) and the
 * spins `rounds` in turn (fake-slot.ts). The slot keeps its own timings: the test runs under fake timers
 * and moves the clock (`runClockUntil`).
 */
export async function openSlot({
  type = 0,
  path = '/m/slotsCenter?lang=en',
  motion = 'reduced',
  session = slotSessionOf(1_000_000, type === 4 ? 'demo' : 'real'),
  rounds = [],
}: {
  type?: number | null;
  path?: string;
  motion?: 'reduced' | 'full';
  session?: FakeAnswer<typeof slotCalls.slotSession>;
  rounds?: SlotRound[];
} = {}) {
  answerSlot(session, rounds);
  return openGameScreen(path, { type, motion });
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
