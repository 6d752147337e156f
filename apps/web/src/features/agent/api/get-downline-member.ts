import { agentsCalls } from '@kl/contracts/agents';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** GET one downline member as its agent may see it (masked, no contact data). */
export async function getDownlineMember(memberId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(agentsCalls.agentDownlineMember, { params: { memberId }, signal });
}
