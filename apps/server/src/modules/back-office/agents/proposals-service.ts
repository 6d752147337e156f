import { accessOf } from '@kl/contracts/admin/access';
import {
  type AdminContractProposal,
  adminContractProposal,
  type AdminContractProposalPage,
} from '@kl/contracts/admin/agents';
import type { OfferContractRequest } from '@kl/contracts/agent-contracts';
import type { DbOrTx } from '../../../platform/db.ts';
import { DomainError } from '../../../platform/errors.ts';
import {
  type AgentContractRow,
  createAgentContractRepository,
  type ProposalHook,
} from '../../agent-contracts/index.ts';
import type { AuditActor } from '../audit.ts';
import { assertIndependentChecker } from '../four-eyes.ts';
import { createSegregationRepository } from '../segregation/repository.ts';
import type { BackOfficeAgentsDeps } from './deps.ts';

interface ProposalRow {
  row: AgentContractRow;
  username: string;
  proposedBy: string | null;
  approvedBy: string | null;
}

/**
 * Contract offers under four eyes in the back office (docs/agents.md, "Offers under four eyes"): an
 * operator of the agents area proposes, another approves (the agent is offered it) or rejects it. Each
 * step is audited in its transaction, with both operators in its before and after.
 */
export function createProposalAdminService(deps: BackOfficeAgentsDeps) {
  const { db, merchantCode, audit, agentContractService } = deps;
  const operators = createSegregationRepository(db);

  // The agent-contracts module's repository: contracts with their members' usernames.
  const contracts = createAgentContractRepository(db);

  /** Contracts with the usernames of the operators who proposed and approved them. */
  async function withOperators(
    found: readonly { row: AgentContractRow; username: string }[],
    tx: DbOrTx,
  ): Promise<ProposalRow[]> {
    const ids = found.flatMap(({ row }) => [row.proposedBy, row.approvedBy]);
    const names = await deps.operators.usernamesOf(
      [...new Set(ids.filter((id): id is string => id !== null))],
      tx,
    );
    const nameOf = (id: string | null) => (id === null ? null : (names.get(id) ?? null));
    return found.map(({ row, username }) => ({
      row,
      username,
      proposedBy: nameOf(row.proposedBy),
      approvedBy: nameOf(row.approvedBy),
    }));
  }

  /** The operators who may decide a proposal now: active, with write access to agents, not its proposer. */
  async function deciders(tx: DbOrTx) {
    const active = await operators.activeOperators(merchantCode, tx);
    return active.filter((row) => accessOf(row.role, row.readOnly).agents === 'write');
  }

  function viewOf(
    found: ProposalRow,
    actor: AuditActor,
    may: { id: string; username: string }[],
  ): AdminContractProposal {
    const { row } = found;
    const waiting = row.status === 'proposed';
    const eligible = waiting ? may.filter((one) => one.id !== row.proposedBy) : [];
    return adminContractProposal.parse({
      id: row.id,
      memberId: row.memberId,
      username: found.username,
      kind: row.kind,
      terms: row.terms,
      status: row.status,
      currency: row.currency,
      offeredBy: row.offeredBy,
      offeredAt: row.offeredAt.toISOString(),
      proposedBy: found.proposedBy,
      approvedBy: found.approvedBy,
      approvedAt: row.approvedAt?.toISOString() ?? null,
      approval: {
        eligible: eligible.map((one) => one.username),
        youMay: eligible.some((one) => one.id === actor.operatorId),
      },
    });
  }

  async function proposalView(id: string, actor: AuditActor, tx: DbOrTx): Promise<AdminContractProposal> {
    const row = await contracts.withUsername(id, tx);
    const [found] = row ? await withOperators([row], tx) : [];
    if (!found) throw new Error(`contract ${id} vanished`);
    return viewOf(found, actor, await deciders(tx));
  }

  const operatorIdOf = (actor: AuditActor): string => {
    if (actor.operatorId === null) throw new DomainError('NOT_LOGGED_IN');
    return actor.operatorId;
  };

  /**
   * The hook that writes a step's audit entry inside its transaction — before: the older proposal it
   * replaced, or what a decision changed; after: the proposal with both operators — and keeps its view,
   * which the call answers.
   */
  function audited(actor: AuditActor, action: string) {
    const answer: { view?: AdminContractProposal } = {};
    const hook: ProposalHook = async (change, tx) => {
      const after = await proposalView(change.row.id, actor, tx);
      const replaced = change.replacedId ? { replacedId: change.replacedId } : {};
      const before = change.before
        ? { status: change.before.status, offeredAt: change.before.offeredAt, ...replaced }
        : change.replacedId
          ? replaced
          : undefined;
      await audit.record(
        actor,
        { action, targetType: 'agent_contract', targetId: change.row.id, before, after },
        tx,
      );
      answer.view = after;
    };
    const view = () => {
      if (!answer.view) throw new Error(`${action} was written without its view`);
      return answer.view;
    };
    return { hook, view };
  }

  return {
    /** The proposals waiting for their second operator, the newest first, with who may decide each. */
    async proposals(
      actor: AuditActor,
      query: { pageNo: number; pageSize: number },
    ): Promise<AdminContractProposalPage> {
      const [{ rows, total }, may] = await Promise.all([
        contracts.proposalPage(merchantCode, {
          limit: query.pageSize,
          offset: (query.pageNo - 1) * query.pageSize,
        }),
        deciders(db),
      ]);
      const found = await withOperators(rows, db);
      return {
        list: found.map((one) => viewOf(one, actor, may)),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
      };
    },

    /** Proposes a contract (replacing the agent's proposal of the kind still waiting), audited with it. */
    async propose(actor: AuditActor, request: OfferContractRequest): Promise<AdminContractProposal> {
      const step = audited(actor, 'agent_contract.propose');
      await agentContractService.propose(merchantCode, request, operatorIdOf(actor), step.hook);
      return step.view();
    },

    /**
     * A second operator's approval or rejection (not the proposer's, nor one not independent of them:
     * four-eyes.ts), audited in its transaction.
     */
    async decide(
      actor: AuditActor,
      contractId: string,
      choice: 'approve' | 'reject',
    ): Promise<AdminContractProposal> {
      const step = audited(actor, `agent_contract.${choice}`);
      const operatorId = operatorIdOf(actor);
      await agentContractService.decideProposal(
        merchantCode,
        contractId,
        choice,
        operatorId,
        async (change, tx) => {
          // Not an operator whose invitation link the proposer held, nor the holder of the proposer's link.
          if (change.before?.proposedBy)
            await assertIndependentChecker(tx, change.before.proposedBy, operatorId);
          await step.hook(change, tx);
        },
      );
      return step.view();
    },
  };
}

export type ProposalAdminService = ReturnType<typeof createProposalAdminService>;
