import { agentsCalls, type CreateAgentLinkRequest } from '@kl/contracts/agents';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** POST a new registration link (member or sub-agent, campaign optional) → the link. */
export async function createAgentLink(body: CreateAgentLinkRequest) {
  return apiCall(agentsCalls.agentCreateLink, { body });
}
