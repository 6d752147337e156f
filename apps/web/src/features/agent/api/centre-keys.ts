import type { AgentKpiQuery, DownlineQuery, StatementsQuery, TeamReportQuery } from '@kl/contracts/agents';

/**
 * Query keys of the agent centre (docs/agents.md "Agent centre screens"); under ['member'], so a logout
 * drops them, and under the member's name, so another login never reads the previous agent's data.
 */
const centre = (userName: string) => ['member', 'agent', 'centre', userName] as const;

export const centreKeys = {
  all: centre,
  application: (userName: string) => [...centre(userName), 'application'] as const,
  info: (userName: string) => [...centre(userName), 'info'] as const,
  links: (userName: string) => [...centre(userName), 'links'] as const,
  kpi: (userName: string, query: AgentKpiQuery) => [...centre(userName), 'kpi', query] as const,
  downline: (userName: string, query: Omit<DownlineQuery, 'pageNo'>) =>
    [...centre(userName), 'downline', query] as const,
  downlineMember: (userName: string, memberId: string) =>
    [...centre(userName), 'downline-member', memberId] as const,
  report: (userName: string, query: TeamReportQuery) => [...centre(userName), 'report', query] as const,
  announcements: (userName: string, lang: string) => [...centre(userName), 'announcements', lang] as const,
  contracts: (userName: string) => [...centre(userName), 'contracts'] as const,
  statements: (userName: string, query: Omit<StatementsQuery, 'pageNo'>) =>
    [...centre(userName), 'statements', query] as const,
  statement: (userName: string, id: string) => [...centre(userName), 'statement', id] as const,
};
