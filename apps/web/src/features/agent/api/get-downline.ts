import { agentsCalls, type DownlineQuery } from '@kl/contracts/agents';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** GET a page of the downline (AGEDOWNMAN3) under the filter and sort. */
export async function getDownline(query: DownlineQuery, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(agentsCalls.agentDownline, { query, signal });
}
