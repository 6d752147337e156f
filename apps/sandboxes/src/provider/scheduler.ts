import type { SandboxTableGame } from '@kl/contracts/sandbox-provider';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../platform/clock.ts';

/**
 * The sandbox provider's timer (docs/decisions/026-sandbox-provider.md, "Timer"): one pass at a time, each
 * pass answering when the next one is due (the nearest round close, match end, slip or shot to finish, or
 * table to reopen); the timer sleeps until then, at least PASS_FLOOR_MS and at most PASS_CEILING_MS. A
 * player action that makes something due earlier than the planned pass (a look at a table, a placement)
 * wakes it with that time. An idle server runs one cheap pass per PASS_CEILING_MS.
 */

/** What the players' calls tell the timer: a table or the book looked at, something due at a time. */
export interface SandboxActivity {
  tableLooked(game: SandboxTableGame, round: { closesAt: Date }): void;
  bookLooked(): void;
  due(at: Date): void;
}

/** The shortest sleep between passes (a burst of due work is taken in a few passes, not a busy loop). */
export const PASS_FLOOR_MS = 250;
/**
 * The longest sleep: what another process made due (its player's slip) is seen within this time, and a
 * pass that failed (the wallet down) is tried again.
 */
export const PASS_CEILING_MS = 60_000;

/** How a pass is scheduled: `setTimeout` in the server; tests record the delays and fire them by hand. */
export interface PassTimers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const nodeTimers: PassTimers = {
  set(run, ms) {
    const handle = setTimeout(run, ms);
    handle.unref();
    return handle;
  },
  clear(handle) {
    clearTimeout(handle as NodeJS.Timeout);
  },
};

export function createPassTimer(deps: {
  clock: Clock;
  /** One pass; answers when the next is due (epoch ms), or null when nothing is. */
  pass: (log: FastifyBaseLogger) => Promise<number | null>;
  log: FastifyBaseLogger;
  timers?: PassTimers;
}) {
  const { clock, log } = deps;
  const timers = deps.timers ?? nodeTimers;
  let handle: unknown;
  /** When the planned pass runs (epoch ms), while one is planned. */
  let plannedAt: number | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;
  /** A wake-up that came while a pass ran: the time it asked for. */
  let wokenDuringPass: number | undefined;

  const delayUntil = (at: number) =>
    Math.min(PASS_CEILING_MS, Math.max(PASS_FLOOR_MS, at - clock().getTime()));

  function plan(at: number | null): void {
    if (stopped) return;
    const now = clock().getTime();
    const wanted = now + delayUntil(at ?? now + PASS_CEILING_MS);
    // A planned pass the clock has already passed (the clock was moved: PUT /api/dev/clock) is replanned.
    if (plannedAt !== undefined && plannedAt > now && plannedAt <= wanted) return;
    if (handle !== undefined) timers.clear(handle);
    plannedAt = wanted;
    handle = timers.set(() => void run(), wanted - now);
  }

  function run(): Promise<void> {
    handle = undefined;
    plannedAt = undefined;
    running ??= (async () => {
      let next: number | null = null;
      try {
        next = await deps.pass(log);
      } catch (error) {
        log.error({ err: error }, 'sandbox provider pass failed');
      }
      const woken = wokenDuringPass;
      wokenDuringPass = undefined;
      running = undefined;
      plan(woken === undefined ? next : Math.min(woken, next ?? woken));
    })();
    return running;
  }

  return {
    /** Plans the first pass `firstPassMs` from now (at once by default), then keeps passing as planned. */
    start(firstPassMs = 0): void {
      if (!stopped) return;
      stopped = false;
      if (firstPassMs <= 0) void run();
      else {
        plannedAt = clock().getTime() + firstPassMs;
        handle = timers.set(() => void run(), firstPassMs);
      }
    },
    async stop(): Promise<void> {
      stopped = true;
      if (handle !== undefined) timers.clear(handle);
      handle = undefined;
      plannedAt = undefined;
      await running;
    },
    /** Something is due at `at`: the next pass runs by then (no database work here). */
    wake(at: Date): void {
      if (running) {
        wokenDuringPass = Math.min(wokenDuringPass ?? Number.POSITIVE_INFINITY, at.getTime());
        return;
      }
      plan(at.getTime());
    },
    /**
     * A player looked: when the clock has passed the planned pass while its timer still waits (the clock
     * was moved forward), the pass runs now. Otherwise nothing happens: no pass is added by looking.
     */
    poke(): void {
      if (stopped || running || plannedAt === undefined || plannedAt > clock().getTime()) return;
      if (handle !== undefined) timers.clear(handle);
      void run();
    },
    /** When the planned pass runs (tests). */
    plannedAt: (): number | undefined => plannedAt,
    /** The pass running now, if any, to wait for (tests). */
    idle: (): Promise<void> => running ?? Promise.resolve(),
  };
}

export type PassTimer = ReturnType<typeof createPassTimer>;
