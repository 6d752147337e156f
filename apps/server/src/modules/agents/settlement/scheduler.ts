import { type AgentPeriod, periodAt, previousPeriod } from '@kl/contracts/agents';
import type { FastifyBaseLogger } from 'fastify';
import { intervalJob } from '../../../platform/module.ts';
import type { SettlementService } from './service.ts';

/** How often the scheduler settles the periods that closed. */
export const AGENT_SETTLEMENT_TICK_MS = 5 * 60_000;

/**
 * The periods a scheduler tick settles at `now`: the last closed hour, and the previous day (with its 24
 * hours), half month and month. Each is closed at `now`; settling one again writes nothing.
 */
export function duePeriods(now: Date): string[] {
  const last = (type: AgentPeriod['type']) => previousPeriod(periodAt(type, now)).key;
  return [last('hour'), last('day'), last('half_month'), last('month')];
}

/**
 * The settlement machine of one server process (docs/agents.md, "The scheduler"): every few minutes it
 * settles the periods that closed. Several processes may run it on one database: the unique key of
 * agent_settlement (agent, kind, period) lets one of them write and pay each settlement, the others write
 * nothing. A failure is logged and tried again at the next tick.
 */
export function createSettlementScheduler(deps: {
  settlementService: SettlementService;
  log: FastifyBaseLogger;
  tickMs?: number;
}) {
  const { settlementService, log } = deps;
  const { clock } = settlementService.scheduler;

  async function work() {
    for (const key of duePeriods(clock())) {
      try {
        const result = await settlementService.settle(key, { by: 'scheduler' });
        if (result.paid + result.awaitingApproval + result.nothingDue > 0) {
          log.info({ period: key, ...result, periods: undefined }, 'agent settlements written');
        }
      } catch (error) {
        log.error({ err: error, period: key }, 'agent settlement failed');
      }
    }
  }

  // Each period's failure is logged in `work`; a tick never fails as a whole.
  return intervalJob(
    work,
    deps.tickMs ?? AGENT_SETTLEMENT_TICK_MS,
    (error) => log.error({ err: error }, 'agent settlement tick failed'),
    { atStart: 'background' },
  );
}
