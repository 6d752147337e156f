import {
  agentsCalls,
  KPI_FIGURES,
  type AgentApplication,
  type AgentInfo,
  type AgentLink,
  type AgentStatement,
  type DownlineRow,
  type KpiFigures,
} from '@kl/contracts/agents';
import type { AgentContract } from '@kl/contracts/agent-contracts';
import { failure, onByDefault } from '../../../test/fake-api.ts';

/**
 * Agent centre data for component tests (agentsCalls of packages/contracts/src/agents.ts): the application,
 * the agent's info and links, KPI, downline, team reports, announcements, contracts and statements.
 */

/** Figures whose every value is `base` plus its position, so two sets never look alike. */
export function fakeFigures(base: number): KpiFigures {
  return Object.fromEntries(KPI_FIGURES.map((key, index) => [key, base + index])) as unknown as KpiFigures;
}

export const fakeInfo = (overrides: Partial<AgentInfo> = {}): AgentInfo => ({
  username: 'agent01',
  level: 1,
  parent: null,
  maxDepth: 3,
  canCreateSubAgents: true,
  since: '2030-01-05T03:00:00.000Z',
  directSize: 12,
  teamSize: 40,
  subAgents: 2,
  ...overrides,
});

export const fakeApplication = (overrides: Partial<AgentApplication> = {}): AgentApplication => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  status: 'pending',
  message: 'I run a gaming community of 300 players.',
  contact: null,
  createdAt: '2030-03-01T08:00:00.000Z',
  decidedAt: null,
  note: null,
  ...overrides,
});

export function fakeDownlineRow(index: number): DownlineRow {
  return {
    memberId: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    username: `pl***${index}`,
    isAgent: index % 5 === 0,
    depth: 1,
    registeredAt: '2030-02-01T08:00:00.000Z',
    lastLoginAt: null,
    deposits: 1_000 * index,
    turnover: 2_000 * index,
    ggr: 100 * index,
  };
}

export function fakeLink(code: string, overrides: Partial<AgentLink> = {}): AgentLink {
  return {
    code,
    kind: 'member',
    campaign: null,
    url: `https://kimlong.test/m/register?agent=${code}`,
    qrDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
    active: true,
    clicks: 0,
    registrations: 0,
    createdAt: '2030-03-01T08:00:00.000Z',
    ...overrides,
  };
}

export function fakeStatement(index: number, overrides: Partial<AgentStatement> = {}): AgentStatement {
  return {
    id: `00000000-0000-4000-8000-0000000005${String(index).padStart(2, '0')}`,
    kind: 'salary',
    period: `2030-03-${String(index).padStart(2, '0')}`,
    periodStart: '2030-03-01T16:00:00.000Z',
    periodEnd: '2030-03-02T16:00:00.000Z',
    contractId: '00000000-0000-4000-8000-000000000001',
    currency: 'VND',
    amount: 200_000,
    status: 'paid',
    basis: {
      turnover: 12_000_000,
      activeMembers: 6,
      netLoss: null,
      carriedIn: null,
      carriedOut: null,
      tier: 0,
      percentBp: null,
    },
    createdAt: '2030-03-02T16:05:00.000Z',
    decidedAt: '2030-03-02T16:05:00.000Z',
    ...overrides,
  };
}

/** A page of `list` as the agent calls answer it (pageNo, pageSize of the query; 20 unless told). */
export function centrePage<T>(list: readonly T[], query: Record<string, string>) {
  const [pageNo, pageSize] = [Number(query.pageNo ?? 1), Number(query.pageSize ?? 20)];
  return {
    list: list.slice((pageNo - 1) * pageSize, pageNo * pageSize),
    total: list.length,
    pageNo,
    pageSize,
  };
}

export interface CentreServer {
  isAgent: boolean;
  application: AgentApplication | null;
  info: AgentInfo;
  downline: DownlineRow[];
  links: AgentLink[];
  contracts: AgentContract[];
  statements: AgentStatement[];
}

export const centreServer = (overrides: Partial<CentreServer> = {}): CentreServer => ({
  ...{ isAgent: true, application: null, info: fakeInfo(), links: [], contracts: [], statements: [] },
  downline: Array.from({ length: 25 }, (_, index) => fakeDownlineRow(index + 1)),
  ...overrides,
});

const RANGES = ['today', 'yesterday', 'this_week', 'this_month', 'custom'] as const;
const period = { deposits: 11_000, withdrawals: 2_000, turnover: 33_000, ggr: -4_000, bonuses: 500 };

/**
 * Answers the agent centre's reads from the server view: figures that tell the range asked (direct 1,000
 * × its position, team 100,000 ×), the downline and statements a page at a time, a member's and a
 * statement's detail by id, a report of two periods, one announcement.
 */
export function answerCentre(server: CentreServer) {
  onByDefault(agentsCalls.agentApplicationState, () => ({
    isAgent: server.isAgent,
    application: server.application,
  }));
  onByDefault(agentsCalls.agentInfo, () => server.info);
  onByDefault(agentsCalls.agentKpi, ({ query }) => {
    const range = (query.range ?? 'today') as (typeof RANGES)[number];
    const n = RANGES.indexOf(range) + 1;
    const dates = { from: query.from ?? '2030-03-04', to: query.to ?? '2030-03-04' };
    return {
      range,
      ...dates,
      currency: 'VND',
      direct: fakeFigures(1_000 * n),
      team: fakeFigures(100_000 * n),
    };
  });
  onByDefault(agentsCalls.agentDownline, ({ query }) => centrePage(server.downline, query));
  onByDefault(agentsCalls.agentDownlineMember, ({ params }) => {
    const row = server.downline.find((item) => item.memberId === params.memberId);
    if (!row) return failure('NOT_FOUND');
    const detail = { vipLevel: 3, firstDepositAt: '2030-02-02T08:00:00.000Z', via: ['su***b'] };
    return { ...row, ...detail, thisMonth: period, allTime: { ...period, deposits: 99_000 } };
  });
  onByDefault(agentsCalls.agentTeamReport, ({ query }) => {
    const [from, to] = [query.from!, query.to!];
    const figures = (turnover: number, ggr: number) => ({ ...fakeFigures(0), turnover, ggr });
    const rows = [
      { period: from, from, to: from, figures: figures(5_000_000, 400_000) },
      { period: to, from: to, to, figures: figures(3_000_000, -150_000) },
    ];
    return {
      by: (query.by ?? 'day') as 'day',
      from,
      to,
      currency: 'VND',
      rows,
      totals: figures(8_000_000, 250_000),
    };
  });
  onByDefault(agentsCalls.agentLinks, () => ({ links: server.links }));
  const content = '<p>Bonus <b>x2</b><img src="x" onerror="alert(1)"><script>alert(2)</script></p>';
  const announcement = { id: 1, title: 'Tháng 3 thưởng thêm', content, date: '2030-03-01T08:00:00.000Z' };
  onByDefault(agentsCalls.agentAnnouncements, ({ query }) => centrePage([announcement], query));
  onByDefault(agentsCalls.agentContracts, () => ({ contracts: server.contracts }));
  onByDefault(agentsCalls.agentStatements, ({ query }) => centrePage(server.statements, query));
  onByDefault(
    agentsCalls.agentStatement,
    ({ params }) => server.statements.find((item) => item.id === params.id) ?? failure('NOT_FOUND'),
  );
}
