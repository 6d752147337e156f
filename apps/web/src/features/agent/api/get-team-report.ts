import { agentsCalls, type TeamReportQuery } from '@kl/contracts/agents';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** GET the team report by day, week or month between two GMT+8 dates. */
export async function getTeamReport(query: TeamReportQuery, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(agentsCalls.agentTeamReport, { query, signal });
}
