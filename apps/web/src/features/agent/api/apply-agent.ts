import { agentsCalls, type ApplyAgentRequest } from '@kl/contracts/agents';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** POST an application to become an agent → the application, pending. */
export async function applyAgent(body: ApplyAgentRequest) {
  return apiCall(agentsCalls.agentApply, { body });
}
