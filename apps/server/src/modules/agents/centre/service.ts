import type { AgentsDeps } from '../deps.ts';

/** The agent centre's reads: info, KPI, downline, team reports, announcements (docs/agents.md). */
export function createAgentCentre(deps: AgentsDeps) {
  void deps;
  return {};
}
export type AgentCentre = ReturnType<typeof createAgentCentre>;
