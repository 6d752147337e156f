import { type ContractKind, OFFERED_CONTRACT_STATUSES } from '@kl/contracts/agent-contracts';
import { and, count, desc, eq, inArray, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import { agentContract, type AgentContractRow, type NewAgentContractRow } from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { lockMemberById, selectMemberByUsername } from '../../platform/member-lookup.ts';
import { memberUsername } from '../member/index.ts';

/** The kinds of the accepted contracts of the agent of the outer query, in order (none: empty). */
export function acceptedContractKindsOf(memberId: SQLWrapper): SQL<ContractKind[]> {
  return sql<
    ContractKind[]
  >`coalesce((select array_agg(distinct k.kind order by k.kind) from ${agentContract} k
    where k.member_id = ${memberId} and k.status = 'accepted'), '{}')`;
}

/** A contract with its member's username, as the back office shows a proposal. */
const withUsername = { row: agentContract, username: memberUsername(agentContract.memberId) };

/**
 * What an agent ever sees of its contracts: an operator's proposal reaches it only once a second operator
 * approved it (docs/agents.md, "Offers under four eyes"); `proposed` and `rejected` rows are never shown.
 */
const offeredToAgent = inArray(agentContract.status, [...OFFERED_CONTRACT_STATUSES]);

/** SQL of agent contracts. Statements run on the caller's transaction when one is given. */
export function createAgentContractRepository(db: Db) {
  /** Closes the member's contract of a kind waiting in `waiting` as `closed`; answers its id, if any. */
  async function closeWaiting(
    change: {
      memberId: string;
      kind: ContractKind;
      waiting: 'pending' | 'proposed';
      closed: 'superseded' | 'rejected';
      now: Date;
    },
    tx: DbOrTx,
  ): Promise<string | null> {
    const rows = await tx
      .update(agentContract)
      .set({ status: change.closed, supersededAt: change.now })
      .where(
        and(
          eq(agentContract.memberId, change.memberId),
          eq(agentContract.kind, change.kind),
          eq(agentContract.status, change.waiting),
        ),
      )
      .returning({ id: agentContract.id });
    return rows[0]?.id ?? null;
  }

  return {
    /** The member of a username (case-insensitive), locked when inside a transaction that asks for it. */
    async memberByUsername(merchantCode: string, username: string, tx: DbOrTx = db, lock = false) {
      const query = selectMemberByUsername(tx, merchantCode, username);
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    /** The member of an id, its row locked (inside the caller's transaction). */
    lockMember: (memberId: string, tx: DbOrTx) => lockMemberById(tx, memberId),

    /** The kinds of the member's offers that wait for an answer. */
    async pendingKinds(memberId: string): Promise<ContractKind[]> {
      const rows = await db
        .select({ kind: agentContract.kind })
        .from(agentContract)
        .where(and(eq(agentContract.memberId, memberId), eq(agentContract.status, 'pending')));
      return rows.map((row) => row.kind);
    },

    /** The latest offer of a kind the agent was shown that was not superseded. */
    async latest(memberId: string, kind: ContractKind): Promise<AgentContractRow | undefined> {
      const [row] = await db
        .select()
        .from(agentContract)
        .where(
          and(
            eq(agentContract.memberId, memberId),
            eq(agentContract.kind, kind),
            inArray(agentContract.status, ['pending', 'accepted', 'refused']),
          ),
        )
        .orderBy(desc(agentContract.offeredAt), desc(agentContract.id))
        .limit(1);
      return row;
    },

    /** One of the member's contracts it was shown (a proposal is not one). */
    async byId(memberId: string, id: string): Promise<AgentContractRow | undefined> {
      const [row] = await db
        .select()
        .from(agentContract)
        .where(and(eq(agentContract.id, id), eq(agentContract.memberId, memberId), offeredToAgent));
      return row;
    },

    /** A contract of the merchant by id, whatever its status (the back office's). */
    async ofMerchant(
      merchantCode: string,
      id: string,
      tx: DbOrTx = db,
    ): Promise<AgentContractRow | undefined> {
      const [row] = await tx
        .select()
        .from(agentContract)
        .where(and(eq(agentContract.id, id), eq(agentContract.merchantCode, merchantCode)));
      return row;
    },

    /** A contract by id with its member's username (the back office's view of a proposal). */
    async withUsername(id: string, tx: DbOrTx = db) {
      const [row] = await tx.select(withUsername).from(agentContract).where(eq(agentContract.id, id));
      return row;
    },

    /**
     * The merchant's proposals waiting for their second operator, the newest first, with their members'
     * usernames, and how many there are.
     */
    async proposalPage(merchantCode: string, page: { limit: number; offset: number }) {
      const where = and(eq(agentContract.merchantCode, merchantCode), eq(agentContract.status, 'proposed'));
      const [rows, [total]] = await Promise.all([
        db
          .select(withUsername)
          .from(agentContract)
          .where(where)
          .orderBy(desc(agentContract.offeredAt), desc(agentContract.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ total: count() }).from(agentContract).where(where),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    /** A contract row locked (inside the caller's transaction). */
    async lock(id: string, tx: DbOrTx): Promise<AgentContractRow | undefined> {
      const [row] = await tx.select().from(agentContract).where(eq(agentContract.id, id)).for('update');
      return row;
    },

    /** Marks the waiting offer of a kind superseded; answers its id, if there was one. */
    supersedePending: (memberId: string, kind: ContractKind, now: Date, tx: DbOrTx) =>
      closeWaiting({ memberId, kind, waiting: 'pending', closed: 'superseded', now }, tx),

    /**
     * Closes the proposal of a kind still waiting for its second operator, replaced by a newer one: it is
     * `rejected` with `supersededAt` set (never shown to the agent). Answers its id, if there was one.
     */
    replaceProposed: (memberId: string, kind: ContractKind, now: Date, tx: DbOrTx) =>
      closeWaiting({ memberId, kind, waiting: 'proposed', closed: 'rejected', now }, tx),

    async insert(row: NewAgentContractRow, tx: DbOrTx): Promise<AgentContractRow> {
      const [created] = await tx.insert(agentContract).values(row).returning();
      if (!created) throw new Error('agent contract insert returned nothing');
      return created;
    },

    /** Moves a proposal on (approved: pending, or rejected); undefined when it was no proposal any more. */
    async decideProposal(
      id: string,
      change: Pick<NewAgentContractRow, 'status'> &
        Partial<Pick<NewAgentContractRow, 'offeredAt' | 'approvedBy' | 'approvedAt'>>,
      tx: DbOrTx,
    ): Promise<AgentContractRow | undefined> {
      const [row] = await tx
        .update(agentContract)
        .set(change)
        .where(and(eq(agentContract.id, id), eq(agentContract.status, 'proposed')))
        .returning();
      return row;
    },

    /** Answers a waiting offer; undefined when it was not waiting (answered or superseded meanwhile). */
    async answer(
      memberId: string,
      id: string,
      status: 'accepted' | 'refused',
      now: Date,
    ): Promise<AgentContractRow | undefined> {
      const [row] = await db
        .update(agentContract)
        .set({ status, answeredAt: now })
        .where(
          and(
            eq(agentContract.id, id),
            eq(agentContract.memberId, memberId),
            eq(agentContract.status, 'pending'),
          ),
        )
        .returning();
      return row;
    },

    /**
     * The operators who proposed the member's contracts offered or accepted since `since` (the time of the
     * second operator's approval, else of the offer): they gave the member money (segregation of duties).
     */
    async proposersFor(
      where: { merchantCode: string; memberId: string; since: Date },
      tx: DbOrTx = db,
    ): Promise<string[]> {
      const rows = await tx
        .selectDistinct({ operatorId: agentContract.proposedBy })
        .from(agentContract)
        .where(
          and(
            eq(agentContract.merchantCode, where.merchantCode),
            eq(agentContract.memberId, where.memberId),
            inArray(agentContract.status, ['pending', 'accepted']),
            sql`coalesce(${agentContract.approvedAt}, ${agentContract.offeredAt}) >= ${where.since.toISOString()}::timestamptz`,
          ),
        );
      return rows.flatMap((row) => (row.operatorId === null ? [] : [row.operatorId]));
    },
  };
}
export type AgentContractRepository = ReturnType<typeof createAgentContractRepository>;
