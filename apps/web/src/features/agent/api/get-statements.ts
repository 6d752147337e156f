import { agentsCalls, type StatementsQuery } from '@kl/contracts/agents';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** GET a page of the agent's statements (settlements of its contracts), of one kind or all. */
export async function getStatements(query: StatementsQuery, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(agentsCalls.agentStatements, { query, signal });
}
