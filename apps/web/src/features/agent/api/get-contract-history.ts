import { agentsCalls } from '@kl/contracts/agents';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** GET every contract offered to the agent, newest first. */
export async function getContractHistory({ signal }: { signal?: AbortSignal } = {}) {
  return (await apiCall(agentsCalls.agentContracts, { signal })).contracts;
}
