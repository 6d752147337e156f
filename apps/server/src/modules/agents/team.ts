import { and, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
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

const big = (text: string | null | undefined) => BigInt(text ?? '0');

/**
 * Settled rounds (a settled bet, whatever the game: the in-house slot, the lottery, a provider's game)
 * and bonuses of the agent's scope within the window. A round counts in the window it was settled in;
 * cancelled rounds do not count.
 */
export async function teamPlay(
  db: DbOrTx,
  params: { merchantCode: string; currency: string; agentMemberId: string; scope: TeamScope; window: Window },
): Promise<TeamPlay> {
  const { merchantCode, currency, agentMemberId, scope, window } = params;
  const members = teamMemberIds(db, agentMemberId, scope);
  const r = gameRound;
  const t = ledgerTransaction;
  const [rounds] = await db
    .select({
      turnover: sql<string>`coalesce(sum(${r.stake}), 0)::text`,
      payouts: sql<string>`coalesce(sum(${r.payout}), 0)::text`,
      active: sql<number>`count(distinct ${r.memberId})::int`,
    })
    .from(r)
    .where(
      and(
        eq(r.merchantCode, merchantCode),
        eq(r.currency, currency),
        eq(r.status, 'settled'),
        inArray(r.memberId, members),
        gte(r.settledAt, window.start),
        lt(r.settledAt, window.end),
      ),
    );
  const [bonus] = await db
    .select({
      credited: sql<string>`coalesce(sum(${t.amount}) filter (where ${t.kind} = 'bonus'), 0)::text`,
      forfeited: sql<string>`coalesce(sum(${t.amount}) filter (where ${t.kind} = 'bonus_forfeit'), 0)::text`,
    })
    .from(t)
    .where(
      and(
        eq(t.merchantCode, merchantCode),
        eq(t.currency, currency),
        eq(t.demo, false),
        inArray(t.kind, ['bonus', 'bonus_forfeit']),
        inArray(t.memberId, members),
        gte(t.createdAt, window.start),
        lt(t.createdAt, window.end),
      ),
    );
  return {
    turnover: big(rounds?.turnover),
    payouts: big(rounds?.payouts),
    activeMembers: rounds?.active ?? 0,
    bonuses: big(bonus?.credited),
    forfeits: big(bonus?.forfeited),
  };
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
