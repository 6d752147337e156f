import { agentsCalls } from '@kl/contracts/agents';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** GET the member's agent application state: whether it is an agent, and its latest application. */
export async function getApplicationState({ signal }: { signal?: AbortSignal } = {}) {
  return apiCall(agentsCalls.agentApplicationState, { signal });
}
