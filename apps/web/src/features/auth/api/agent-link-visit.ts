import { agentsCalls, type AgentLinkVisit } from '@kl/contracts/agents';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';

/**
 * POST agentLinkVisit (docs/agents.md, "Agent links"): the registration screen was opened through an agent's
 * link; the server counts the click and answers the agent (masked), or AGENT_LINK_INCORRECT for a bad or
 * disabled link.
 */
export async function visitAgentLink(code: string): Promise<AgentLinkVisit> {
  return apiCall(agentsCalls.agentLinkVisit, { body: { code } });
}

/**
 * The visit of the link the page was opened with, told once per page load (kept for the life of the page,
 * whatever remounts the screen); nothing without a code.
 */
export function useAgentLinkVisit(code: string | null) {
  return useQuery({
    queryKey: ['agent-link-visit', code],
    queryFn: () => visitAgentLink(code ?? ''),
    enabled: code !== null,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}
