import type { FastifyBaseLogger } from 'fastify';
import { type Clock, HOUR_MS, MINUTE_MS } from '../../platform/clock.ts';
import { intervalJob } from '../../platform/module.ts';
import { previousUtcDay, type ProviderReconciliation } from './reconcile.ts';

/** How often the job looks for a day to reconcile. */
export const RECONCILE_TICK_MS = 15 * MINUTE_MS;
/** A day is reconciled this long after it ends (late settlements of its rounds have come in by then). */
export const RECONCILE_GRACE_MS = HOUR_MS;

/**
 * The daily reconciliation job of one server process (docs/decisions/028-provider-reconciliation.md):
 * every RECONCILE_TICK_MS it reconciles the previous UTC day of every provider that answers a report and
 * has no stored run of it yet, once the day is RECONCILE_GRACE_MS over. A failure (the provider did not
 * answer) is logged and tried again at the next tick. Several processes may run it: a run is idempotent
 * per (provider, day).
 */
export function createReconcileScheduler(deps: {
  reconciliation: ProviderReconciliation;
  clock: Clock;
  log: FastifyBaseLogger;
  tickMs?: number;
}) {
  const { reconciliation, clock, log } = deps;

  async function work() {
    const now = clock();
    const day = previousUtcDay(addGrace(now));
    for (const providerCode of await reconciliation.reportingProviders()) {
      if (await reconciliation.hasRun(providerCode, day)) continue;
      try {
        const run = await reconciliation.run(providerCode, day, 'scheduler');
        const level = run.differenceCount > 0 ? 'warn' : 'info';
        log[level](
          { provider: providerCode, day, differences: run.differenceCount },
          'provider reconciliation stored',
        );
      } catch (error) {
        log.error({ err: error, provider: providerCode, day }, 'provider reconciliation failed');
      }
    }
  }

  return intervalJob(work, deps.tickMs ?? RECONCILE_TICK_MS, (error) =>
    log.error({ err: error }, 'provider reconciliation tick failed'),
  );
}

/** The moment whose previous day is due: a day is due once RECONCILE_GRACE_MS past its end. */
const addGrace = (now: Date) => new Date(now.getTime() - RECONCILE_GRACE_MS);
