import type { AgentApplicationStatus, AgentLinkKind } from '@kl/contracts/agents';
import { and, asc, count, desc, eq, ilike, isNotNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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
import { prefixPattern } from '../../../platform/like-pattern.ts';
import { lockMemberById } from '../../../platform/member-lookup.ts';
import { acceptedContractKindsOf } from '../../agent-contracts/index.ts';

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

const parent = alias(member, 'parent_member');
// Qualified: the subqueries of the agent list are correlated with the outer agent row.
const AGENT_ID = sql.raw('"agent"."member_id"');

/** Which agents the back office lists: those whose username starts so (any case), or one. */
export interface AgentListFilter {
  usernamePrefix?: string | undefined;
  memberId?: string | undefined;
}

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

    // ——— the back office's (docs/agents.md, "Back office") ———

    /** An application of the merchant with its member's username. */
    async applicationOfMerchant(merchantCode: string, id: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ application: agentApplication, username: member.username })
        .from(agentApplication)
        .innerJoin(member, eq(member.id, agentApplication.memberId))
        .where(and(eq(agentApplication.id, id), eq(agentApplication.merchantCode, merchantCode)));
      return row;
    },

    /** The merchant's applications with their members' usernames, the newest first, and how many. */
    async applicationPage(
      merchantCode: string,
      status: AgentApplicationStatus | undefined,
      page: { limit: number; offset: number },
    ) {
      const a = agentApplication;
      const condition = and(eq(a.merchantCode, merchantCode), status ? eq(a.status, status) : undefined);
      const rows = await db
        .select({ application: a, username: member.username })
        .from(a)
        .innerJoin(member, eq(member.id, a.memberId))
        .where(condition)
        .orderBy(desc(a.createdAt), desc(a.id))
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await db.select({ total: count() }).from(a).where(condition);
      return { rows, total: total?.total ?? 0 };
    },

    /** An application of the merchant, locked for the rest of the transaction (two operators deciding). */
    async lockApplication(merchantCode: string, id: string, tx: DbOrTx) {
      const [row] = await tx
        .select()
        .from(agentApplication)
        .where(and(eq(agentApplication.id, id), eq(agentApplication.merchantCode, merchantCode)))
        .for('update');
      return row;
    },

    async decideApplication(
      id: string,
      set: Pick<AgentApplicationRow, 'status' | 'decidedAt' | 'decidedBy' | 'note'>,
      tx: DbOrTx,
    ): Promise<void> {
      await tx.update(agentApplication).set(set).where(eq(agentApplication.id, id));
    },

    /**
     * The merchant's agents, the newest first, with their member, upline, team sizes, active links and
     * accepted contract kinds, and how many there are.
     */
    async agentPage(
      merchantCode: string,
      filter: AgentListFilter,
      page: { limit: number; offset: number },
      tx: DbOrTx = db,
    ) {
      const where: SQL[] = [eq(agent.merchantCode, merchantCode)];
      if (filter.usernamePrefix) where.push(ilike(member.username, prefixPattern(filter.usernamePrefix)));
      if (filter.memberId !== undefined) where.push(eq(agent.memberId, filter.memberId));
      const condition = and(...where);
      const [rows, [total]] = await Promise.all([
        tx
          .select({
            memberId: agent.memberId,
            username: member.username,
            type: member.type,
            level: agent.level,
            parentUsername: parent.username,
            since: agent.createdAt,
            directSize: sql<number>`(select count(*)::int from member_upline u where u.upline_member_id = ${AGENT_ID} and u.depth = 1)`,
            teamSize: sql<number>`(select count(*)::int from member_upline u where u.upline_member_id = ${AGENT_ID})`,
            activeLinks: sql<number>`(select count(*)::int from affiliate_code c where c.agent_member_id = ${AGENT_ID} and c.active)`,
            contracts: acceptedContractKindsOf(AGENT_ID),
          })
          .from(agent)
          .innerJoin(member, eq(member.id, agent.memberId))
          .leftJoin(parent, eq(parent.id, agent.parentMemberId))
          .where(condition)
          .orderBy(desc(agent.createdAt), desc(agent.memberId))
          .limit(page.limit)
          .offset(page.offset),
        tx
          .select({ total: count() })
          .from(agent)
          .innerJoin(member, eq(member.id, agent.memberId))
          .where(condition),
      ]);
      return { rows, total: total?.total ?? 0 };
    },
  };
}

export type HierarchyRepository = ReturnType<typeof createHierarchyRepository>;
