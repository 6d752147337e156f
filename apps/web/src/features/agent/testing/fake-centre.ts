import {
  agentsCalls,
  KPI_FIGURES,
  KPI_RANGES,
  type AgentApplication,
  type AgentInfo,
  type AgentKpi,
  type AgentLink,
  type DownlineRow,
  type KpiFigures,
  type KpiRange,
} from '@kl/contracts/agents';
import { onByDefault } from '../../../test/fake-api.ts';

/**
 * Agent centre data for component tests (agentsCalls of packages/contracts/src/agents.ts); `answerCentre`
 * answers the centre's reads from a `server` view the test changes as it says what the server did.
 */

/** Figures whose every value is `base` plus its position, so two sets never look alike. */
export const fakeFigures = (base: number) =>
  Object.fromEntries(KPI_FIGURES.map((key, index) => [key, base + index])) as unknown as KpiFigures;

export const fakeInfo = (overrides: Partial<AgentInfo> = {}): AgentInfo => ({
  ...{ username: 'agent01', level: 1, parent: null, maxDepth: 3, canCreateSubAgents: true },
  ...{ since: '2030-01-05T03:00:00.000Z', directSize: 12, teamSize: 40, subAgents: 2, ...overrides },
});

export const fakeApplication = (overrides: Partial<AgentApplication> = {}): AgentApplication => ({
  ...{ id: '00000000-0000-4000-8000-0000000000a1', status: 'pending', contact: null, note: null },
  ...{ message: 'I run a gaming community of 300 players.', createdAt: '2030-03-01T08:00:00.000Z' },
  ...{ decidedAt: null, ...overrides },
});

/** Downline member `n`: pl***n, an agent every fifth. */
export const fakeDownlineRow = (n: number): DownlineRow => ({
  ...{ memberId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, username: `pl***${n}` },
  ...{ isAgent: n % 5 === 0, depth: 1, registeredAt: '2030-02-01T08:00:00.000Z', lastLoginAt: null },
  ...{ deposits: 1_000 * n, turnover: 2_000 * n, ggr: 100 * n },
});

export const fakeLink = (code: string, overrides: Partial<AgentLink> = {}): AgentLink => ({
  ...{ code, kind: 'member', campaign: null, url: `https://kimlong.test/m/register?agent=${code}` },
  ...{ qrDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+', active: true, clicks: 0, registrations: 0 },
  ...{ createdAt: '2030-03-01T08:00:00.000Z', ...overrides },
});

/** A page of `list` as the agent calls answer it (pageNo, pageSize of the query; 20 unless told). */
export function centrePage<T>(items: readonly T[], query: Record<string, string>) {
  const [pageNo, pageSize] = [Number(query.pageNo ?? 1), Number(query.pageSize ?? 20)];
  const list = items.slice((pageNo - 1) * pageSize, pageNo * pageSize);
  return { list, total: items.length, pageNo, pageSize };
}

/** KPI of the range asked: direct figures from 1,000, team from 100,000, times the range's position. */
function kpiOf({ from = '2030-03-04', to = '2030-03-04', ...query }: Record<string, string>): AgentKpi {
  const range = (query.range ?? 'today') as KpiRange;
  const n = KPI_RANGES.indexOf(range) + 1;
  return { range, from, to, currency: 'VND', direct: fakeFigures(1_000 * n), team: fakeFigures(100_000 * n) };
}

export interface CentreServer {
  isAgent: boolean;
  application: AgentApplication | null;
  info: AgentInfo;
  downline: DownlineRow[];
  links: AgentLink[];
}

/** An agent with 25 direct members (pl***1 to pl***25) and no link, unless told. */
export const centreServer = (overrides: Partial<CentreServer> = {}): CentreServer => ({
  ...{ isAgent: true, application: null, info: fakeInfo(), links: [] },
  downline: Array.from({ length: 25 }, (_, index) => fakeDownlineRow(index + 1)),
  ...overrides,
});

/** Answers the centre's reads from `server`: the application, the info, KPI, the downline, the links. */
export function answerCentre(server: CentreServer) {
  onByDefault(agentsCalls.agentApplicationState, () => ({
    isAgent: server.isAgent,
    application: server.application,
  }));
  onByDefault(agentsCalls.agentInfo, () => server.info);
  onByDefault(agentsCalls.agentKpi, ({ query }) => kpiOf(query));
  onByDefault(agentsCalls.agentDownline, ({ query }) => centrePage(server.downline, query));
  onByDefault(agentsCalls.agentLinks, () => ({ links: server.links }));
}
