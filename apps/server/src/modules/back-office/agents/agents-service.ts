import type {
  AdminAgent,
  AdminAgentApplication,
  AdminAgentApplicationsQuery,
  AdminAgentsQuery,
  DecideAgentApplicationRequest,
} from '@kl/contracts/admin/agents';
import type { DbOrTx } from '../../../platform/db.ts';
import { DomainError } from '../../../platform/errors.ts';
import { selectMemberByUsername } from '../../../platform/member-lookup.ts';
import {
  type AgentApplicationRow,
  type AgentListFilter,
  createHierarchyRepository,
} from '../../agents/index.ts';
import type { AuditActor } from '../audit.ts';
import type { BackOfficeAgentsDeps } from './deps.ts';

type Paged<Q> = Q & { pageNo: number; pageSize: number };
const windowOf = (query: Paged<object>) => ({
  limit: query.pageSize,
  offset: (query.pageNo - 1) * query.pageSize,
});

/** INVALID_INPUT reason of deciding an application that was refused already. */
export const APPLICATION_DECIDED = 'application_decided';

/**
 * Agents in the back office (docs/agents.md, "Back office"): applications and their decision, the
 * agents with their teams and making a member an agent (contract offers: proposals-service.ts). Every
 * action is audited, in the transaction of the change.
 */
export function createAgentAdminService(deps: BackOfficeAgentsDeps) {
  const { db, clock, merchantCode, audit } = deps;
  const { hierarchyService } = deps.agents;

  // The agents module's repository: the one writer of agents and their applications.
  const hierarchy = createHierarchyRepository(db);

  async function applicationView(id: string, tx: DbOrTx = db): Promise<AdminAgentApplication | undefined> {
    const row = await hierarchy.applicationOfMerchant(merchantCode, id, tx);
    return row && applicationOf(row.application, row.username);
  }

  async function agentPage(
    filter: AgentListFilter,
    page: { limit: number; offset: number },
    tx: DbOrTx = db,
  ) {
    const { rows, total } = await hierarchy.agentPage(merchantCode, filter, page, tx);
    const list: AdminAgent[] = rows.map((row) => ({ ...row, since: row.since.toISOString() }));
    return { list, total };
  }

  async function agentView(memberId: string, tx: DbOrTx): Promise<AdminAgent> {
    const { list } = await agentPage({ memberId }, { limit: 1, offset: 0 }, tx);
    const [found] = list;
    if (!found) throw new Error(`agent ${memberId} vanished`);
    return found;
  }

  return {
    async applications(query: Paged<AdminAgentApplicationsQuery>) {
      const { rows, total } = await hierarchy.applicationPage(merchantCode, query.status, windowOf(query));
      const list = rows.map((row) => applicationOf(row.application, row.username));
      return { list, pageNo: query.pageNo, pageSize: query.pageSize, total };
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
        const row = await hierarchy.lockApplication(merchantCode, id, tx);
        if (!row) throw new DomainError('NOT_FOUND', { reason: 'application_not_found' });
        if (row.status === 'approved') throw new DomainError('ALREADY_AGENT', { status: row.status });
        if (row.status !== 'pending') {
          throw new DomainError('INVALID_INPUT', { reason: APPLICATION_DECIDED, status: row.status });
        }
        const before = await applicationView(id, tx);
        const approve = request.decision === 'approve';
        if (approve) await hierarchyService.makeAgent(row.memberId, `application:${id}`, tx);
        await hierarchy.decideApplication(
          id,
          {
            status: approve ? 'approved' : 'refused',
            decidedAt: clock(),
            decidedBy: actor.username,
            note: request.note || null,
          },
          tx,
        );
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
      const { list, total } = await agentPage({ usernamePrefix: query.username }, windowOf(query));
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
