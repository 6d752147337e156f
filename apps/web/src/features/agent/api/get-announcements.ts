import { agentsCalls } from '@kl/contracts/agents';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** GET a page of the agent announcements (content code A, AGEANNOUNCE3). */
export async function getAgentAnnouncements(
  { pageNo, lang }: { pageNo: number; lang: 'vi' | 'en' },
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiCall(agentsCalls.agentAnnouncements, { query: { pageNo, lang }, signal });
}
