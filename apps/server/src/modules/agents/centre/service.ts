import {
  type AgentAnnouncementPage,
  type AgentInfo,
  type AgentKpi,
  agentDayStart,
  addDays,
  type DownlineMember,
  type DownlinePage,
  type DownlineRow,
  type DownlineSort,
  type KpiFigures,
  type KpiRange,
  kpiDates,
  maskUsername,
  periodAt,
  type ReportGrouping,
  type TeamReport,
} from '@kl/contracts/agents';
import { textIn } from '@kl/contracts/content';
import type { Locale } from '@kl/contracts/i18n';
import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import { DomainError } from '../../../platform/errors.ts';
import type { AuthenticatedMember } from '../../../platform/member-guard.ts';
import { createVipRepository, levelFor } from '../../vip/index.ts';
import { moneyNumber } from '../../wallet/index.ts';
import type { AgentsDeps } from '../deps.ts';
import {
  agentOf,
  type FigureGrouping,
  type FigureScope,
  type MemberSet,
  playBy,
  teamMemberIds,
  type TeamScope,
  type Window,
} from '../team.ts';
import { teamReportCsv } from './csv.ts';
import { datesWindow, reportPeriods } from './report-periods.ts';
import { createCentreRepository, type DownlineRecord } from './repository.ts';

/**
 * The agent centre's reads (docs/agents.md, "Agent centre"): the agent's info, KPI of its direct downline
 * and its team, the downline and a member's detail, team reports (JSON and CSV) and agent announcements.
 * Every call is the logged-in agent's own: a member who is not an agent gets MEMBER_NOT_AGENT, a member
 * outside the agent's team NOT_FOUND. Real money only, in the merchant's currency.
 */

/** KPI figures before they become numbers; `teamSize` is added from the registrations. */
interface Figures {
  newMembers: number;
  activeMembers: number;
  firstDeposits: number;
  firstDepositAmount: bigint;
  deposits: bigint;
  withdrawals: bigint;
  turnover: bigint;
  ggr: bigint;
  bonuses: bigint;
  commission: bigint;
}

const moneyFigures = (figures: {
  deposits: bigint;
  withdrawals: bigint;
  turnover: bigint;
  ggr: bigint;
  bonuses: bigint;
}) => ({
  deposits: moneyNumber(figures.deposits),
  withdrawals: moneyNumber(figures.withdrawals),
  turnover: moneyNumber(figures.turnover),
  ggr: moneyNumber(figures.ggr),
  bonuses: moneyNumber(figures.bonuses),
});

function kpiOut(figures: Figures, teamSize: number): KpiFigures {
  return {
    teamSize,
    newMembers: figures.newMembers,
    activeMembers: figures.activeMembers,
    firstDeposits: figures.firstDeposits,
    firstDepositAmount: moneyNumber(figures.firstDepositAmount),
    ...moneyFigures(figures),
    commission: moneyNumber(figures.commission),
  };
}

const downlineRowOut = (row: DownlineRecord): DownlineRow => ({
  memberId: row.memberId,
  username: maskUsername(row.username),
  isAgent: row.isAgent,
  depth: row.depth,
  registeredAt: row.registeredAt.toISOString(),
  lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  deposits: moneyNumber(row.deposits),
  turnover: moneyNumber(row.turnover),
  ggr: moneyNumber(row.ggr),
});

const MEMBER_NOT_FOUND = () => new DomainError('NOT_FOUND', { reason: 'MEMBER_NOT_FOUND' });

export interface DownlineQuery {
  scope: TeamScope;
  kind: 'all' | 'member' | 'agent';
  username?: string | undefined;
  registeredFrom?: string | undefined;
  registeredTo?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort: DownlineSort;
  order: 'asc' | 'desc';
  pageNo: number;
  pageSize: number;
}

export function createAgentCentre(deps: AgentsDeps) {
  const { db, clock, merchantCode } = deps;
  const centre = createCentreRepository(db);
  const vip = createVipRepository(db);
  const currency = WALLET_CURRENCY;

  /** The caller's agent row; MEMBER_NOT_AGENT when the member is not an agent. */
  async function agentFor(caller: AuthenticatedMember) {
    const row = await agentOf(db, caller.memberId);
    if (!row || row.merchantCode !== caller.merchantCode) throw new DomainError('MEMBER_NOT_AGENT');
    return row;
  }

  /**
   * The figures of the agent's scope within the window, by the grouping's key (a handful of set-based
   * queries), with the members registered before the window (the team size at its start).
   */
  async function figuresBy(
    agentMemberId: string,
    scope: TeamScope,
    window: Window,
    grouping: FigureGrouping,
  ) {
    const members = teamMemberIds(db, agentMemberId, scope);
    const figureScope = { merchantCode, currency, members, window };
    const [registrations, money, firsts, play, commission] = await Promise.all([
      centre.registrations(figureScope, grouping),
      centre.money(figureScope, grouping),
      centre.firstDeposits(figureScope, grouping),
      playBy(db, figureScope, grouping),
      centre.commission({ merchantCode, currency, agentMemberId, scope, window }, grouping),
    ]);
    const at = (key: string): Figures => {
      const played = play.get(key);
      const paid = money.get(key);
      const first = firsts.get(key);
      return {
        newMembers: registrations.within.get(key) ?? 0,
        activeMembers: played?.activeMembers ?? 0,
        firstDeposits: first?.count ?? 0,
        firstDepositAmount: first?.amount ?? 0n,
        deposits: paid?.deposits ?? 0n,
        withdrawals: paid?.withdrawals ?? 0n,
        turnover: played?.turnover ?? 0n,
        ggr: (played?.turnover ?? 0n) - (played?.payouts ?? 0n),
        bonuses: played?.bonuses ?? 0n,
        commission: commission.get(key) ?? 0n,
      };
    };
    return { before: registrations.before, at };
  }

  /** The whole window as one total, with the team size at its end. */
  async function totalOf(agentMemberId: string, scope: TeamScope, window: Window): Promise<KpiFigures> {
    const { before, at } = await figuresBy(agentMemberId, scope, window, 'all');
    const figures = at('');
    return kpiOut(figures, before + figures.newMembers);
  }

  /** Deposits, withdrawals, stakes, GGR and bonuses of members within a window (every instant without one). */
  async function memberMoney(members: MemberSet, window?: Window) {
    const scope: FigureScope = { merchantCode, currency, members, window };
    const [money, play] = await Promise.all([centre.money(scope, 'all'), playBy(db, scope, 'all')]);
    const paid = money.get('');
    const played = play.get('');
    const turnover = played?.turnover ?? 0n;
    return {
      deposits: paid?.deposits ?? 0n,
      withdrawals: paid?.withdrawals ?? 0n,
      turnover,
      ggr: turnover - (played?.payouts ?? 0n),
      bonuses: played?.bonuses ?? 0n,
    };
  }

  async function teamReport(
    caller: AuthenticatedMember,
    query: { by: ReportGrouping; from: string; to: string },
  ): Promise<TeamReport> {
    const self = await agentFor(caller);
    const window = datesWindow(query.from, query.to);
    const [grouped, totals] = await Promise.all([
      figuresBy(self.memberId, 'team', window, query.by),
      totalOf(self.memberId, 'team', window),
    ]);
    let teamSize = grouped.before;
    const rows = reportPeriods(query.by, query.from, query.to).map((period) => {
      const figures = grouped.at(period.period);
      teamSize += figures.newMembers;
      return { ...period, figures: kpiOut(figures, teamSize) };
    });
    return { by: query.by, from: query.from, to: query.to, currency, rows, totals };
  }

  return {
    async info(caller: AuthenticatedMember): Promise<AgentInfo> {
      const self = await agentFor(caller);
      const [maxDepth, parent, counts] = await Promise.all([
        centre.agentMaxDepth(self.merchantCode),
        centre.parentUsername(self.memberId),
        centre.teamCounts(self.memberId),
      ]);
      return {
        username: caller.username,
        level: self.level,
        parent: parent === undefined ? null : maskUsername(parent),
        maxDepth,
        canCreateSubAgents: self.level < maxDepth,
        since: self.createdAt.toISOString(),
        directSize: counts.direct,
        teamSize: counts.team,
        subAgents: counts.agents,
      };
    },

    async kpi(
      caller: AuthenticatedMember,
      query: { range: KpiRange; from?: string | undefined; to?: string | undefined },
    ): Promise<AgentKpi> {
      const self = await agentFor(caller);
      const dates =
        query.range === 'custom'
          ? { from: query.from ?? '', to: query.to ?? '' }
          : kpiDates(query.range, clock());
      const window = datesWindow(dates.from, dates.to);
      const [direct, team] = await Promise.all([
        totalOf(self.memberId, 'direct', window),
        totalOf(self.memberId, 'team', window),
      ]);
      return { range: query.range, ...dates, currency, direct, team };
    },

    async downline(caller: AuthenticatedMember, query: DownlineQuery): Promise<DownlinePage> {
      const self = await agentFor(caller);
      const window =
        query.from || query.to
          ? {
              start: query.from ? agentDayStart(query.from) : new Date(0),
              end: query.to ? agentDayStart(addDays(query.to, 1)) : new Date(8.64e15),
            }
          : undefined;
      const { list, total } = await centre.downline(
        { merchantCode, currency, agentMemberId: self.memberId },
        {
          scope: query.scope,
          kind: query.kind,
          username: query.username,
          registered: { from: query.registeredFrom, to: query.registeredTo },
          window,
          sort: query.sort,
          order: query.order,
          limit: query.pageSize,
          offset: (query.pageNo - 1) * query.pageSize,
        },
      );
      return { list: list.map(downlineRowOut), total, pageNo: query.pageNo, pageSize: query.pageSize };
    },

    /** A member of the agent's team as the agent may see it; anyone else is NOT_FOUND. */
    async downlineMember(caller: AuthenticatedMember, memberId: string): Promise<DownlineMember> {
      const self = await agentFor(caller);
      const { list } = await centre.downline(
        { merchantCode, currency, agentMemberId: self.memberId },
        { scope: 'team', kind: 'all', memberId, sort: 'registeredAt', order: 'desc', limit: 1, offset: 0 },
      );
      const row = list[0];
      if (!row) throw MEMBER_NOT_FOUND();
      const month = periodAt('month', clock());
      const [via, thisMonth, allTime, firstDepositAt, levels] = await Promise.all([
        centre.agentsBetween(memberId, row.depth),
        memberMoney([memberId], month),
        memberMoney([memberId]),
        centre.firstDepositAt({ merchantCode, currency, members: [memberId] }),
        vip.levels(merchantCode),
      ]);
      return {
        ...downlineRowOut(row),
        vipLevel: levelFor(levels, allTime.deposits)?.level ?? 0,
        firstDepositAt: firstDepositAt?.toISOString() ?? null,
        via: via.map(maskUsername),
        thisMonth: moneyFigures(thisMonth),
        allTime: moneyFigures(allTime),
      };
    },

    teamReport,

    /** The team report as CSV: a localized header, a row per period, then the totals. */
    async teamReportCsv(
      caller: AuthenticatedMember,
      query: { by: ReportGrouping; from: string; to: string; lang: Locale },
    ) {
      const report = await teamReport(caller, query);
      return {
        filename: `team-report-${report.by}-${report.from}-${report.to}.csv`,
        body: teamReportCsv(report, query.lang),
      };
    },

    async announcements(
      caller: AuthenticatedMember,
      query: { pageNo: number; pageSize: number },
      lang: Locale,
    ): Promise<AgentAnnouncementPage> {
      await agentFor(caller);
      const { rows, total } = await centre.announcements(
        merchantCode,
        clock(),
        query.pageSize,
        (query.pageNo - 1) * query.pageSize,
      );
      return {
        list: rows.map((row) => ({
          id: row.id,
          title: textIn(row.title, lang),
          content: textIn(row.content, lang),
          date: row.publishedAt.toISOString(),
        })),
        total,
        pageNo: query.pageNo,
        pageSize: query.pageSize,
      };
    },
  };
}
export type AgentCentre = ReturnType<typeof createAgentCentre>;
