import type { AgentKpiQuery, DownlineQuery, StatementsQuery, TeamReportQuery } from '@kl/contracts/agents';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/stores/session-store.ts';
import { getAgentInfo } from '../api/get-agent-info.ts';
import { getAgentAnnouncements } from '../api/get-announcements.ts';
import { getApplicationState } from '../api/get-application-state.ts';
import { getContractHistory } from '../api/get-contract-history.ts';
import { getDownlineMember } from '../api/get-downline-member.ts';
import { getDownline } from '../api/get-downline.ts';
import { getAgentKpi } from '../api/get-kpi.ts';
import { getAgentLinks } from '../api/get-links.ts';
import { getStatement } from '../api/get-statement.ts';
import { getStatements } from '../api/get-statements.ts';
import { getTeamReport } from '../api/get-team-report.ts';
import { centreKeys } from '../api/centre-keys.ts';
import { nextPageOf } from '../lib/paging.ts';

/**
 * The agent centre's reads (docs/agents.md "Agent centre screens"), one hook per call, keyed by the
 * logged-in member. Lists are pages loaded one after another.
 */
const useViewer = () => useSession().userName ?? '';

export function useApplicationState() {
  const viewer = useViewer();
  return useQuery({
    queryKey: centreKeys.application(viewer),
    queryFn: ({ signal }) => getApplicationState({ signal }),
  });
}

export function useAgentInfo() {
  const viewer = useViewer();
  return useQuery({ queryKey: centreKeys.info(viewer), queryFn: ({ signal }) => getAgentInfo({ signal }) });
}

export function useAgentLinks() {
  const viewer = useViewer();
  return useQuery({ queryKey: centreKeys.links(viewer), queryFn: ({ signal }) => getAgentLinks({ signal }) });
}

export function useAgentKpi(query: AgentKpiQuery, enabled: boolean) {
  const viewer = useViewer();
  return useQuery({
    queryKey: centreKeys.kpi(viewer, query),
    queryFn: ({ signal }) => getAgentKpi(query, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useDownline(query: Omit<DownlineQuery, 'pageNo'>) {
  const viewer = useViewer();
  return useInfiniteQuery({
    queryKey: centreKeys.downline(viewer, query),
    queryFn: ({ pageParam, signal }) => getDownline({ ...query, pageNo: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

export function useDownlineMember(memberId: string) {
  const viewer = useViewer();
  return useQuery({
    queryKey: centreKeys.downlineMember(viewer, memberId),
    queryFn: ({ signal }) => getDownlineMember(memberId, { signal }),
  });
}

export function useTeamReport(query: TeamReportQuery, enabled: boolean) {
  const viewer = useViewer();
  return useQuery({
    queryKey: centreKeys.report(viewer, query),
    queryFn: ({ signal }) => getTeamReport(query, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useAgentAnnouncements() {
  const viewer = useViewer();
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'vi';
  return useInfiniteQuery({
    queryKey: centreKeys.announcements(viewer, lang),
    queryFn: ({ pageParam, signal }) => getAgentAnnouncements({ pageNo: pageParam, lang }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

export function useContractHistory() {
  const viewer = useViewer();
  return useQuery({
    queryKey: centreKeys.contracts(viewer),
    queryFn: ({ signal }) => getContractHistory({ signal }),
  });
}

export function useStatements(query: Omit<StatementsQuery, 'pageNo'>) {
  const viewer = useViewer();
  return useInfiniteQuery({
    queryKey: centreKeys.statements(viewer, query),
    queryFn: ({ pageParam, signal }) => getStatements({ ...query, pageNo: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

export function useStatement(id: string) {
  const viewer = useViewer();
  return useQuery({
    queryKey: centreKeys.statement(viewer, id),
    queryFn: ({ signal }) => getStatement(id, { signal }),
  });
}
