import { agentsCalls } from '@kl/contracts/agents';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** GET the agent's registration links. */
export async function getAgentLinks({ signal }: { signal?: AbortSignal } = {}) {
  return (await apiCall(agentsCalls.agentLinks, { signal })).links;
}
