import { z } from 'zod';
import type { ApiTable } from './api-call.ts';
import { agentContract, CONTRACT_KINDS } from './agent-contracts.ts';
import { pageParams } from './paging.ts';
import { moneySchema } from './wallet-balance.ts';

/**
 * The agent centre (docs/agents.md): the agent hierarchy, agent links, applications, KPI, the downline,
 * team reports and the statements of the contracts that pay (agent-contracts.ts has the contracts).
 *
 * - An agent is a member an operator made one (from an application or directly), or a member who
 *   registered through an agent's sub-agent link. Agents sit in a tree: a top agent is level 1, its
 *   sub-agents level 2, and so on down to the merchant's `agentMaxDepth`.
 * - Every member records, at registration, the chain of agents above it (its uplines, nearest first).
 *   An agent's **direct** downline is the members one step below it; its **team** is everyone below it,
 *   at any depth.
 * - Periods are days, hours, half months and months of GMT+8 (the site's clock): a day runs from
 *   16:00 UTC of the day before to 16:00 UTC.
 * - Amounts are integers in minor units (VND: whole đồng).
 */

// ——— periods (GMT+8) ———

/** The agent centre's clock: GMT+8, minutes east of UTC. */
export const AGENT_UTC_OFFSET_MINUTES = 480;
const OFFSET_MS = AGENT_UTC_OFFSET_MINUTES * 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The GMT+8 calendar date (`2026-11-24`) of an instant. */
export function agentDate(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a GMT+8 date (`2026-11-24`) starts: 16:00 UTC of the day before. */
export function agentDayStart(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - OFFSET_MS);
}

/** `date` moved by `days` (GMT+8 calendar arithmetic on `YYYY-MM-DD`). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The kinds of settlement period:
 * - `hour` `2026-11-24T13` — 13:00 to 14:00 GMT+8 (hourly salary);
 * - `day` `2026-11-24` — the GMT+8 day (daily salary);
 * - `half_month` `2026-11-H1` (1st–15th) or `2026-11-H2` (16th–end) and `month` `2026-11` (dividends).
 */
export const PERIOD_TYPES = ['hour', 'day', 'half_month', 'month'] as const;
export type PeriodType = (typeof PERIOD_TYPES)[number];

export interface AgentPeriod {
  readonly type: PeriodType;
  /** The key above; unique per type. */
  readonly key: string;
  /** First instant of the period (inclusive) and the instant after it (exclusive). */
  readonly start: Date;
  readonly end: Date;
}

const PERIOD_PATTERNS: readonly [PeriodType, RegExp][] = [
  ['hour', /^(\d{4}-\d{2}-\d{2})T(\d{2})$/],
  ['day', /^(\d{4}-\d{2}-\d{2})$/],
  ['half_month', /^(\d{4}-\d{2})-H([12])$/],
  ['month', /^(\d{4}-\d{2})$/],
];

const validDate = (date: string) =>
  !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) &&
  new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) === date;

/** The first day of the month after `month` (`2026-11` → `2026-12-01`). */
function nextMonthStart(month: string): string {
  const [year, monthNo] = month.split('-').map(Number) as [number, number];
  return monthNo === 12 ? `${year + 1}-01-01` : `${year}-${String(monthNo + 1).padStart(2, '0')}-01`;
}

/** A period from its key, or null when the key is not one (or names no real date). */
export function parsePeriod(key: string): AgentPeriod | null {
  for (const [type, pattern] of PERIOD_PATTERNS) {
    const match = pattern.exec(key);
    if (!match) continue;
    const [, first, second] = match as unknown as [string, string, string | undefined];
    if (type === 'hour') {
      const hour = Number(second);
      if (!validDate(first) || hour > 23) return null;
      const start = new Date(agentDayStart(first).getTime() + hour * HOUR_MS);
      return { type, key, start, end: new Date(start.getTime() + HOUR_MS) };
    }
    if (type === 'day') {
      if (!validDate(first)) return null;
      return { type, key, start: agentDayStart(first), end: agentDayStart(addDays(first, 1)) };
    }
    if (!validDate(`${first}-01`)) return null;
    if (type === 'month') {
      return { type, key, start: agentDayStart(`${first}-01`), end: agentDayStart(nextMonthStart(first)) };
    }
    const firstHalf = second === '1';
    return {
      type,
      key,
      start: agentDayStart(firstHalf ? `${first}-01` : `${first}-16`),
      end: agentDayStart(firstHalf ? `${first}-16` : nextMonthStart(first)),
    };
  }
  return null;
}

/** The period of a type that holds an instant. */
export function periodAt(type: PeriodType, at: Date): AgentPeriod {
  const date = agentDate(at);
  const shifted = new Date(at.getTime() + OFFSET_MS);
  const key =
    type === 'hour'
      ? `${date}T${String(shifted.getUTCHours()).padStart(2, '0')}`
      : type === 'day'
        ? date
        : type === 'month'
          ? date.slice(0, 7)
          : `${date.slice(0, 7)}-H${Number(date.slice(8)) <= 15 ? 1 : 2}`;
  return parsePeriod(key)!;
}

/** The period just before `period`, of the same type. */
export function previousPeriod(period: AgentPeriod): AgentPeriod {
  return periodAt(period.type, new Date(period.start.getTime() - 1));
}

/** A settlement period key as the API takes it (`--period` of `npm run agents:settle`). */
export const periodKeySchema = z
  .string()
  .trim()
  .refine((key) => parsePeriod(key) !== null, {
    message: 'a period is YYYY-MM-DD, YYYY-MM-DDTHH, YYYY-MM-H1, YYYY-MM-H2 or YYYY-MM (GMT+8)',
  });

// ——— usernames an agent sees ———

/** A downline member's username as an agent sees it: first two and last character (`ng***3`). */
export function maskUsername(username: string): string {
  const chars = [...username];
  if (chars.length <= 3) return `${chars[0] ?? ''}***`;
  return `${chars.slice(0, 2).join('')}***${chars[chars.length - 1]}`;
}

// ——— the agent, links, applications ———

export const AGENT_LINK_KINDS = [
  /** Registering through it makes a member of the agent's direct downline. */
  'member',
  /** Registering through it makes a sub-agent (the next level), while the depth allows. */
  'agent',
] as const;
export type AgentLinkKind = (typeof AGENT_LINK_KINDS)[number];

/** The query parameter of the registration screen that carries an agent link's code (`/m/register?agent=K7…`). */
export const AGENT_LINK_PARAM = 'agent';
/** Active links an agent may hold at once. */
export const MAX_AGENT_LINKS = 50;

export const agentLink = z.object({
  /** The code (also the affiliate code a member may type at registration). */
  code: z.string(),
  kind: z.enum(AGENT_LINK_KINDS),
  /** The agent's own name for it, e.g. a campaign. */
  campaign: z.string().nullable(),
  /** The registration address with the code (`https://site/m/register?agent=K7…`, the site's origin first). */
  url: z.string(),
  /** That address as a QR code (an SVG data URL). */
  qrDataUrl: z.string(),
  active: z.boolean(),
  /** Visits of the link (the registration screen opened with it). */
  clicks: z.number().int().min(0),
  /** Members registered through it. */
  registrations: z.number().int().min(0),
  createdAt: z.iso.datetime(),
});
export type AgentLink = z.infer<typeof agentLink>;

export const agentLinks = z.object({ links: z.array(agentLink) });
export type AgentLinks = z.infer<typeof agentLinks>;

export const createAgentLinkRequest = z.object({
  kind: z.enum(AGENT_LINK_KINDS).default('member'),
  campaign: z.string().trim().max(40).optional(),
});
export type CreateAgentLinkRequest = z.input<typeof createAgentLinkRequest>;

export const agentLinkParams = z.object({ code: z.string().trim().min(1).max(32) });
export const updateAgentLinkRequest = z.object({ active: z.boolean() });

/** A visit of an agent link (no login): counted; a bad or disabled code is AGENT_LINK_INCORRECT. */
export const agentLinkVisitRequest = z.object({ code: z.string().trim().min(1).max(32) });
export const agentLinkVisit = z.object({
  code: z.string(),
  kind: z.enum(AGENT_LINK_KINDS),
  /** The agent's username, masked. */
  agent: z.string(),
});
export type AgentLinkVisit = z.infer<typeof agentLinkVisit>;

/** What the agent centre shows of the agent itself (AGEINFO3). */
export const agentInfo = z.object({
  username: z.string(),
  /** 1 for a top agent, 2 for its sub-agents… */
  level: z.number().int().min(1),
  /** The agent above, masked; null for a top agent. */
  parent: z.string().nullable(),
  /** The deepest level the merchant allows; sub-agent links need level < maxDepth. */
  maxDepth: z.number().int().min(1),
  canCreateSubAgents: z.boolean(),
  since: z.iso.datetime(),
  directSize: z.number().int().min(0),
  teamSize: z.number().int().min(0),
  subAgents: z.number().int().min(0),
});
export type AgentInfo = z.infer<typeof agentInfo>;

export const AGENT_APPLICATION_STATUSES = ['pending', 'approved', 'refused'] as const;
export type AgentApplicationStatus = (typeof AGENT_APPLICATION_STATUSES)[number];

export const agentApplication = z.object({
  id: z.uuid(),
  status: z.enum(AGENT_APPLICATION_STATUSES),
  message: z.string(),
  /** How the member would like to be contacted about it (free text). */
  contact: z.string().nullable(),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  /** The operator's note to the member on a decision. */
  note: z.string().nullable(),
});
export type AgentApplication = z.infer<typeof agentApplication>;

/** The member's latest application, or null; `isAgent` tells the screen which face to show. */
export const agentApplicationState = z.object({
  isAgent: z.boolean(),
  application: agentApplication.nullable(),
});
export type AgentApplicationState = z.infer<typeof agentApplicationState>;

export const AGENT_APPLICATION_MESSAGE_MAX = 500;
export const applyAgentRequest = z.object({
  message: z.string().trim().min(10).max(AGENT_APPLICATION_MESSAGE_MAX),
  contact: z.string().trim().max(100).optional(),
});
export type ApplyAgentRequest = z.input<typeof applyAgentRequest>;

// ——— KPI, downline, reports ———

export const KPI_RANGES = ['today', 'yesterday', 'this_week', 'this_month', 'custom'] as const;
export type KpiRange = (typeof KPI_RANGES)[number];
/** A custom range, or a team report, covers at most this many days. */
export const AGENT_RANGE_MAX_DAYS = 92;

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/**
 * The GMT+8 dates (`from` and `to` both included) of a KPI range at `now`. Weeks start on Monday. A
 * custom range takes the caller's dates.
 */
export function kpiDates(range: Exclude<KpiRange, 'custom'>, now: Date): { from: string; to: string } {
  const today = agentDate(now);
  if (range === 'today') return { from: today, to: today };
  if (range === 'yesterday') return { from: addDays(today, -1), to: addDays(today, -1) };
  if (range === 'this_month') return { from: `${today.slice(0, 7)}-01`, to: today };
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  return { from: addDays(today, -weekday), to: today };
}

const checkedDates = <T extends z.ZodType<{ from?: string | undefined; to?: string | undefined }>>(
  schema: T,
) =>
  schema
    .refine((query) => !query.from || !query.to || query.from <= query.to, {
      message: 'from must not be after to',
      path: ['to'],
    })
    .refine(
      (query) => !query.from || !query.to || daysBetween(query.from, query.to) <= AGENT_RANGE_MAX_DAYS,
      {
        message: `at most ${AGENT_RANGE_MAX_DAYS} days`,
        path: ['to'],
      },
    );

export const agentKpiQuery = checkedDates(
  z.object({
    range: z.enum(KPI_RANGES).default('today'),
    /** Custom range only (GMT+8 dates, both included). */
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
  }),
).refine((query) => query.range !== 'custom' || (query.from && query.to), {
  message: 'a custom range needs from and to',
  path: ['from'],
});
export type AgentKpiQuery = z.input<typeof agentKpiQuery>;

/** The figures of a group of members over a period (real money only). */
export const kpiFigures = z.object({
  /** Members in the group at the end of the period (registered before it ended). */
  teamSize: z.number().int().min(0),
  /** Registered within the period. */
  newMembers: z.number().int().min(0),
  /** Placed a bet that was settled within the period. */
  activeMembers: z.number().int().min(0),
  /** Members whose first deposit ever was paid within the period, and what those first deposits were. */
  firstDeposits: z.number().int().min(0),
  firstDepositAmount: moneySchema,
  /** Paid deposits and withdrawals. */
  deposits: moneySchema,
  withdrawals: moneySchema,
  /** Stakes of settled bets. */
  turnover: moneySchema,
  /** Gross gaming revenue, stakes − payouts: what the members lost (negative when they won). */
  ggr: z.number().int(),
  /** Bonuses credited to the members. */
  bonuses: moneySchema,
  /**
   * Commission paid for the period's settlements: the agent's own (direct), or the agent's and its
   * sub-agents' (team).
   */
  commission: moneySchema,
});
export type KpiFigures = z.infer<typeof kpiFigures>;
export const KPI_FIGURES = Object.keys(kpiFigures.shape) as (keyof KpiFigures)[];

export const agentKpi = z.object({
  range: z.enum(KPI_RANGES),
  from: z.iso.date(),
  to: z.iso.date(),
  currency: z.string(),
  /** The agent's direct downline, and its whole team, side by side. */
  direct: kpiFigures,
  team: kpiFigures,
});
export type AgentKpi = z.infer<typeof agentKpi>;

export const DOWNLINE_SCOPES = ['direct', 'team'] as const;
export const DOWNLINE_KINDS = ['all', 'member', 'agent'] as const;
export const DOWNLINE_SORTS = ['registeredAt', 'lastLoginAt', 'deposits', 'turnover', 'ggr'] as const;
export type DownlineSort = (typeof DOWNLINE_SORTS)[number];
export const DOWNLINE_PAGE_SIZE = { default: 20, max: 100 } as const;

export const downlineQuery = checkedDates(
  z.object({
    scope: z.enum(DOWNLINE_SCOPES).default('direct'),
    kind: z.enum(DOWNLINE_KINDS).default('all'),
    /** Part of the username (the agent types the part it knows). */
    username: z.string().trim().max(64).optional(),
    /** Registered within these GMT+8 dates. */
    registeredFrom: z.iso.date().optional(),
    registeredTo: z.iso.date().optional(),
    /** The period of the money columns (GMT+8 dates, both included); every day when not given. */
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    sort: z.enum(DOWNLINE_SORTS).default('registeredAt'),
    order: z.enum(['asc', 'desc']).default('desc'),
    ...pageParams(DOWNLINE_PAGE_SIZE),
  }),
);
export type DownlineQuery = z.input<typeof downlineQuery>;

export const downlineRow = z.object({
  memberId: z.uuid(),
  /** Masked (docs/agents.md, "What an agent sees"). */
  username: z.string(),
  isAgent: z.boolean(),
  /** 1 for the agent's direct downline, 2 one step further… */
  depth: z.number().int().min(1),
  registeredAt: z.iso.datetime(),
  lastLoginAt: z.iso.datetime().nullable(),
  deposits: moneySchema,
  turnover: moneySchema,
  ggr: z.number().int(),
});
export type DownlineRow = z.infer<typeof downlineRow>;

export const downlinePage = z.object({
  list: z.array(downlineRow),
  total: z.number().int().min(0),
  pageNo: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type DownlinePage = z.infer<typeof downlinePage>;

export const downlineMemberParams = z.object({ memberId: z.uuid() });

/** One downline member as its agent may see it: no contact data, the username masked. */
export const downlineMember = downlineRow.extend({
  vipLevel: z.number().int().min(0),
  firstDepositAt: z.iso.datetime().nullable(),
  /** The agents between the caller and the member, masked, nearest to the caller first. */
  via: z.array(z.string()),
  thisMonth: kpiFigures.pick({ deposits: true, withdrawals: true, turnover: true, ggr: true, bonuses: true }),
  allTime: kpiFigures.pick({ deposits: true, withdrawals: true, turnover: true, ggr: true, bonuses: true }),
});
export type DownlineMember = z.infer<typeof downlineMember>;

export const REPORT_GROUPINGS = ['day', 'week', 'month'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

export const teamReportQuery = checkedDates(
  z.object({
    by: z.enum(REPORT_GROUPINGS).default('day'),
    from: z.iso.date(),
    to: z.iso.date(),
  }),
);
export type TeamReportQuery = z.input<typeof teamReportQuery>;

export const teamReportRow = z.object({
  /** `2026-11-24` (day), the Monday `2026-11-23` (week) or `2026-11` (month). */
  period: z.string(),
  from: z.iso.date(),
  to: z.iso.date(),
  figures: kpiFigures,
});
export type TeamReportRow = z.infer<typeof teamReportRow>;

export const teamReport = z.object({
  by: z.enum(REPORT_GROUPINGS),
  from: z.iso.date(),
  to: z.iso.date(),
  currency: z.string(),
  /** The whole team, one row per period, the first period first (empty periods included). */
  rows: z.array(teamReportRow),
  totals: kpiFigures,
});
export type TeamReport = z.infer<typeof teamReport>;

export const teamReportCsvQuery = checkedDates(
  z.object({
    by: z.enum(REPORT_GROUPINGS).default('day'),
    from: z.iso.date(),
    to: z.iso.date(),
    lang: z.enum(['vi', 'en']).default('vi'),
  }),
);

// ——— statements (settlements of the contracts that pay) ———

export const SETTLEMENT_STATUSES = [
  /** Calculated to nothing (no contract tier reached, or a dividend period at a loss). */
  'nothing_due',
  /** Above the approval threshold: waits for finance in the back office. */
  'awaiting_approval',
  /** Credited to the agent's wallet. */
  'paid',
  /** Refused by finance: nothing paid. */
  'refused',
] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

/** What a settlement was calculated from. */
export const settlementBasis = z.object({
  /** The team's stakes of settled bets within the period. */
  turnover: moneySchema,
  /** Team members active within the period. */
  activeMembers: z.number().int().min(0),
  /** Dividends: the team's net loss of the period (stakes − payouts − bonuses), may be negative. */
  netLoss: z.number().int().nullable(),
  /** Dividends: the negative balance carried in from earlier periods (≤ 0), and carried out (≤ 0). */
  carriedIn: z.number().int().max(0).nullable(),
  carriedOut: z.number().int().max(0).nullable(),
  /** The contract tier reached (0 = the first tier), or null when none was. */
  tier: z.number().int().min(0).nullable(),
  /** Dividends: the share applied, basis points. */
  percentBp: z.number().int().min(0).nullable(),
});
export type SettlementBasis = z.infer<typeof settlementBasis>;

export const agentStatement = z.object({
  id: z.uuid(),
  kind: z.enum(CONTRACT_KINDS),
  /** The period key (`2026-11-24`, `2026-11-24T13`, `2026-11-H2`, `2026-11`). */
  period: z.string(),
  periodStart: z.iso.datetime(),
  periodEnd: z.iso.datetime(),
  contractId: z.uuid(),
  currency: z.string(),
  amount: moneySchema,
  status: z.enum(SETTLEMENT_STATUSES),
  basis: settlementBasis,
  createdAt: z.iso.datetime(),
  /** When it was paid or refused. */
  decidedAt: z.iso.datetime().nullable(),
});
export type AgentStatement = z.infer<typeof agentStatement>;

export const STATEMENT_PAGE_SIZE = { default: 20, max: 100 } as const;
export const statementsQuery = z.object({
  kind: z.enum(CONTRACT_KINDS).optional(),
  ...pageParams(STATEMENT_PAGE_SIZE),
});
export type StatementsQuery = z.input<typeof statementsQuery>;

export const statementPage = z.object({
  list: z.array(agentStatement),
  total: z.number().int().min(0),
  pageNo: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type StatementPage = z.infer<typeof statementPage>;

export const statementParams = z.object({ id: z.uuid() });

/** Every contract offered to the agent (superseded ones too), newest first. */
export const contractHistory = z.object({ contracts: z.array(agentContract) });
export type ContractHistory = z.infer<typeof contractHistory>;

/** The result of settling a period (the job, `npm run agents:settle`, the back office). */
export const settleResult = z.object({
  /** The period keys settled (a day settles its daily salary and its 24 hours). */
  periods: z.array(z.string()),
  /** Settlements written by this run, by outcome; periods settled before are counted in `alreadySettled`. */
  paid: z.number().int().min(0),
  awaitingApproval: z.number().int().min(0),
  nothingDue: z.number().int().min(0),
  alreadySettled: z.number().int().min(0),
  /** Credited by this run. */
  amountPaid: moneySchema,
});
export type SettleResult = z.infer<typeof settleResult>;

// ——— agent announcements (content code A) ———

export const AGENT_ANNOUNCEMENT_PAGE_SIZE = { default: 20, max: 100 } as const;
export const agentAnnouncementsQuery = z.object({
  ...pageParams(AGENT_ANNOUNCEMENT_PAGE_SIZE),
  lang: z.enum(['vi', 'en']).optional(),
});
export const agentAnnouncement = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  /** As written (may hold HTML); sanitise before showing. */
  content: z.string(),
  /** Publication time. */
  date: z.iso.datetime(),
});
export type AgentAnnouncement = z.infer<typeof agentAnnouncement>;
export const agentAnnouncementPage = z.object({
  list: z.array(agentAnnouncement),
  total: z.number().int().min(0),
  pageNo: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type AgentAnnouncementPage = z.infer<typeof agentAnnouncementPage>;

// ——— calls ———

/** The agent centre's calls (composed into the API table by api-paths.ts). */
export const agentsCalls = {
  agentLinkVisit: {
    method: 'POST',
    path: '/api/agents/links/visit',
    moduleId: 'AFFMAN3',
    body: agentLinkVisitRequest,
    response: agentLinkVisit,
  },
  agentApplicationState: {
    method: 'GET',
    path: '/api/agents/application',
    moduleId: 'COMM3',
    response: agentApplicationState,
  },
  agentApply: {
    method: 'POST',
    path: '/api/agents/application',
    moduleId: 'COMM3',
    body: applyAgentRequest,
    response: agentApplication,
  },
  agentInfo: {
    method: 'GET',
    path: '/api/agents/me',
    moduleId: 'AGEINFO3',
    response: agentInfo,
  },
  agentLinks: {
    method: 'GET',
    path: '/api/agents/links',
    moduleId: 'AGEINFO3',
    response: agentLinks,
  },
  agentCreateLink: {
    method: 'POST',
    path: '/api/agents/links',
    moduleId: 'AGEINFO3',
    body: createAgentLinkRequest,
    response: agentLink,
  },
  agentUpdateLink: {
    method: 'PUT',
    path: '/api/agents/links/:code',
    moduleId: 'AGEINFO3',
    params: agentLinkParams,
    body: updateAgentLinkRequest,
    response: agentLink,
  },
  agentKpi: {
    method: 'GET',
    path: '/api/agents/kpi',
    moduleId: 'AGEINFO3',
    query: agentKpiQuery,
    response: agentKpi,
  },
  agentDownline: {
    method: 'GET',
    path: '/api/agents/downline',
    moduleId: 'AGEDOWNMAN3',
    query: downlineQuery,
    response: downlinePage,
  },
  agentDownlineMember: {
    method: 'GET',
    path: '/api/agents/downline/:memberId',
    moduleId: 'AGEDOWNMAN3',
    params: downlineMemberParams,
    response: downlineMember,
  },
  agentTeamReport: {
    method: 'GET',
    path: '/api/agents/reports',
    moduleId: 'AGEINFO3',
    query: teamReportQuery,
    response: teamReport,
  },
  /** `text/csv; charset=utf-8` with a BOM, as an attachment; not an envelope. */
  agentTeamReportCsv: {
    method: 'GET',
    path: '/api/agents/reports/csv',
    moduleId: 'AGEINFO3',
    query: teamReportCsvQuery,
    raw: true,
  },
  agentAnnouncements: {
    method: 'GET',
    path: '/api/agents/announcements',
    moduleId: 'AGEANNOUNCE3',
    query: agentAnnouncementsQuery,
    response: agentAnnouncementPage,
  },
  agentContracts: {
    method: 'GET',
    path: '/api/agents/contracts',
    moduleId: 'AGEINFO3',
    response: contractHistory,
  },
  agentStatements: {
    method: 'GET',
    path: '/api/agents/statements',
    moduleId: 'AGEINFO3',
    query: statementsQuery,
    response: statementPage,
  },
  agentStatement: {
    method: 'GET',
    path: '/api/agents/statements/:id',
    moduleId: 'AGEINFO3',
    params: statementParams,
    response: agentStatement,
  },
} as const satisfies ApiTable;
