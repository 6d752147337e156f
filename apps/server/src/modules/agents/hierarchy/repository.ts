import type { AgentLinkKind } from '@kl/contracts/agents';
import { and, asc, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import {
  affiliateCode,
  agent,
  agentApplication,
  type AgentApplicationRow,
  type AgentRow,
  member,
  memberUpline,
  merchant,
} from '../../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../../platform/db.ts';
import { lockMemberById } from '../../../platform/member-lookup.ts';

/** An agent's link: its affiliate code row. */
export type AgentLinkRow = typeof affiliateCode.$inferSelect;

/** The code compared without regard to case (codes are unique per merchant in upper case). */
const sameCode = (code: string) => sql`upper(${affiliateCode.code}) = upper(${code})`;
/** The link belongs to a member who is an agent. */
const ofAnAgent = sql`exists (select 1 from ${agent} where ${agent.memberId} = ${affiliateCode.agentMemberId})`;

/** SQL of the hierarchy (docs/agents.md, "Hierarchy"). Statements run on the caller's transaction when given. */
/** The active link of an agent with this code (any case) in the merchant. */
const activeAgentLink = (merchantCode: string, code: string) =>
  and(
    eq(affiliateCode.merchantCode, merchantCode),
    sameCode(code),
    eq(affiliateCode.active, true),
    isNotNull(affiliateCode.agentMemberId),
    ofAnAgent,
  );

export function createHierarchyRepository(db: Db) {
  return {
    /** The member, locked for the rest of the transaction. */
    lockMember: (memberId: string, tx: DbOrTx) => lockMemberById(tx, memberId),

    async setMemberType(memberId: string, type: number, now: Date, tx: DbOrTx): Promise<void> {
      await tx.update(member).set({ type, updatedAt: now }).where(eq(member.id, memberId));
    },

    async agentOf(memberId: string, tx: DbOrTx = db): Promise<AgentRow | undefined> {
      const [row] = await tx.select().from(agent).where(eq(agent.memberId, memberId)).limit(1);
      return row;
    },

    /** Writes the agent row; undefined when the member already has one (a concurrent call won). */
    async insertAgent(row: AgentRow, tx: DbOrTx): Promise<AgentRow | undefined> {
      const [created] = await tx.insert(agent).values(row).onConflictDoNothing().returning();
      return created;
    },

    /** The agent nearest above the member (its own agent, else the next one up that is an agent). */
    async nearestUplineAgent(memberId: string, tx: DbOrTx = db): Promise<AgentRow | undefined> {
      const [row] = await tx
        .select({ agent })
        .from(memberUpline)
        .innerJoin(agent, eq(agent.memberId, memberUpline.uplineMemberId))
        .where(eq(memberUpline.memberId, memberId))
        .orderBy(asc(memberUpline.depth))
        .limit(1);
      return row?.agent;
    },

    async maxDepth(merchantCode: string, tx: DbOrTx = db): Promise<number> {
      const [row] = await tx
        .select({ depth: merchant.agentMaxDepth })
        .from(merchant)
        .where(eq(merchant.code, merchantCode));
      if (!row) throw new Error(`merchant ${merchantCode} does not exist`);
      return row.depth;
    },

    /**
     * Writes the chain above a new member: the agent at depth 1, then the agent's own uplines one step
     * further. Nothing when the member has a chain already.
     */
    async writeUplines(memberId: string, agentMemberId: string, tx: DbOrTx): Promise<void> {
      await tx.insert(memberUpline).values({ memberId, uplineMemberId: agentMemberId, depth: 1 });
      await tx.execute(sql`
        insert into ${memberUpline} (member_id, upline_member_id, depth)
        select ${memberId}::uuid, ${memberUpline.uplineMemberId}, ${memberUpline.depth} + 1
        from ${memberUpline} where ${memberUpline.memberId} = ${agentMemberId}`);
    },

    // ——— links ———

    /** Counts a visit of an active link of an agent (a conditional increment); undefined when there is none. */
    async countVisit(merchantCode: string, code: string) {
      const [row] = await db
        .update(affiliateCode)
        .set({ clicks: sql`${affiliateCode.clicks} + 1` })
        .where(activeAgentLink(merchantCode, code))
        .returning({
          code: affiliateCode.code,
          kind: affiliateCode.kind,
          agentMemberId: affiliateCode.agentMemberId,
        });
      return row;
    },

    /** Counts a registration through an active link of an agent; undefined when the code is not one. */
    async countRegistration(merchantCode: string, code: string, tx: DbOrTx) {
      const [row] = await tx
        .update(affiliateCode)
        .set({ registrations: sql`${affiliateCode.registrations} + 1` })
        .where(activeAgentLink(merchantCode, code))
        .returning();
      return row;
    },

    async usernameOf(memberId: string, tx: DbOrTx = db): Promise<string> {
      const [row] = await tx
        .select({ username: member.username })
        .from(member)
        .where(eq(member.id, memberId));
      return row?.username ?? '';
    },

    /** The agent's links, newest first. */
    async links(agentMemberId: string): Promise<AgentLinkRow[]> {
      return db
        .select()
        .from(affiliateCode)
        .where(eq(affiliateCode.agentMemberId, agentMemberId))
        .orderBy(desc(affiliateCode.createdAt), asc(affiliateCode.code));
    },

    async activeLinkCount(agentMemberId: string, tx: DbOrTx): Promise<number> {
      const [row] = await tx
        .select({ total: count() })
        .from(affiliateCode)
        .where(and(eq(affiliateCode.agentMemberId, agentMemberId), eq(affiliateCode.active, true)));
      return row?.total ?? 0;
    },

    /** A new link; undefined when the code is taken (in any case). */
    async insertLink(
      row: {
        merchantCode: string;
        code: string;
        agentMemberId: string;
        kind: AgentLinkKind;
        campaign: string | null;
        createdAt: Date;
      },
      tx: DbOrTx,
    ): Promise<AgentLinkRow | undefined> {
      const [created] = await tx.insert(affiliateCode).values(row).onConflictDoNothing().returning();
      return created;
    },

    /** Turns the agent's own link on or off; undefined when the agent has no link of that code. */
    async setLinkActive(
      agentMemberId: string,
      code: string,
      active: boolean,
    ): Promise<AgentLinkRow | undefined> {
      const [row] = await db
        .update(affiliateCode)
        .set({ active })
        .where(and(eq(affiliateCode.agentMemberId, agentMemberId), sameCode(code)))
        .returning();
      return row;
    },

    // ——— applications ———

    async latestApplication(memberId: string): Promise<AgentApplicationRow | undefined> {
      const [row] = await db
        .select()
        .from(agentApplication)
        .where(eq(agentApplication.memberId, memberId))
        .orderBy(desc(agentApplication.createdAt), desc(agentApplication.id))
        .limit(1);
      return row;
    },

    /** A pending application; undefined when the member has one waiting already (the partial unique key). */
    async insertApplication(row: {
      merchantCode: string;
      memberId: string;
      message: string;
      contact: string | null;
      createdAt: Date;
    }): Promise<AgentApplicationRow | undefined> {
      const [created] = await db
        .insert(agentApplication)
        .values({ ...row, status: 'pending' })
        .onConflictDoNothing()
        .returning();
      return created;
    },
  };
}

export type HierarchyRepository = ReturnType<typeof createHierarchyRepository>;
