import type { FastifyBaseLogger } from 'fastify';
import { HOUSE_ROLL_UP_LIMIT, type LedgerRepository } from './ledger-repository.ts';

/** How often a server process rolls up the house accounts' new entries. */
export const HOUSE_ROLL_UP_TICK_MS = 1_000;

/**
 * The roll-up of the house accounts in one server process (docs/decisions/038-money-functions.md): a post
 * writes a house account's entry without changing the account, so that every bet of every member does not
 * queue on the row of `bets`; every HOUSE_ROLL_UP_TICK_MS this job gives the committed ones their balance
 * after and the accounts their sum. A tick goes on while a roll-up was full (a backlog after a stop). Several
 * processes may run it on one database: an account one of them holds, the others skip.
 */
export function createHouseRollUp(deps: {
  ledger: Pick<LedgerRepository, 'rollUpHouse'>;
  log: FastifyBaseLogger;
  tickMs?: number;
}) {
  const { ledger, log } = deps;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<number> | undefined;
  let running = false;

  async function rollUpAll(): Promise<number> {
    let total = 0;
    for (;;) {
      const rolled = await ledger.rollUpHouse(HOUSE_ROLL_UP_LIMIT);
      total += rolled;
      if (rolled < HOUSE_ROLL_UP_LIMIT) return total;
    }
  }

  /** One roll-up, or the one under way; answers how many entries it rolled up (0 when it failed, logged). */
  function tick(): Promise<number> {
    if (!current) {
      current = rollUpAll().then(
        (rolled) => {
          current = undefined;
          return rolled;
        },
        (error: unknown) => {
          current = undefined;
          log.error({ err: error }, 'house roll-up failed');
          return 0;
        },
      );
    }
    return current;
  }

  /** The next tick once this one has ended: roll-ups never overlap, however long one takes. */
  function scheduleNext(): void {
    timer = setTimeout(() => {
      void tick().then(() => {
        if (running) scheduleNext();
      });
    }, deps.tickMs ?? HOUSE_ROLL_UP_TICK_MS);
    timer.unref();
  }

  return {
    tick,
    async start(): Promise<void> {
      if (running) return;
      running = true;
      await tick();
      scheduleNext();
    },
    async stop(): Promise<void> {
      running = false;
      clearTimeout(timer);
      await current;
      // What was posted up to the stop is rolled up before the process ends.
      await tick();
    },
  };
}
