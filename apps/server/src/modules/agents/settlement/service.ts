import {
  type AgentContract,
  agentContract as agentContractSchema,
  type ContractKind,
  dividendTerms,
  hourlyTerms,
  mayReceiveContract,
  salaryTerms,
} from '@kl/contracts/agent-contracts';
import {
  agentDate,
  agentDayStart,
  type AgentPeriod,
  type AgentStatement,
  parsePeriod,
  type SettleResult,
  type SettlementBasis,
  settlementBasis,
  type StatementPage,
} from '@kl/contracts/agents';
import type { AdminSettlement } from '@kl/contracts/admin/agents';
import type { AgentSettlementRow } from '../../../db/schema/index.ts';
import type { AgentContractRow } from '../../agent-contracts/index.ts';
import type { DbOrTx } from '../../../platform/db.ts';
import { DomainError } from '../../../platform/errors.ts';
import type { AuthenticatedMember } from '../../../platform/member-guard.ts';
import type { AgentsDeps } from '../deps.ts';
import { agentOf, teamPlay } from '../team.ts';
import { dailySalary, dividend, hourlySalary, netLossOf } from './formulas.ts';
import { createSettlementRepository, type SettlementFilter, type SettlementView } from './repository.ts';

/** `decidedBy` of a settlement paid at once, below the approval threshold. */
export const SYSTEM_DECIDER = 'system';

/** The ledger key of a settlement's credit: one per agent, kind and period, ever. */
export const settlementLedgerKey = (row: Pick<AgentSettlementRow, 'kind' | 'agentMemberId' | 'periodKey'>) =>
  `agent:${row.kind}:${row.agentMemberId}:${row.periodKey}`;

export type SettlementDecision = 'approve' | 'refuse';

/** Told of a decision inside its transaction (the back office writes its audit entry there). */
export type DecisionHook = (
  change: { before: AgentStatement; after: AdminSettlement },
  tx: DbOrTx,
) => Promise<void>;

/** A contract row as the API shows it (the terms were checked when written, and are again here). */
const contractOf = (row: AgentContractRow): AgentContract =>
  agentContractSchema.parse({
    ...row,
    offeredAt: row.offeredAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
  });

export function toStatement(row: AgentSettlementRow): AgentStatement {
  return {
    id: row.id,
    kind: row.kind,
    period: row.periodKey,
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    contractId: row.contractId,
    currency: row.currency,
    amount: Number(row.amount),
    status: row.status,
    basis: settlementBasis.parse(row.basis),
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** A settlement as the back office shows it. */
export function toAdminSettlement(view: SettlementView): AdminSettlement {
  return {
    ...toStatement(view.row),
    agentMemberId: view.row.agentMemberId,
    username: view.username,
    decidedBy: view.row.decidedBy,
    note: view.row.note,
  };
}

/** What one period settles: a day its daily salary and the hourly salary of its 24 hours. */
function jobsOf(period: AgentPeriod): { kind: ContractKind; period: AgentPeriod }[] {
  if (period.type === 'hour') return [{ kind: 'hourly', period }];
  if (period.type !== 'day') return [{ kind: 'dividend', period }];
  const hours = Array.from({ length: 24 }, (_, hour) => {
    const key = `${period.key}T${String(hour).padStart(2, '0')}`;
    return { kind: 'hourly' as const, period: parsePeriod(key)! };
  });
  return [{ kind: 'salary', period }, ...hours];
}

interface Calculation {
  amount: bigint;
  basis: SettlementBasis;
  carriedIn: bigint;
  carriedOut: bigint;
}

/** The operator deciding a settlement: its id (checked against the contract's operators) and username. */
export interface SettlementDecider {
  id: string;
  username: string;
}

/**
 * Whether a settlement is paid at once (docs/agents.md, "Paid at once, by running total"): only while what
 * the agent was paid at once in the same GMT+8 day, with it, stays within the approval threshold — so
 * hourly settlements each at the threshold are one paid and the rest waiting, however they are split.
 */
export const paidAtOnce = (amount: bigint, paidToday: bigint, threshold: bigint): boolean =>
  paidToday + amount <= threshold;

/**
 * The settlements of the contracts that pay (docs/agents.md, "Contracts that pay"): each closed period is
 * settled once per agent and kind (the unique key of agent_settlement, written with ON CONFLICT DO
 * NOTHING), from the whole team's play of the period and the agent's contract of the kind in force at the
 * period's end. While the agent's running total paid at once that day stays within the approval threshold
 * the amount is credited at once (`agent_commission`, in the transaction of the settlement); beyond it, it
 * waits for finance. An agent's settlements are decided one at a time (an advisory lock per agent).
 */
export function createSettlementService(deps: AgentsDeps) {
  const { db, clock, merchantCode, ledgerService, config } = deps;
  const settlements = createSettlementRepository(db);
  const threshold = BigInt(config.agentSettlementApprovalThreshold);

  async function calculate(
    contract: AgentContractRow,
    period: AgentPeriod,
    tx: DbOrTx,
  ): Promise<Calculation> {
    const play = await teamPlay(tx, {
      merchantCode,
      currency: contract.currency,
      agentMemberId: contract.memberId,
      scope: 'team',
      window: period,
    });
    const base = {
      turnover: Number(play.turnover),
      activeMembers: play.activeMembers,
      netLoss: null,
      carriedIn: null,
      carriedOut: null,
      percentBp: null,
    };
    if (contract.kind === 'salary') {
      const outcome = dailySalary(salaryTerms.parse(contract.terms), play);
      return {
        amount: outcome.amount,
        basis: { ...base, tier: outcome.tier },
        carriedIn: 0n,
        carriedOut: 0n,
      };
    }
    if (contract.kind === 'hourly') {
      const outcome = hourlySalary(hourlyTerms.parse(contract.terms), play);
      return {
        amount: outcome.amount,
        basis: { ...base, tier: outcome.tier },
        carriedIn: 0n,
        carriedOut: 0n,
      };
    }
    const before = await settlements.dividendBefore(contract.memberId, period.start, tx);
    const carriedIn = before?.carriedOut ?? 0n;
    const netLoss = netLossOf(play);
    const outcome = dividend(dividendTerms.parse(contract.terms), {
      netLoss,
      activeMembers: play.activeMembers,
      carriedIn,
    });
    return {
      amount: outcome.amount,
      basis: {
        ...base,
        netLoss: Number(netLoss),
        carriedIn: Number(carriedIn),
        carriedOut: Number(outcome.carriedOut),
        tier: outcome.tier,
        percentBp: outcome.percentBp,
      },
      carriedIn,
      carriedOut: outcome.carriedOut,
    };
  }

  /** Credits a settlement to its agent's wallet (inside the caller's transaction). */
  async function credit(
    row: AgentSettlementRow,
    people: { decidedBy: string; settledBy?: string },
    tx: DbOrTx,
  ) {
    return ledgerService.post(
      {
        merchantCode,
        memberId: row.agentMemberId,
        idempotencyKey: settlementLedgerKey(row),
        kind: 'agent_commission',
        amount: row.amount,
        currency: row.currency,
        reference: `agent-settlement:${row.id}`,
        memo: { settlementId: row.id, kind: row.kind, period: row.periodKey, ...people },
      },
      tx,
    );
  }

  /** One agent's settlement of one kind and period: its status, or `already` when it existed. */
  async function settleOne(
    contract: AgentContractRow,
    period: AgentPeriod,
    by: string,
  ): Promise<{ outcome: 'paid' | 'awaiting_approval' | 'nothing_due' | 'already'; amount: bigint }> {
    return db.transaction(async (tx) => {
      await settlements.lockAgentPay(contract.memberId, tx);
      const calculation = await calculate(contract, period, tx);
      const { amount } = calculation;
      const now = clock();
      const paidToday =
        amount === 0n
          ? 0n
          : await settlements.paidAtOnceSince(
              contract.memberId,
              agentDayStart(agentDate(now)),
              SYSTEM_DECIDER,
              tx,
            );
      const status =
        amount === 0n
          ? 'nothing_due'
          : paidAtOnce(amount, paidToday, threshold)
            ? 'paid'
            : 'awaiting_approval';
      // Written waiting first: the row is paid below, with its ledger transaction, in this transaction.
      const row = await settlements.insert(
        {
          merchantCode,
          agentMemberId: contract.memberId,
          kind: contract.kind,
          periodKey: period.key,
          periodStart: period.start,
          periodEnd: period.end,
          contractId: contract.id,
          currency: contract.currency,
          amount,
          status: status === 'paid' ? 'awaiting_approval' : status,
          basis: calculation.basis,
          carriedIn: calculation.carriedIn,
          carriedOut: calculation.carriedOut,
          createdAt: now,
        },
        tx,
      );
      if (!row) return { outcome: 'already', amount: 0n };
      if (status === 'paid') {
        const posted = await credit(row, { decidedBy: SYSTEM_DECIDER, settledBy: by }, tx);
        const paid = await settlements.decide(
          row.id,
          'awaiting_approval',
          {
            status: 'paid',
            ledgerTransactionId: posted.transactionId,
            decidedAt: now,
            decidedBy: SYSTEM_DECIDER,
          },
          tx,
        );
        if (!paid) throw new Error(`settlement ${row.id} changed while it was written`);
      }
      return { outcome: status, amount };
    });
  }

  async function settleJob(
    job: { kind: ContractKind; period: AgentPeriod },
    by: string,
    result: SettleResult,
  ): Promise<void> {
    const { kind, period } = job;
    let contracts = await settlements.contractsInForce(merchantCode, kind, period.end);
    if (kind === 'dividend') {
      contracts = contracts.filter((contract) => dividendTerms.parse(contract.terms).period === period.type);
    }
    const settled = await settlements.settledAgents(
      kind,
      period.key,
      contracts.map((contract) => contract.memberId),
    );
    result.alreadySettled += settled.size;
    for (const contract of contracts) {
      if (settled.has(contract.memberId)) continue;
      const { outcome, amount } = await settleOne(contract, period, by);
      if (outcome === 'already') result.alreadySettled += 1;
      else if (outcome === 'nothing_due') result.nothingDue += 1;
      else if (outcome === 'awaiting_approval') result.awaitingApproval += 1;
      else {
        result.paid += 1;
        result.amountPaid += Number(amount);
      }
    }
  }

  async function requireAgent(member: AuthenticatedMember): Promise<void> {
    if (mayReceiveContract(member.type)) return;
    if (await agentOf(db, member.memberId)) return;
    throw new DomainError('MEMBER_NOT_AGENT', { type: member.type });
  }

  async function viewOf(id: string, tx: DbOrTx = db): Promise<SettlementView> {
    const view = await settlements.view(merchantCode, id, tx);
    if (!view) throw new DomainError('NOT_FOUND');
    return view;
  }

  return {
    /** Whether the scheduler runs in this process, and the clock it reads (scheduler.ts). */
    scheduler: { enabled: config.agentSettlementScheduler, clock },

    /**
     * Settles a closed period (docs/agents.md): a day its daily salary and its 24 hours, an hour its hourly
     * salary, a half month or month the dividends of contracts of that period. A key that is no period:
     * INVALID_INPUT; a period not over yet: PERIOD_NOT_CLOSED. Settling again writes and pays nothing.
     */
    async settle(periodKey: string, options: { by: string }): Promise<SettleResult> {
      const period = parsePeriod(periodKey.trim());
      if (!period) throw new DomainError('INVALID_INPUT', { field: 'period' });
      if (period.end.getTime() > clock().getTime()) {
        throw new DomainError('PERIOD_NOT_CLOSED', {
          period: period.key,
          closesAt: period.end.toISOString(),
        });
      }
      const jobs = jobsOf(period);
      const result: SettleResult = {
        periods: jobs.map((job) => job.period.key),
        paid: 0,
        awaitingApproval: 0,
        nothingDue: 0,
        alreadySettled: 0,
        amountPaid: 0,
      };
      for (const job of jobs) await settleJob(job, options.by, result);
      return result;
    },

    /**
     * Finance's decision on a settlement awaiting approval: approve credits it (in the transaction that
     * locks it), refuse closes it unpaid. Anything else: SETTLEMENT_CLOSED; so two decisions at once
     * decide once. The operator who proposed or approved the settlement's contract may not approve it
     * (SECOND_APPROVER_REQUIRED, docs/agents.md "Offers under four eyes").
     */
    async decide(
      settlementId: string,
      decision: SettlementDecision,
      operator: SettlementDecider,
      note?: string,
      onDecided?: DecisionHook,
    ): Promise<AdminSettlement> {
      return db.transaction(async (tx) => {
        const before = await settlements.lock(merchantCode, settlementId, tx);
        if (!before) throw new DomainError('NOT_FOUND');
        if (before.status !== 'awaiting_approval') {
          throw new DomainError('SETTLEMENT_CLOSED', { status: before.status });
        }
        if (decision === 'approve') {
          const people = await settlements.contractOperators(before.contractId, tx);
          if (people?.proposedBy === operator.id || people?.approvedBy === operator.id) {
            throw new DomainError('SECOND_APPROVER_REQUIRED', {
              reason: people.proposedBy === operator.id ? 'contract_proposer' : 'contract_approver',
            });
          }
        }
        const decided = { decidedAt: clock(), decidedBy: operator.username, note: note ?? null };
        const after =
          decision === 'approve'
            ? await settlements.decide(
                settlementId,
                'awaiting_approval',
                {
                  status: 'paid',
                  ledgerTransactionId: (await credit(before, { decidedBy: operator.username }, tx))
                    .transactionId,
                  ...decided,
                },
                tx,
              )
            : await settlements.decide(
                settlementId,
                'awaiting_approval',
                { status: 'refused', ...decided },
                tx,
              );
        if (!after) throw new DomainError('SETTLEMENT_CLOSED', { status: 'decided' });
        const view = toAdminSettlement(await viewOf(settlementId, tx));
        await onDecided?.({ before: toStatement(before), after: view }, tx);
        return view;
      });
    },

    /** The settlements of the merchant, filtered, the latest period first; with the count awaiting approval. */
    async list(filter: SettlementFilter, page: { pageNo: number; pageSize: number }) {
      const [{ rows, total }, awaitingApproval] = await Promise.all([
        settlements.page(merchantCode, filter, {
          limit: page.pageSize,
          offset: (page.pageNo - 1) * page.pageSize,
        }),
        settlements.awaitingApproval(merchantCode),
      ]);
      return { list: rows.map(toAdminSettlement), total, awaitingApproval };
    },

    /** Every contract offered to the agent, superseded ones too, the newest first. MEMBER_NOT_AGENT otherwise. */
    async contracts(member: AuthenticatedMember): Promise<AgentContract[]> {
      await requireAgent(member);
      return (await settlements.contractsOf(member.memberId)).map(contractOf);
    },

    /** The agent's statements, the latest period first. */
    async statements(
      member: AuthenticatedMember,
      query: { kind?: ContractKind | undefined; pageNo: number; pageSize: number },
    ): Promise<StatementPage> {
      await requireAgent(member);
      const { rows, total } = await settlements.page(
        merchantCode,
        { agentMemberId: member.memberId, kind: query.kind },
        { limit: query.pageSize, offset: (query.pageNo - 1) * query.pageSize },
      );
      return {
        list: rows.map((view) => toStatement(view.row)),
        total,
        pageNo: query.pageNo,
        pageSize: query.pageSize,
      };
    },

    /** One of the agent's own statements; another agent's is NOT_FOUND. */
    async statement(member: AuthenticatedMember, id: string): Promise<AgentStatement> {
      await requireAgent(member);
      const view = await settlements.view(merchantCode, id);
      if (!view || view.row.agentMemberId !== member.memberId) throw new DomainError('NOT_FOUND');
      return toStatement(view.row);
    },
  };
}
export type SettlementService = ReturnType<typeof createSettlementService>;
