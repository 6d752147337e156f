import type { FastifyInstance } from 'fastify';
import type { BackOfficeAgentsDeps } from './deps.ts';

/** Settlements: the list, finance's approval, settling a period by hand (docs/agents.md, "Back office"). */
export function registerSettlementAdminRoutes(app: FastifyInstance, deps: BackOfficeAgentsDeps): void {
  void app;
  void deps;
}
