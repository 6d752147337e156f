import type { AgentsDeps } from '../deps.ts';

/** The settlements of the contracts that pay (docs/agents.md). */
export function createSettlementService(deps: AgentsDeps) {
  void deps;
  return {};
}
export type SettlementService = ReturnType<typeof createSettlementService>;
