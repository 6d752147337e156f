import {
  type AgentContract,
  agentContract as agentContractSchema,
  CONTRACT_KINDS,
  CONTRACT_REASONS,
  CONTRACT_REQUEST_FIELDS,
  type ContractAnswer,
  type ContractKind,
  type ContractRequests,
  mayReceiveContract,
  type OfferContractRequest,
} from '@kl/contracts/agent-contracts';
import { CONTRACT_CHECK_EXEMPT_TYPES } from '@kl/contracts/accounts';
import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import type { AgentContractRow } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { DomainError } from '../../platform/errors.ts';
import type { AuthenticatedMember } from '../../platform/member-guard.ts';
import type { AgentContractRepository } from './repository.ts';

/** Shown as the one who offers when the operator does not name the upline. */
export const OPERATOR_NAME = 'operator';

const NO_REQUESTS: ContractRequests = { dailysalreqtype: 0, divtypecompperiodreq: 0, contracthoursalreq: 0 };

/** A row as the API writes it; the terms were checked when written and are checked again here. */
export function toAgentContract(row: AgentContractRow): AgentContract {
  return agentContractSchema.parse({
    id: row.id,
    kind: row.kind,
    status: row.status,
    currency: row.currency,
    terms: row.terms,
    offeredBy: row.offeredBy,
    offeredAt: row.offeredAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
  });
}

/** A proposal as it was written or decided, with its agent's username. */
export interface ProposalChange {
  row: AgentContractRow;
  /** Before the decision (undefined for a new proposal). */
  before?: AgentContractRow;
  username: string;
  /** A new proposal: the older one of the kind it closed. An approval: the agent's pending offer it superseded. */
  replacedId: string | null;
}

/** Told of a proposal or its decision inside its transaction (the back office writes its audit entry there). */
export type ProposalHook = (change: ProposalChange, tx: DbOrTx) => Promise<void>;

/**
 * Agent contracts: the member's contract requests (product.md §3 contract reply), reading and answering a
 * contract once, and the operators' offers under four eyes (docs/agents.md, "Offers under four eyes"): an
 * offer is `proposed` until an operator other than its proposer approves it, which makes it the agent's
 * pending offer of the kind (superseding the one waiting), or rejects it.
 */
export function createAgentContractService(deps: {
  db: Db;
  contracts: AgentContractRepository;
  clock: Clock;
}) {
  const { db, contracts, clock } = deps;

  async function answer(member: AuthenticatedMember, contractId: string, choice: ContractAnswer) {
    const status = choice === 'accept' ? 'accepted' : 'refused';
    const answered = await contracts.answer(member.memberId, contractId, status, clock());
    if (answered) return toAgentContract(answered);
    const existing = await contracts.byId(member.memberId, contractId);
    if (!existing) throw new DomainError('NOT_FOUND');
    throw new DomainError('CONTRACT_CLOSED', { status: existing.status });
  }

  return {
    /** Which kinds wait for the member's answer; all 0 for the types that skip the check (product.md §3). */
    async requests(member: AuthenticatedMember): Promise<ContractRequests> {
      if (CONTRACT_CHECK_EXEMPT_TYPES.includes(member.type)) return NO_REQUESTS;
      const pending = new Set(await contracts.pendingKinds(member.memberId));
      const reply = { ...NO_REQUESTS };
      for (const kind of CONTRACT_KINDS) {
        if (pending.has(kind)) reply[CONTRACT_REQUEST_FIELDS[kind]] = 1;
      }
      return reply;
    },

    async contract(member: AuthenticatedMember, kind: ContractKind): Promise<AgentContract | null> {
      const row = await contracts.latest(member.memberId, kind);
      return row ? toAgentContract(row) : null;
    },

    accept: (member: AuthenticatedMember, contractId: string) => answer(member, contractId, 'accept'),
    refuse: (member: AuthenticatedMember, contractId: string) => answer(member, contractId, 'refuse'),

    /**
     * Operator: proposes a contract to an agent (types 1, 2); it replaces the proposal of the kind still
     * waiting for its second operator. The agent sees nothing of it until it is approved.
     */
    async propose(
      merchantCode: string,
      request: OfferContractRequest,
      proposedBy: string,
      onProposed?: ProposalHook,
    ): Promise<ProposalChange> {
      return db.transaction(async (tx) => {
        // The member's row is locked: two proposals at once still leave one waiting.
        const target = await contracts.memberByUsername(merchantCode, request.username, tx, true);
        if (!target) throw new DomainError('NOT_FOUND', { reason: CONTRACT_REASONS.memberNotFound });
        if (!mayReceiveContract(target.type))
          throw new DomainError('MEMBER_NOT_AGENT', { type: target.type });
        const now = clock();
        const replacedId = await contracts.replaceProposed(target.id, request.kind, now, tx);
        const row = await contracts.insert(
          {
            merchantCode,
            memberId: target.id,
            kind: request.kind,
            status: 'proposed',
            currency: WALLET_CURRENCY,
            terms: request.terms,
            offeredBy: request.offeredBy ?? OPERATOR_NAME,
            offeredAt: now,
            proposedBy,
          },
          tx,
        );
        const change = { row, username: target.username, replacedId };
        await onProposed?.(change, tx);
        return change;
      });
    },

    /**
     * A second operator's decision on a proposal, once: approving makes it the agent's pending offer of its
     * kind (offered now, superseding the one waiting), rejecting closes it unseen. Its proposer cannot
     * decide it (SECOND_APPROVER_REQUIRED); a decided one is CONTRACT_CLOSED, so two decisions at once
     * decide once.
     */
    async decideProposal(
      merchantCode: string,
      contractId: string,
      decision: 'approve' | 'reject',
      operatorId: string,
      onDecided?: ProposalHook,
    ): Promise<ProposalChange> {
      return db.transaction(async (tx) => {
        const found = await contracts.ofMerchant(merchantCode, contractId, tx);
        if (!found) throw new DomainError('NOT_FOUND');
        // Locked in the order of a new proposal's: the member, then the contract.
        const target = await contracts.lockMember(found.memberId, tx);
        const before = await contracts.lock(contractId, tx);
        if (!target || !before) throw new DomainError('NOT_FOUND');
        if (before.status !== 'proposed') throw new DomainError('CONTRACT_CLOSED', { status: before.status });
        if (before.proposedBy === operatorId) throw new DomainError('SECOND_APPROVER_REQUIRED');
        const now = clock();
        let replacedId: string | null = null;
        if (decision === 'approve') {
          if (!mayReceiveContract(target.type))
            throw new DomainError('MEMBER_NOT_AGENT', { type: target.type });
          replacedId = await contracts.supersedePending(target.id, before.kind, now, tx);
        }
        const row = await contracts.decideProposal(
          contractId,
          decision === 'approve'
            ? { status: 'pending', offeredAt: now, approvedBy: operatorId, approvedAt: now }
            : { status: 'rejected' },
          tx,
        );
        if (!row) throw new DomainError('CONTRACT_CLOSED', { status: 'decided' });
        const change = { row, before, username: target.username, replacedId };
        await onDecided?.(change, tx);
        return change;
      });
    },
  };
}
export type AgentContractService = ReturnType<typeof createAgentContractService>;
