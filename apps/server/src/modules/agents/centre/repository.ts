import { CONTENT_CODES } from '@kl/contracts/constants';
import { agentDayStart, addDays, type DownlineSort } from '@kl/contracts/agents';
import {
  and,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  max,
  min,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import {
  agent,
  agentSettlement,
  announcement,
  gameRound,
  ledgerTransaction,
  member,
  memberSession,
  memberUpline,
  merchant,
} from '../../../db/schema/index.ts';
import type { Db } from '../../../platform/db.ts';
import {
  big,
  type FigureGrouping,
  type FigureScope,
  groupedBy,
  groupKey,
  realLedger,
  settledRounds,
  teamMemberIds,
  type TeamScope,
  type Window,
} from '../team.ts';

/**
 * What the agent centre reads (docs/agents.md, "Agent centre"): set-based queries over the agent's
 * direct downline or team, a handful per call whatever the number of members.
 */

/** The downline's filters, sort and page (the call's query, dates as instants). */
export interface DownlineFilter {
  scope: TeamScope;
  kind: 'all' | 'member' | 'agent';
  username?: string | undefined;
  registered?: { from?: string | undefined; to?: string | undefined };
  /** The window of the money columns; every instant when absent. */
  window?: Window | undefined;
  /** One member only (the member detail). */
  memberId?: string;
  sort: DownlineSort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export interface DownlineRecord {
  memberId: string;
  username: string;
  isAgent: boolean;
  depth: number;
  registeredAt: Date;
  lastLoginAt: Date | null;
  deposits: bigint;
  turnover: bigint;
  ggr: bigint;
}

const toDate = (value: Date | string | null | undefined): Date | null =>
  value === null || value === undefined ? null : new Date(value);

/** `%part%` for ILIKE, the part's own wildcards taken literally. */
const containing = (part: string) => `%${part.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export function createCentreRepository(db: Db) {
  const t = ledgerTransaction;
  const r = gameRound;
  const u = memberUpline;

  return {
    async agentMaxDepth(merchantCode: string): Promise<number> {
      const [row] = await db
        .select({ depth: merchant.agentMaxDepth })
        .from(merchant)
        .where(eq(merchant.code, merchantCode));
      return row?.depth ?? 1;
    },

    /** The username of the agent above an agent; undefined for a top agent. */
    async parentUsername(agentMemberId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ username: member.username })
        .from(agent)
        .innerJoin(member, eq(member.id, agent.parentMemberId))
        .where(eq(agent.memberId, agentMemberId));
      return row?.username;
    },

    /** The agent's direct downline, its team and the sub-agents in its team: one query. */
    async teamCounts(agentMemberId: string) {
      const [row] = await db
        .select({
          direct: sql<number>`(count(*) filter (where ${u.depth} = 1))::int`,
          team: sql<number>`count(*)::int`,
          agents: sql<number>`count(${agent.memberId})::int`,
        })
        .from(u)
        .leftJoin(agent, eq(agent.memberId, u.memberId))
        .where(eq(u.uplineMemberId, agentMemberId));
      return { direct: row?.direct ?? 0, team: row?.team ?? 0, agents: row?.agents ?? 0 };
    },

    /** Members of the group registered before the window, and those registered within it by key. */
    async registrations(scope: FigureScope & { window: Window }, grouping: FigureGrouping) {
      const key = groupKey(grouping, member.createdAt, member.id);
      const [[before], within] = await Promise.all([
        db
          .select({ n: count() })
          .from(member)
          .where(and(inArray(member.id, scope.members), lt(member.createdAt, scope.window.start))),
        db
          .select({ key, n: count() })
          .from(member)
          .where(
            and(
              inArray(member.id, scope.members),
              gte(member.createdAt, scope.window.start),
              lt(member.createdAt, scope.window.end),
            ),
          )
          .groupBy(...groupedBy(grouping, key)),
      ]);
      return { before: before?.n ?? 0, within: new Map(within.map((row) => [row.key, row.n])) };
    },

    /** Paid deposits and withdrawals of the group by key. */
    async money(scope: FigureScope, grouping: FigureGrouping) {
      const key = groupKey(grouping, t.createdAt, t.memberId);
      const rows = await db
        .select({
          key,
          deposits: sql<string>`coalesce(sum(${t.amount}) filter (where ${t.kind} = 'deposit'), 0)::text`,
          withdrawals: sql<string>`coalesce(sum(${t.amount}) filter (where ${t.kind} = 'withdrawal_paid'), 0)::text`,
        })
        .from(t)
        .where(realLedger(scope, ['deposit', 'withdrawal_paid']))
        .groupBy(...groupedBy(grouping, key));
      return new Map(
        rows.map((row) => [row.key, { deposits: big(row.deposits), withdrawals: big(row.withdrawals) }]),
      );
    },

    /** Members of the group whose first deposit ever falls within the window, and those deposits, by key. */
    async firstDeposits(scope: FigureScope & { window: Window }, grouping: FigureGrouping) {
      const first = db
        .selectDistinctOn([t.memberId], {
          memberId: t.memberId,
          amount: t.amount,
          key: groupKey(grouping, t.createdAt, t.memberId).as('key'),
          at: t.createdAt,
        })
        .from(t)
        .where(realLedger({ ...scope, window: undefined }, ['deposit']))
        .orderBy(t.memberId, t.createdAt, t.id)
        .as('first_deposit');
      // One total: no column of the subquery outside an aggregate.
      const key = grouping === 'all' ? sql<string>`''` : sql<string>`${first.key}`;
      const rows = await db
        .select({
          key,
          n: count(),
          amount: sql<string>`coalesce(sum(${first.amount}), 0)::text`,
        })
        .from(first)
        .where(and(gte(first.at, scope.window.start), lt(first.at, scope.window.end)))
        .groupBy(...groupedBy(grouping, key));
      return new Map(rows.map((row) => [row.key, { count: row.n, amount: big(row.amount) }]));
    },

    /** When the member's first paid deposit was made. */
    async firstDepositAt(scope: FigureScope): Promise<Date | null> {
      const [row] = await db
        .select({ at: min(t.createdAt) })
        .from(t)
        .where(realLedger({ ...scope, window: undefined }, ['deposit']));
      return toDate(row?.at);
    },

    /**
     * Commission paid to the agent (direct) or to the agent and the sub-agents of its team (team), by the
     * key of the settlements' period start.
     */
    async commission(
      params: {
        merchantCode: string;
        currency: string;
        agentMemberId: string;
        scope: TeamScope;
        window: Window;
      },
      grouping: FigureGrouping,
    ) {
      const s = agentSettlement;
      const key = groupKey(grouping, s.periodStart, s.agentMemberId);
      const whose =
        params.scope === 'direct'
          ? eq(s.agentMemberId, params.agentMemberId)
          : or(
              eq(s.agentMemberId, params.agentMemberId),
              inArray(s.agentMemberId, teamMemberIds(db, params.agentMemberId, 'team')),
            );
      const rows = await db
        .select({ key, amount: sql<string>`coalesce(sum(${s.amount}), 0)::text` })
        .from(s)
        .where(
          and(
            eq(s.merchantCode, params.merchantCode),
            eq(s.currency, params.currency),
            eq(s.status, 'paid'),
            whose,
            gte(s.periodStart, params.window.start),
            lt(s.periodStart, params.window.end),
          ),
        )
        .groupBy(...groupedBy(grouping, key));
      return new Map(rows.map((row) => [row.key, big(row.amount)]));
    },

    /**
     * A page of the downline with its money columns (paid deposits, settled stakes and GGR within the
     * window) and the total: one query for the page, one for the count.
     */
    async downline(
      params: { merchantCode: string; currency: string; agentMemberId: string },
      filter: DownlineFilter,
    ) {
      const members = teamMemberIds(db, params.agentMemberId, filter.scope);
      const scope: FigureScope = { ...params, members, window: filter.window };
      const logins = db
        .select({ memberId: memberSession.memberId, at: max(memberSession.createdAt).as('last_login') })
        .from(memberSession)
        .where(inArray(memberSession.memberId, members))
        .groupBy(memberSession.memberId)
        .as('logins');
      const deposits = db
        .select({ memberId: t.memberId, amount: sql<string>`sum(${t.amount})`.as('deposit_amount') })
        .from(t)
        .where(realLedger(scope, ['deposit']))
        .groupBy(t.memberId)
        .as('deposits');
      const rounds = db
        .select({
          memberId: r.memberId,
          stake: sql<string>`sum(${r.stake})`.as('stake'),
          ggr: sql<string>`sum(${r.stake} - ${r.payout})`.as('ggr'),
        })
        .from(r)
        .where(settledRounds(scope))
        .groupBy(r.memberId)
        .as('rounds');

      const conditions: (SQL | undefined)[] = [
        eq(u.uplineMemberId, params.agentMemberId),
        filter.scope === 'direct' ? eq(u.depth, 1) : undefined,
        eq(member.merchantCode, params.merchantCode),
        filter.kind === 'agent'
          ? isNotNull(agent.memberId)
          : filter.kind === 'member'
            ? isNull(agent.memberId)
            : undefined,
        filter.username ? ilike(member.username, containing(filter.username)) : undefined,
        filter.registered?.from ? gte(member.createdAt, agentDayStart(filter.registered.from)) : undefined,
        filter.registered?.to
          ? lt(member.createdAt, agentDayStart(addDays(filter.registered.to, 1)))
          : undefined,
        filter.memberId ? eq(member.id, filter.memberId) : undefined,
      ];
      const where = and(...conditions);

      const depositAmount = sql`coalesce(${deposits.amount}, 0)`;
      const stake = sql`coalesce(${rounds.stake}, 0)`;
      const ggr = sql`coalesce(${rounds.ggr}, 0)`;
      const sortColumn = {
        registeredAt: sql`${member.createdAt}`,
        lastLoginAt: sql`${logins.at}`,
        deposits: depositAmount,
        turnover: stake,
        ggr,
      }[filter.sort];
      const direction = sql.raw(filter.order === 'asc' ? 'asc' : 'desc');

      const [rows, [total]] = await Promise.all([
        db
          .select({
            memberId: member.id,
            username: member.username,
            depth: u.depth,
            isAgent: sql<boolean>`${agent.memberId} is not null`,
            registeredAt: member.createdAt,
            lastLoginAt: logins.at,
            deposits: sql<string>`${depositAmount}::text`,
            turnover: sql<string>`${stake}::text`,
            ggr: sql<string>`${ggr}::text`,
          })
          .from(u)
          .innerJoin(member, eq(member.id, u.memberId))
          .leftJoin(agent, eq(agent.memberId, u.memberId))
          .leftJoin(logins, eq(logins.memberId, u.memberId))
          .leftJoin(deposits, eq(deposits.memberId, u.memberId))
          .leftJoin(rounds, eq(rounds.memberId, u.memberId))
          .where(where)
          .orderBy(sql`${sortColumn} ${direction} nulls last`, member.id)
          .limit(filter.limit)
          .offset(filter.offset),
        db
          .select({ n: count() })
          .from(u)
          .innerJoin(member, eq(member.id, u.memberId))
          .leftJoin(agent, eq(agent.memberId, u.memberId))
          .where(where),
      ]);
      const list: DownlineRecord[] = rows.map((row) => ({
        memberId: row.memberId,
        username: row.username,
        isAgent: row.isAgent,
        depth: row.depth,
        registeredAt: row.registeredAt,
        lastLoginAt: toDate(row.lastLoginAt),
        deposits: big(row.deposits),
        turnover: big(row.turnover),
        ggr: big(row.ggr),
      }));
      return { list, total: total?.n ?? 0 };
    },

    /** The usernames of the agents between an upline and a member `depth` steps below it, nearest to the upline first. */
    async agentsBetween(memberId: string, depth: number): Promise<string[]> {
      const rows = await db
        .select({ username: member.username })
        .from(u)
        .innerJoin(member, eq(member.id, u.uplineMemberId))
        .where(and(eq(u.memberId, memberId), lt(u.depth, depth)))
        .orderBy(desc(u.depth));
      return rows.map((row) => row.username);
    },

    /** Agent announcements (content code A) shown now: active, published, not expired; newest first. */
    async announcements(merchantCode: string, now: Date, limit: number, offset: number) {
      const where = and(
        eq(announcement.merchantCode, merchantCode),
        eq(announcement.active, true),
        eq(announcement.type, CONTENT_CODES.Agent),
        lte(announcement.publishedAt, now),
        or(isNull(announcement.expiresAt), gt(announcement.expiresAt, now)),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(announcement)
          .where(where)
          .orderBy(desc(announcement.publishedAt), desc(announcement.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(announcement).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}

export type CentreRepository = ReturnType<typeof createCentreRepository>;
