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
import type { ErrorCode } from '@kl/contracts/errors';
import { answer, bodyOf, failure, isCall } from '../../../test/fake-api.ts';

/**
 * The agent centre side of the API for component tests (agentsCalls of packages/contracts/src/agents.ts):
 * the application, the agent's info and links, KPI, downline, team reports, announcements, contract
 * history and statements. Every request is logged with its query, so tests see what the screen asked.
 */
export interface CentreRequest {
  call: keyof typeof agentsCalls;
  query: URLSearchParams;
  path: string;
  body?: unknown;
}

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

/** A request of that method to a path under `prefix` (a call with a path parameter). */
const isCallTo = (method: string, url: URL, init: RequestInit | undefined, prefix: string) =>
  (init?.method ?? 'GET').toUpperCase() === method && url.pathname.startsWith(prefix);
const isGet = (url: URL, init: RequestInit | undefined, prefix: string) => isCallTo('GET', url, init, prefix);

export interface FakeCentreOptions {
  isAgent?: boolean;
  application?: AgentApplication | null;
  /** The refusal of POST application, if any. */
  applyRefusal?: ErrorCode;
  info?: AgentInfo;
  downline?: DownlineRow[];
  links?: AgentLink[];
  contracts?: AgentContract[];
  statements?: AgentStatement[];
}

export function createFakeCentre(options: FakeCentreOptions = {}) {
  const state = {
    isAgent: options.isAgent ?? true,
    application: options.application ?? null,
    info: options.info ?? fakeInfo(),
    downline: options.downline ?? Array.from({ length: 25 }, (_, index) => fakeDownlineRow(index + 1)),
    links: [...(options.links ?? [])],
    contracts: options.contracts ?? [],
    statements: options.statements ?? [],
    requests: [] as CentreRequest[],
  };
  const log = (call: CentreRequest['call'], url: URL, body?: unknown) =>
    state.requests.push({ call, query: url.searchParams, path: url.pathname, body });
  const page = <T>(list: readonly T[], url: URL) => {
    const pageNo = Number(url.searchParams.get('pageNo') ?? 1);
    const pageSize = Number(url.searchParams.get('pageSize') ?? 20);
    return {
      list: list.slice((pageNo - 1) * pageSize, pageNo * pageSize),
      total: list.length,
      pageNo,
      pageSize,
    };
  };

  const handle = async (url: URL, init?: RequestInit): Promise<Response | undefined> => {
    if (isCall(agentsCalls.agentApplicationState, url, init)) {
      log('agentApplicationState', url);
      return answer(agentsCalls.agentApplicationState, {
        isAgent: state.isAgent,
        application: state.application,
      });
    }
    if (isCall(agentsCalls.agentApply, url, init)) {
      const body = bodyOf(agentsCalls.agentApply, init);
      log('agentApply', url, body);
      if (options.applyRefusal) return failure(options.applyRefusal);
      state.application = fakeApplication({ message: body.message, contact: body.contact ?? null });
      return answer(agentsCalls.agentApply, state.application);
    }
    if (!state.isAgent && url.pathname.startsWith('/api/agents/')) return failure('MEMBER_NOT_AGENT');
    if (isCall(agentsCalls.agentInfo, url, init)) {
      log('agentInfo', url);
      return answer(agentsCalls.agentInfo, state.info);
    }
    if (isCall(agentsCalls.agentKpi, url, init)) {
      log('agentKpi', url);
      const range = (url.searchParams.get('range') ?? 'today') as 'today';
      const rangeNo = ['today', 'yesterday', 'this_week', 'this_month', 'custom'].indexOf(range);
      return answer(agentsCalls.agentKpi, {
        range,
        from: url.searchParams.get('from') ?? '2030-03-04',
        to: url.searchParams.get('to') ?? '2030-03-04',
        currency: 'VND',
        direct: fakeFigures(1_000 * (rangeNo + 1)),
        team: fakeFigures(100_000 * (rangeNo + 1)),
      });
    }
    if (isCall(agentsCalls.agentDownline, url, init)) {
      log('agentDownline', url);
      const search = url.searchParams.get('username');
      const rows = search ? state.downline.filter((row) => row.username.includes(search)) : state.downline;
      return answer(agentsCalls.agentDownline, page(rows, url));
    }
    if (isGet(url, init, '/api/agents/downline/')) {
      log('agentDownlineMember', url);
      const memberId = url.pathname.split('/').at(-1);
      const row = state.downline.find((item) => item.memberId === memberId);
      if (!row) return failure('NOT_FOUND');
      const period = { deposits: 11_000, withdrawals: 2_000, turnover: 33_000, ggr: -4_000, bonuses: 500 };
      return answer(agentsCalls.agentDownlineMember, {
        ...row,
        vipLevel: 3,
        firstDepositAt: '2030-02-02T08:00:00.000Z',
        via: ['su***b'],
        thisMonth: period,
        allTime: { ...period, deposits: 99_000 },
      });
    }
    if (isCall(agentsCalls.agentTeamReport, url, init)) {
      log('agentTeamReport', url);
      const from = url.searchParams.get('from')!;
      const to = url.searchParams.get('to')!;
      const by = (url.searchParams.get('by') ?? 'day') as 'day';
      return answer(agentsCalls.agentTeamReport, {
        by,
        from,
        to,
        currency: 'VND',
        rows: [
          { period: from, from, to: from, figures: { ...fakeFigures(0), turnover: 5_000_000, ggr: 400_000 } },
          { period: to, from: to, to, figures: { ...fakeFigures(0), turnover: 3_000_000, ggr: -150_000 } },
        ],
        totals: { ...fakeFigures(0), turnover: 8_000_000, ggr: 250_000 },
      });
    }
    if (isCall(agentsCalls.agentLinks, url, init)) {
      log('agentLinks', url);
      return answer(agentsCalls.agentLinks, { links: state.links });
    }
    if (isCall(agentsCalls.agentCreateLink, url, init)) {
      const body = bodyOf(agentsCalls.agentCreateLink, init);
      log('agentCreateLink', url, body);
      const link = fakeLink(`NEW${state.links.length + 1}`, {
        kind: body.kind,
        campaign: body.campaign ?? null,
      });
      state.links.unshift(link);
      return answer(agentsCalls.agentCreateLink, link);
    }
    if (isCallTo('PUT', url, init, '/api/agents/links/')) {
      const body = bodyOf(agentsCalls.agentUpdateLink, init);
      log('agentUpdateLink', url, body);
      const code = decodeURIComponent(url.pathname.split('/').at(-1)!);
      const index = state.links.findIndex((link) => link.code === code);
      if (index < 0) return failure('AGENT_LINK_INCORRECT');
      state.links[index] = { ...state.links[index]!, active: body.active };
      return answer(agentsCalls.agentUpdateLink, state.links[index]);
    }
    if (isCall(agentsCalls.agentAnnouncements, url, init)) {
      log('agentAnnouncements', url);
      const list = [
        {
          id: 1,
          title: 'Tháng 3 thưởng thêm',
          content: '<p>Bonus <b>x2</b><img src="x" onerror="alert(1)"><script>alert(2)</script></p>',
          date: '2030-03-01T08:00:00.000Z',
        },
      ];
      return answer(agentsCalls.agentAnnouncements, page(list, url));
    }
    if (isCall(agentsCalls.agentContracts, url, init)) {
      log('agentContracts', url);
      return answer(agentsCalls.agentContracts, { contracts: state.contracts });
    }
    if (isCall(agentsCalls.agentStatements, url, init)) {
      log('agentStatements', url);
      const kind = url.searchParams.get('kind');
      return answer(
        agentsCalls.agentStatements,
        page(kind ? state.statements.filter((item) => item.kind === kind) : state.statements, url),
      );
    }
    if (isGet(url, init, '/api/agents/statements/')) {
      log('agentStatement', url);
      const found = state.statements.find((item) => item.id === url.pathname.split('/').at(-1));
      return found ? answer(agentsCalls.agentStatement, found) : failure('NOT_FOUND');
    }
    return undefined;
  };
  /** The requests of a call, in order. */
  const requestsOf = (call: CentreRequest['call']) =>
    state.requests.filter((request) => request.call === call);
  return { handle, state, requestsOf };
}
