import { type ContractKind, OFFERED_CONTRACT_STATUSES } from '@kl/contracts/agent-contracts';
import type { SettlementStatus } from '@kl/contracts/agents';
import { and, count, desc, eq, gte, ilike, inArray, lt, type SQL, sql } from 'drizzle-orm';
import {
  agentContract,
  type AgentContractRow,
  agentSettlement,
  type AgentSettlementRow,
  member,
  type NewAgentSettlementRow,
} from '../../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../../platform/db.ts';

/** A settlement and its agent's username. */
export interface SettlementView {
  row: AgentSettlementRow;
  username: string;
}

export interface SettlementFilter {
  agentMemberId?: string | undefined;
  kind?: ContractKind | undefined;
  status?: SettlementStatus | undefined;
  /** Part of the agent's username. */
  username?: string | undefined;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** SQL of the settlements of the contracts that pay (docs/agents.md, "Contracts that pay"). */
export function createSettlementRepository(db: Db) {
  const s = agentSettlement;

  function where(merchantCode: string, filter: SettlementFilter): SQL | undefined {
    const conditions: SQL[] = [eq(s.merchantCode, merchantCode)];
    if (filter.agentMemberId) conditions.push(eq(s.agentMemberId, filter.agentMemberId));
    if (filter.kind) conditions.push(eq(s.kind, filter.kind));
    if (filter.status) conditions.push(eq(s.status, filter.status));
    if (filter.username) conditions.push(ilike(member.username, `%${escapeLike(filter.username)}%`));
    return and(...conditions);
  }

  return {
    /**
     * The contract of a kind in force at `end` for each agent of the merchant: the agent's latest accepted
     * one answered before `end`.
     */
    async contractsInForce(merchantCode: string, kind: ContractKind, end: Date): Promise<AgentContractRow[]> {
      const c = agentContract;
      return db
        .selectDistinctOn([c.memberId])
        .from(c)
        .where(
          and(
            eq(c.merchantCode, merchantCode),
            eq(c.kind, kind),
            eq(c.status, 'accepted'),
            lt(c.answeredAt, end),
          ),
        )
        .orderBy(c.memberId, desc(c.answeredAt), desc(c.offeredAt));
    },

    /** The agents (of `agentIds`) with a settlement of the kind and period already. */
    async settledAgents(
      kind: ContractKind,
      periodKey: string,
      agentIds: readonly string[],
    ): Promise<Set<string>> {
      if (agentIds.length === 0) return new Set();
      const rows = await db
        .select({ id: s.agentMemberId })
        .from(s)
        .where(and(eq(s.kind, kind), eq(s.periodKey, periodKey), inArray(s.agentMemberId, [...agentIds])));
      return new Set(rows.map((row) => row.id));
    },

    /** The agent's dividend settlement of the period that ended when `start` began, if any. */
    async dividendBefore(
      agentMemberId: string,
      start: Date,
      tx: DbOrTx,
    ): Promise<AgentSettlementRow | undefined> {
      const [row] = await tx
        .select()
        .from(s)
        .where(and(eq(s.agentMemberId, agentMemberId), eq(s.kind, 'dividend'), eq(s.periodEnd, start)))
        .limit(1);
      return row;
    },

    /**
     * Decides the agent's settlements one at a time (a lock held until the caller's transaction ends), so
     * that parallel settlements of one agent read each other's running total.
     */
    async lockAgentPay(agentMemberId: string, tx: DbOrTx): Promise<void> {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`agent_settlement:pay:${agentMemberId}`}))`,
      );
    },

    /** What the agent was paid at once (decided by the system, not an operator) since `since`. */
    async paidAtOnceSince(
      agentMemberId: string,
      since: Date,
      decidedBy: string,
      tx: DbOrTx,
    ): Promise<bigint> {
      const [row] = await tx
        .select({ total: sql<string>`coalesce(sum(${s.amount}), 0)::text` })
        .from(s)
        .where(
          and(
            eq(s.agentMemberId, agentMemberId),
            eq(s.status, 'paid'),
            eq(s.decidedBy, decidedBy),
            gte(s.decidedAt, since),
          ),
        );
      return BigInt(row?.total ?? '0');
    },

    /** The operators who proposed and approved a contract (null: none, or an offer before four eyes). */
    async contractOperators(
      contractId: string,
      tx: DbOrTx,
    ): Promise<{ proposedBy: string | null; approvedBy: string | null } | undefined> {
      const c = agentContract;
      const [row] = await tx
        .select({ proposedBy: c.proposedBy, approvedBy: c.approvedBy })
        .from(c)
        .where(eq(c.id, contractId));
      return row;
    },

    /** Writes a settlement unless one of its agent, kind and period exists (then undefined). */
    async insert(row: NewAgentSettlementRow, tx: DbOrTx): Promise<AgentSettlementRow | undefined> {
      const [created] = await tx
        .insert(s)
        .values(row)
        .onConflictDoNothing({ target: [s.agentMemberId, s.kind, s.periodKey] })
        .returning();
      return created;
    },

    async lock(merchantCode: string, id: string, tx: DbOrTx): Promise<AgentSettlementRow | undefined> {
      const [row] = await tx
        .select()
        .from(s)
        .where(and(eq(s.id, id), eq(s.merchantCode, merchantCode)))
        .for('update');
      return row;
    },

    /** Moves a settlement out of `from`; undefined when it was not in that status any more. */
    async decide(
      id: string,
      from: SettlementStatus,
      change: Pick<AgentSettlementRow, 'status' | 'decidedAt' | 'decidedBy'> &
        Partial<Pick<AgentSettlementRow, 'ledgerTransactionId' | 'note'>>,
      tx: DbOrTx,
    ): Promise<AgentSettlementRow | undefined> {
      const [row] = await tx
        .update(s)
        .set(change)
        .where(and(eq(s.id, id), eq(s.status, from)))
        .returning();
      return row;
    },

    async view(merchantCode: string, id: string, tx: DbOrTx = db): Promise<SettlementView | undefined> {
      const [found] = await tx
        .select({ row: s, username: member.username })
        .from(s)
        .innerJoin(member, eq(member.id, s.agentMemberId))
        .where(and(eq(s.id, id), eq(s.merchantCode, merchantCode)));
      return found;
    },

    /** A page, the latest period first. */
    async page(
      merchantCode: string,
      filter: SettlementFilter,
      page: { limit: number; offset: number },
    ): Promise<{ rows: SettlementView[]; total: number }> {
      const condition = where(merchantCode, filter);
      const [rows, [total]] = await Promise.all([
        db
          .select({ row: s, username: member.username })
          .from(s)
          .innerJoin(member, eq(member.id, s.agentMemberId))
          .where(condition)
          .orderBy(desc(s.periodStart), desc(s.createdAt), s.kind, s.id)
          .limit(page.limit)
          .offset(page.offset),
        db
          .select({ total: count() })
          .from(s)
          .innerJoin(member, eq(member.id, s.agentMemberId))
          .where(condition),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    async awaitingApproval(merchantCode: string): Promise<number> {
      const [row] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(s)
        .where(and(eq(s.merchantCode, merchantCode), eq(s.status, 'awaiting_approval')));
      return row?.total ?? 0;
    },

    /**
     * Every contract offered to the member, superseded ones too, the newest first: never an operator's
     * proposal not approved (docs/agents.md, "Offers under four eyes").
     */
    async contractsOf(memberId: string): Promise<AgentContractRow[]> {
      const c = agentContract;
      return db
        .select()
        .from(c)
        .where(and(eq(c.memberId, memberId), inArray(c.status, [...OFFERED_CONTRACT_STATUSES])))
        .orderBy(desc(c.offeredAt), desc(c.id));
    },
  };
}
export type SettlementRepository = ReturnType<typeof createSettlementRepository>;
