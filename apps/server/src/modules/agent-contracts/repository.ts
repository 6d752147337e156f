import type { ContractKind } from '@kl/contracts/agent-contracts';
import { and, desc, eq, ne } from 'drizzle-orm';
import {
  agentContract,
  type AgentContractRow,
  member,
  type NewAgentContractRow,
} from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { selectMemberByUsername } from '../../platform/member-lookup.ts';

/** SQL of agent contracts. Statements run on the caller's transaction when one is given. */
export function createAgentContractRepository(db: Db) {
  return {
    /** The member of a username (case-insensitive), locked when inside a transaction that asks for it. */
    async memberByUsername(merchantCode: string, username: string, tx: DbOrTx = db, lock = false) {
      const query = selectMemberByUsername(tx, merchantCode, username);
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    async setMemberType(memberId: string, type: number, now: Date, tx: DbOrTx = db): Promise<void> {
      await tx.update(member).set({ type, updatedAt: now }).where(eq(member.id, memberId));
    },

    /** The kinds of the member's offers that wait for an answer. */
    async pendingKinds(memberId: string): Promise<ContractKind[]> {
      const rows = await db
        .select({ kind: agentContract.kind })
        .from(agentContract)
        .where(and(eq(agentContract.memberId, memberId), eq(agentContract.status, 'pending')));
      return rows.map((row) => row.kind);
    },

    /** The latest offer of a kind that was not superseded. */
    async latest(memberId: string, kind: ContractKind): Promise<AgentContractRow | undefined> {
      const [row] = await db
        .select()
        .from(agentContract)
        .where(
          and(
            eq(agentContract.memberId, memberId),
            eq(agentContract.kind, kind),
            ne(agentContract.status, 'superseded'),
          ),
        )
        .orderBy(desc(agentContract.offeredAt), desc(agentContract.id))
        .limit(1);
      return row;
    },

    async byId(memberId: string, id: string): Promise<AgentContractRow | undefined> {
      const [row] = await db
        .select()
        .from(agentContract)
        .where(and(eq(agentContract.id, id), eq(agentContract.memberId, memberId)));
      return row;
    },

    /** Marks the waiting offer of a kind superseded; answers its id, if there was one. */
    async supersedePending(
      memberId: string,
      kind: ContractKind,
      now: Date,
      tx: DbOrTx,
    ): Promise<string | null> {
      const rows = await tx
        .update(agentContract)
        .set({ status: 'superseded', supersededAt: now })
        .where(
          and(
            eq(agentContract.memberId, memberId),
            eq(agentContract.kind, kind),
            eq(agentContract.status, 'pending'),
          ),
        )
        .returning({ id: agentContract.id });
      return rows[0]?.id ?? null;
    },

    async insert(row: NewAgentContractRow, tx: DbOrTx): Promise<AgentContractRow> {
      const [created] = await tx.insert(agentContract).values(row).returning();
      if (!created) throw new Error('agent contract insert returned nothing');
      return created;
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
  };
}
export type AgentContractRepository = ReturnType<typeof createAgentContractRepository>;
