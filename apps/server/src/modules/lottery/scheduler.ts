import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import { intervalJob } from '../../platform/module.ts';
import type { LotteryService } from './service.ts';

/** How often the scheduler looks for due draws, and how often it creates the draws ahead. */
export const LOTTERY_TICK_MS = 1_000;
export const LOTTERY_ENSURE_EVERY_MS = 30_000;

/**
 * The draw machine of one server process: an interval timer that creates the draws ahead, draws the due
 * ones and settles their bets. Several processes may run it on one database: every draw and bet is taken
 * under a row lock the others skip. `start` first catches up: draws missed while the server was down are
 * drawn and settled before it returns.
 */
export function createLotteryScheduler(deps: {
  lotteryService: LotteryService;
  clock: Clock;
  log: FastifyBaseLogger;
  tickMs?: number;
}) {
  const { lotteryService, clock, log } = deps;
  let lastEnsure = Number.NEGATIVE_INFINITY;

  async function work() {
    const now = clock().getTime();
    if (now - lastEnsure >= LOTTERY_ENSURE_EVERY_MS) {
      const created = await lotteryService.ensureAllDraws();
      lastEnsure = now;
      if (created > 0) log.debug({ created }, 'lottery draws created');
    }
    if (await lotteryService.hasDue()) {
      const { drawn, settled } = await lotteryService.runDue();
      if (drawn > 0 || settled > 0) log.info({ drawn, settled }, 'lottery draws drawn and settled');
    }
  }

  // The first tick at start (draws made before the first bet can come), then every tick.
  return intervalJob(
    work,
    deps.tickMs ?? LOTTERY_TICK_MS,
    (error) => log.error({ err: error }, 'lottery scheduler tick failed'),
    { atStart: 'wait' },
  );
}

export type LotteryScheduler = ReturnType<typeof createLotteryScheduler>;
