import { agentsCalls } from '@kl/contracts/agents';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** GET the agent itself (AGEINFO3): level, parent, team sizes, since. */
export async function getAgentInfo({ signal }: { signal?: AbortSignal } = {}) {
  return apiCall(agentsCalls.agentInfo, { signal });
}
