import type { AgentsDeps } from '../deps.ts';

/** The agent hierarchy: agents, uplines, links and applications (docs/agents.md). */
export function createHierarchyService(deps: AgentsDeps) {
  void deps;
  return {};
}
export type HierarchyService = ReturnType<typeof createHierarchyService>;
