import { agentsCalls } from '@kl/contracts/agents';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** GET one statement with the basis it was calculated from. */
export async function getStatement(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(agentsCalls.agentStatement, { params: { id }, signal });
}
