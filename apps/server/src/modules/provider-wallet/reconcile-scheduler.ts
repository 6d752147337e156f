import type { FastifyBaseLogger } from 'fastify';
import { type Clock, HOUR_MS, MINUTE_MS } from '../../platform/clock.ts';
import { intervalJob } from '../../platform/module.ts';
import { previousUtcDay, type ProviderReconciliation } from './reconcile.ts';

/** How often the job looks for a day to reconcile. */
export const RECONCILE_TICK_MS = 15 * MINUTE_MS;
/** A day is reconciled this long after it ends (late settlements of its rounds have come in by then). */
export const RECONCILE_GRACE_MS = HOUR_MS;
/** Providers skipped that the job remembers having logged (days of a few providers). */
const SKIPPED_KEPT = 1_000;

/**
 * The daily reconciliation job of one server process (docs/decisions/028-provider-reconciliation.md):
 * every RECONCILE_TICK_MS it reconciles the previous UTC day of every provider that answers a report and
 * has no stored run of it yet, once the day is RECONCILE_GRACE_MS over. A failure (the provider did not
 * answer) is logged and tried again at the next tick. Several processes may run it: a run is idempotent
 * per (provider, day). Where a provider answers is its row's `report_url`; a provider without one is
 * skipped, said once a day in the log (docs/decisions/070-provider-replay-window.md).
 */
export function createReconcileScheduler(deps: {
  reconciliation: ProviderReconciliation;
  clock: Clock;
  log: FastifyBaseLogger;
  tickMs?: number;
}) {
  const { reconciliation, clock, log } = deps;
  /** The providers without a report address already told of, by day. */
  const skipped = new Set<string>();

  async function work() {
    const now = clock();
    const day = previousUtcDay(addGrace(now));
    for (const { code: providerCode, reportUrl } of await reconciliation.reportingProviders()) {
      if (reportUrl === null) {
        const told = `${day} ${providerCode}`;
        if (!skipped.has(told)) {
          if (skipped.size >= SKIPPED_KEPT) skipped.clear();
          skipped.add(told);
          log.info({ provider: providerCode, day }, 'provider reconciliation skipped: no report address');
        }
        continue;
      }
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
