import { agentsCalls } from '@kl/contracts/agents';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** PUT a link active or not → the link. */
export async function updateAgentLink({ code, active }: { code: string; active: boolean }) {
  return apiCall(agentsCalls.agentUpdateLink, { params: { code }, body: { active } });
}
