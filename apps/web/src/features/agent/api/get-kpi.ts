import { agentsCalls, type AgentKpiQuery } from '@kl/contracts/agents';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** GET the KPI of a range, direct downline and whole team side by side. */
export async function getAgentKpi(query: AgentKpiQuery, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(agentsCalls.agentKpi, { query, signal });
}
