import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../platform/clock.ts';
import { createPassTimer, PASS_CEILING_MS, type PassTimers } from './scheduler.ts';

/** A timer on a clock the test moves, with its sleeps recorded instead of waited. */
function timerOnTestClock(nextDue: () => number | null) {
  let now = Date.parse('2030-03-01T00:00:00Z');
  const sleeps: { run: () => void; ms: number; cleared: boolean }[] = [];
  const timers: PassTimers = {
    set(run, ms) {
      const sleep = { run, ms, cleared: false };
      sleeps.push(sleep);
      return sleep;
    },
    clear(handle) {
      (handle as { cleared: boolean }).cleared = true;
    },
  };
  let passes = 0;
  const timer = createPassTimer({
    clock: () => new Date(now),
    pass: () => {
      passes += 1;
      return Promise.resolve(nextDue());
    },
    log: { error: () => undefined } as unknown as FastifyBaseLogger,
    timers,
  });
  return {
    timer,
    sleeps,
    passes: () => passes,
    move: (ms: number) => {
      now += ms;
    },
    now: () => now,
  };
}

describe('the sandbox provider’s pass timer', () => {
  it('runs a pass at once when a look finds the clock moved past the planned pass, and not otherwise', async () => {
    let due: number | null = null;
    const test = timerOnTestClock(() => due);
    // A slip's match ends in ten minutes: the timer sleeps its longest, then looks again.
    due = test.now() + 10 * MINUTE_MS;
    test.timer.start();
    await test.timer.idle();
    expect(test.passes()).toBe(1);
    expect(test.sleeps.at(-1)?.ms).toBe(PASS_CEILING_MS);

    // A look while the planned pass is still ahead adds no pass.
    test.timer.poke();
    await test.timer.idle();
    expect(test.passes()).toBe(1);

    // The clock jumps seventeen minutes: the next look runs the pass now, not when the old sleep ends.
    test.move(17 * MINUTE_MS);
    due = null;
    test.timer.poke();
    await test.timer.idle();
    expect(test.passes()).toBe(2);
    expect(test.sleeps.filter((sleep) => !sleep.cleared)).toHaveLength(1);
    expect(test.sleeps[0]?.cleared).toBe(true);
    await test.timer.stop();
  });

  it('replans a wake-up when the planned pass is already behind the clock', async () => {
    const test = timerOnTestClock(() => null);
    test.timer.start();
    await test.timer.idle();
    test.move(5 * MINUTE_MS);
    const wakeAt = test.now() + 1_000;
    test.timer.wake(new Date(wakeAt));
    expect(test.timer.plannedAt()).toBe(wakeAt);
    await test.timer.stop();
  });
});
