import type {
  AdminAgent,
  AdminAgentApplication,
  AdminAgentApplicationsQuery,
  AdminAgentsQuery,
  DecideAgentApplicationRequest,
} from '@kl/contracts/admin/agents';
import type { ContractKind } from '@kl/contracts/agent-contracts';
import { and, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { agent, agentApplication, type AgentApplicationRow, member } from '../../../db/schema/index.ts';
import type { DbOrTx } from '../../../platform/db.ts';
import { DomainError } from '../../../platform/errors.ts';
import { prefixPattern } from '../../../platform/like-pattern.ts';
import { selectMemberByUsername } from '../../../platform/member-lookup.ts';
import type { AuditActor } from '../audit.ts';
import type { BackOfficeAgentsDeps } from './deps.ts';

type Paged<Q> = Q & { pageNo: number; pageSize: number };
const windowOf = (query: Paged<object>) => ({
  limit: query.pageSize,
  offset: (query.pageNo - 1) * query.pageSize,
});

/** INVALID_INPUT reason of deciding an application that was refused already. */
export const APPLICATION_DECIDED = 'application_decided';

const parent = alias(member, 'parent_member');
// Qualified: the subqueries below are correlated with the outer agent row.
const AGENT_ID = sql.raw('"agent"."member_id"');

/**
 * Agents in the back office (docs/agents.md, "Back office"): applications and their decision, the
 * agents with their teams and making a member an agent (contract offers: proposals-service.ts). Every
 * action is audited, in the transaction of the change.
 */
export function createAgentAdminService(deps: BackOfficeAgentsDeps) {
  const { db, clock, merchantCode, audit } = deps;
  const { hierarchyService } = deps.agents;

  async function applicationView(id: string, tx: DbOrTx = db): Promise<AdminAgentApplication | undefined> {
    const [row] = await tx
      .select({ application: agentApplication, username: member.username })
      .from(agentApplication)
      .innerJoin(member, eq(member.id, agentApplication.memberId))
      .where(and(eq(agentApplication.id, id), eq(agentApplication.merchantCode, merchantCode)));
    return row && applicationOf(row.application, row.username);
  }

  async function agentPage(where: SQL[], page: { limit: number; offset: number }, tx: DbOrTx = db) {
    const condition = and(eq(agent.merchantCode, merchantCode), ...where);
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
          contracts: sql<
            ContractKind[]
          >`coalesce((select array_agg(distinct k.kind order by k.kind) from agent_contract k where k.member_id = ${AGENT_ID} and k.status = 'accepted'), '{}')`,
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
    const list: AdminAgent[] = rows.map((row) => ({ ...row, since: row.since.toISOString() }));
    return { list, total: total?.total ?? 0 };
  }

  async function agentView(memberId: string, tx: DbOrTx): Promise<AdminAgent> {
    const { list } = await agentPage([eq(agent.memberId, memberId)], { limit: 1, offset: 0 }, tx);
    const [found] = list;
    if (!found) throw new Error(`agent ${memberId} vanished`);
    return found;
  }

  return {
    async applications(query: Paged<AdminAgentApplicationsQuery>) {
      const a = agentApplication;
      const status = query.status ? eq(a.status, query.status) : undefined;
      const condition = and(eq(a.merchantCode, merchantCode), status);
      const { limit, offset } = windowOf(query);
      const rows = await db
        .select({ application: a, username: member.username })
        .from(a)
        .innerJoin(member, eq(member.id, a.memberId))
        .where(condition)
        .orderBy(desc(a.createdAt), desc(a.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ total: count() }).from(a).where(condition);
      const list = rows.map((row) => applicationOf(row.application, row.username));
      return { list, pageNo: query.pageNo, pageSize: query.pageSize, total: total?.total ?? 0 };
    },

    /**
     * Approves (the member becomes an agent, in the same transaction) or refuses a pending application.
     * Unknown: NOT_FOUND. Approved already: 409 ALREADY_AGENT; refused already: 400 INVALID_INPUT
     * { reason: application_decided }. Approving one whose member became an agent meanwhile: ALREADY_AGENT
     * and it stays pending (refuse it).
     */
    async decide(
      actor: AuditActor,
      id: string,
      request: DecideAgentApplicationRequest,
    ): Promise<AdminAgentApplication> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(agentApplication)
          .where(and(eq(agentApplication.id, id), eq(agentApplication.merchantCode, merchantCode)))
          .for('update');
        if (!row) throw new DomainError('NOT_FOUND', { reason: 'application_not_found' });
        if (row.status === 'approved') throw new DomainError('ALREADY_AGENT', { status: row.status });
        if (row.status !== 'pending') {
          throw new DomainError('INVALID_INPUT', { reason: APPLICATION_DECIDED, status: row.status });
        }
        const before = await applicationView(id, tx);
        const approve = request.decision === 'approve';
        if (approve) await hierarchyService.makeAgent(row.memberId, `application:${id}`, tx);
        await tx
          .update(agentApplication)
          .set({
            status: approve ? 'approved' : 'refused',
            decidedAt: clock(),
            decidedBy: actor.username,
            note: request.note || null,
          })
          .where(eq(agentApplication.id, id));
        const after = await applicationView(id, tx);
        if (!after) throw new Error(`application ${id} vanished`);
        await audit.record(
          actor,
          {
            action: approve ? 'agent_application.approve' : 'agent_application.refuse',
            targetType: 'agent_application',
            targetId: id,
            before,
            after,
          },
          tx,
        );
        return after;
      });
    },

    async agents(query: Paged<AdminAgentsQuery>) {
      const where = query.username ? [ilike(member.username, prefixPattern(query.username))] : [];
      const { list, total } = await agentPage(where, windowOf(query));
      return { list, pageNo: query.pageNo, pageSize: query.pageSize, total };
    },

    /** Makes a member an agent by username (NOT_FOUND when unknown), audited in the same transaction. */
    async makeAgent(actor: AuditActor, username: string): Promise<AdminAgent> {
      return db.transaction(async (tx) => {
        const [target] = await selectMemberByUsername(tx, merchantCode, username);
        if (!target) throw new DomainError('NOT_FOUND', { reason: 'member_not_found' });
        await hierarchyService.makeAgent(target.id, `operator:${actor.username}`, tx);
        const after = await agentView(target.id, tx);
        await audit.record(
          actor,
          {
            action: 'agent.create',
            targetType: 'member',
            targetId: target.id,
            before: { username: target.username, type: target.type },
            after,
          },
          tx,
        );
        return after;
      });
    },
  };
}

function applicationOf(row: AgentApplicationRow, username: string): AdminAgentApplication {
  return {
    id: row.id,
    memberId: row.memberId,
    username,
    message: row.message,
    contact: row.contact,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedBy: row.decidedBy,
    note: row.note,
  };
}

export type AgentAdminService = ReturnType<typeof createAgentAdminService>;
