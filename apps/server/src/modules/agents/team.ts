import { AGENT_UTC_OFFSET_MINUTES } from '@kl/contracts/agents';
import { type AnyColumn, and, eq, gte, inArray, lt, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { agent, gameRound, ledgerTransaction, memberUpline } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db.ts';

/**
 * Who is in an agent's downline, and what they played (docs/agents.md): shared by the agent centre
 * (KPI, downline, reports) and the settlements of the contracts that pay, so that both count the same
 * way. Real money only, in the merchant's currency.
 */

/** The agent's direct downline (one step below it) or its whole team (every depth). */
export type TeamScope = 'direct' | 'team';

/** A subquery of the ids of the members in an agent's scope (for `inArray(column, …)`). */
export function teamMemberIds(db: DbOrTx, agentMemberId: string, scope: TeamScope) {
  return db
    .select({ id: memberUpline.memberId })
    .from(memberUpline)
    .where(
      scope === 'direct'
        ? and(eq(memberUpline.uplineMemberId, agentMemberId), eq(memberUpline.depth, 1))
        : eq(memberUpline.uplineMemberId, agentMemberId),
    );
}

/** An instant window: `start` included, `end` excluded. */
export interface Window {
  readonly start: Date;
  readonly end: Date;
}

/** What a group of members played within a window. */
export interface TeamPlay {
  /** Stakes of the rounds settled within the window. */
  turnover: bigint;
  /** Their payouts. */
  payouts: bigint;
  /** Members with at least one round settled within the window. */
  activeMembers: number;
  /** Bonuses credited within the window. */
  bonuses: bigint;
  /** Bonus money (and its winnings) forfeited back to the house within the window. */
  forfeits: bigint;
}

export const big = (text: string | null | undefined) => BigInt(text ?? '0');

/** A group of members: a subquery of ids (`teamMemberIds`) or the ids themselves. */
export type MemberSet = SQLWrapper | string[];

/** Whose figures, in which money, over which instants (every instant when `window` is absent). */
export interface FigureScope {
  readonly merchantCode: string;
  readonly currency: string;
  readonly members: MemberSet;
  readonly window?: Window | undefined;
}

const inWindow = (column: AnyColumn, window: Window | undefined): SQL[] =>
  window ? [gte(column, window.start), lt(column, window.end)] : [];

/** Rounds of the group settled within the window (cancelled rounds do not count). */
export function settledRounds(scope: FigureScope): SQL {
  const r = gameRound;
  return and(
    eq(r.merchantCode, scope.merchantCode),
    eq(r.currency, scope.currency),
    eq(r.status, 'settled'),
    inArray(r.memberId, scope.members),
    ...inWindow(r.settledAt, scope.window),
  ) as SQL;
}

/** Real-money ledger transactions of the group, of the kinds, within the window. */
export function realLedger(
  scope: FigureScope,
  kinds: readonly (typeof ledgerTransaction.kind.enumValues)[number][],
): SQL {
  const t = ledgerTransaction;
  return and(
    eq(t.merchantCode, scope.merchantCode),
    eq(t.currency, scope.currency),
    eq(t.demo, false),
    inArray(t.kind, [...kinds]),
    inArray(t.memberId, scope.members),
    ...inWindow(t.createdAt, scope.window),
  ) as SQL;
}

/**
 * How figures are grouped: one total (key `''`), the GMT+8 day (`2026-11-24`), the week by its Monday
 * (`2026-11-23`), the month (`2026-11`), or per member (its id).
 */
export type FigureGrouping = 'all' | 'day' | 'week' | 'month' | 'member';

/** The GMT+8 wall-clock time of an instant column (constants in the text, so GROUP BY matches the select). */
const agentLocal = (at: AnyColumn | SQLWrapper) =>
  sql`((${at} at time zone 'UTC') + interval '${sql.raw(String(AGENT_UTC_OFFSET_MINUTES))} minutes')`;

/** The key of a row under a grouping, from its instant and its member. */
export function groupKey(
  grouping: FigureGrouping,
  at: AnyColumn | SQLWrapper,
  memberId: AnyColumn,
): SQL<string> {
  switch (grouping) {
    case 'all':
      return sql<string>`''`;
    case 'day':
      return sql<string>`to_char(${agentLocal(at)}, 'YYYY-MM-DD')`;
    case 'week':
      return sql<string>`to_char(date_trunc('week', ${agentLocal(at)}), 'YYYY-MM-DD')`;
    case 'month':
      return sql<string>`to_char(${agentLocal(at)}, 'YYYY-MM')`;
    case 'member':
      return sql<string>`${memberId}::text`;
  }
}

/** `GROUP BY key`, unless everything is one group. */
export const groupedBy = (grouping: FigureGrouping, key: SQL): SQL[] => (grouping === 'all' ? [] : [key]);

const noPlay = (): TeamPlay => ({ turnover: 0n, payouts: 0n, activeMembers: 0, bonuses: 0n, forfeits: 0n });

/**
 * Settled rounds (a settled bet, whatever the game: the in-house slot, the lottery, a provider's game)
 * and bonuses of a group of members, by the grouping's key: two queries whatever the number of members
 * or groups. A round counts in the window (and group) it was settled in; cancelled rounds do not count.
 */
export async function playBy(
  db: DbOrTx,
  scope: FigureScope,
  grouping: FigureGrouping,
): Promise<Map<string, TeamPlay>> {
  const r = gameRound;
  const t = ledgerTransaction;
  const roundKey = groupKey(grouping, r.settledAt, r.memberId);
  const bonusKey = groupKey(grouping, t.createdAt, t.memberId);
  // One after the other: the settlements call this inside their transaction.
  const rounds = await db
    .select({
      key: roundKey,
      turnover: sql<string>`coalesce(sum(${r.stake}), 0)::text`,
      payouts: sql<string>`coalesce(sum(${r.payout}), 0)::text`,
      active: sql<number>`count(distinct ${r.memberId})::int`,
    })
    .from(r)
    .where(settledRounds(scope))
    .groupBy(...groupedBy(grouping, roundKey));
  const bonuses = await db
    .select({
      key: bonusKey,
      credited: sql<string>`coalesce(sum(${t.amount}) filter (where ${t.kind} = 'bonus'), 0)::text`,
      forfeited: sql<string>`coalesce(sum(${t.amount}) filter (where ${t.kind} = 'bonus_forfeit'), 0)::text`,
    })
    .from(t)
    .where(realLedger(scope, ['bonus', 'bonus_forfeit']))
    .groupBy(...groupedBy(grouping, bonusKey));
  const play = new Map<string, TeamPlay>();
  const at = (key: string) => {
    let row = play.get(key);
    if (!row) play.set(key, (row = noPlay()));
    return row;
  };
  for (const row of rounds) {
    Object.assign(at(row.key), {
      turnover: big(row.turnover),
      payouts: big(row.payouts),
      activeMembers: row.active,
    });
  }
  for (const row of bonuses)
    Object.assign(at(row.key), { bonuses: big(row.credited), forfeits: big(row.forfeited) });
  return play;
}

/**
 * Settled rounds and bonuses of the agent's scope within the window (`playBy` as one total): what the
 * settlements are calculated from.
 */
export async function teamPlay(
  db: DbOrTx,
  params: { merchantCode: string; currency: string; agentMemberId: string; scope: TeamScope; window: Window },
): Promise<TeamPlay> {
  const { merchantCode, currency, agentMemberId, scope, window } = params;
  const members = teamMemberIds(db, agentMemberId, scope);
  const play = await playBy(db, { merchantCode, currency, members, window }, 'all');
  return play.get('') ?? noPlay();
}

/** The agent row of a member, or undefined when the member is not an agent. */
export async function agentOf(db: DbOrTx, memberId: string) {
  const [row] = await db.select().from(agent).where(eq(agent.memberId, memberId)).limit(1);
  return row;
}

/** A condition that is true for members in the agent's scope (for WHERE clauses on a member id column). */
export function inTeam(
  db: DbOrTx,
  column: Parameters<typeof inArray>[0],
  agentMemberId: string,
  scope: TeamScope,
): SQL {
  return inArray(column, teamMemberIds(db, agentMemberId, scope));
}
