import type { AdminWithdrawalPage, WithdrawalApproval } from '@kl/contracts/admin/money';
import type { Locale } from '@kl/contracts/i18n';
import type { OperatorWithdrawal } from '@kl/contracts/withdrawal';
import type { Db } from '../../../platform/db.ts';
import { DomainError } from '../../../platform/errors.ts';
import { moneyNumber, type WageringService } from '../../wallet/index.ts';
import type {
  OperatorWithdrawalQuery,
  WithdrawalDecided,
  WithdrawalOutcome,
  WithdrawalService,
} from '../../withdrawal/index.ts';
import type { AuditActor, AuditLog } from '../audit.ts';
import type { ControlsService } from '../controls/service.ts';
import { WITHDRAWAL_COLUMNS } from '../exports/columns.ts';
import type { CsvExports } from '../exports/csv-export.ts';
import type { Approvers, Segregation } from '../segregation/service.ts';
import { createProvenance } from './provenance.ts';

/**
 * The withdrawal queue of the back office (docs/back-office.md, "Withdrawals" and "Four eyes"): the requests
 * with what a reviewer weighs (turnover still owed, money it locks, where the money came from and the risk
 * flags, who may approve), and the decisions, made by the withdrawal module (exactly once, however many
 * clicks) and audited in the same transaction when they changed the request. An operator who gave the
 * member money lately may not pay it (SEGREGATION_OF_DUTIES); above the merchant's
 * `withdrawalSecondApprovalAbove` a request is paid at its second approval, by another operator.
 */

type AuditedAction = 'withdrawal.approve' | 'withdrawal.first_approval' | 'withdrawal.reject';

/** What the audit keeps of a request before and after a decision. */
const auditedBefore = (row: OperatorWithdrawal) => ({
  status: row.status,
  amount: row.amount,
  currency: row.currency,
  memberId: row.memberId,
  username: row.username,
  bankCode: row.bankCode,
  accountNumberMasked: row.accountNumberMasked,
  createdAt: row.createdAt,
});
const auditedAfter = (row: OperatorWithdrawal) => ({
  status: row.status,
  decidedAt: row.decidedAt,
  rejectReason: row.rejectReason,
});

/** The approval part of a queued request, from its approvers, as `operatorId` reads it. */
function approvalOf(
  queued: { firstApprovedBy: string | null; firstApprovedAt: Date | null; amount: number },
  approvers: Approvers,
  secondApprovalAbove: number,
  usernames: Map<string, string>,
  operatorId: string | null,
): WithdrawalApproval {
  return {
    required: queued.amount > secondApprovalAbove ? 2 : 1,
    firstApprovedBy:
      queued.firstApprovedBy === null
        ? null
        : (usernames.get(queued.firstApprovedBy) ?? queued.firstApprovedBy),
    firstApprovedAt: queued.firstApprovedAt?.toISOString() ?? null,
    blocked: [...approvers.blocked.values()],
    eligible: approvers.eligible.map((row) => row.username),
    youMay: approvers.eligible.some((row) => row.id === operatorId),
  };
}

export function createWithdrawalQueue(deps: {
  db: Db;
  merchantCode: string;
  withdrawalService: WithdrawalService;
  wageringService: WageringService;
  audit: AuditLog;
  controls: ControlsService;
  segregation: Segregation;
  exports: CsvExports;
}) {
  const { merchantCode, withdrawalService, wageringService, audit, controls, segregation } = deps;
  const provenance = createProvenance(deps.db);

  const audited =
    (actor: AuditActor, action: AuditedAction): WithdrawalDecided =>
    async ({ before, after }, tx) => {
      await audit.record(
        actor,
        {
          action,
          targetType: 'withdrawal',
          targetId: after.requestId,
          before: auditedBefore(before),
          after:
            action === 'withdrawal.first_approval'
              ? { status: after.status, firstApprovedBy: actor.username }
              : auditedAfter(after),
        },
        tx,
      );
    };

  return {
    async list(
      actor: AuditActor,
      query: OperatorWithdrawalQuery & { pageNo: number; pageSize: number },
    ): Promise<AdminWithdrawalPage> {
      const [{ list, total }, limits] = await Promise.all([
        withdrawalService.operatorSearch(merchantCode, query),
        controls.current(),
      ]);
      const owed = await wageringService.owedOf([...new Set(list.map((row) => row.withdrawal.memberId))]);
      const rows = await Promise.all(
        list.map(async (queued) => {
          const { withdrawal } = queued;
          const [approvers, origin] = await Promise.all([
            segregation.approvers({ memberId: withdrawal.memberId, firstApprovedBy: queued.firstApprovedBy }),
            provenance.of({
              merchantCode,
              memberId: withdrawal.memberId,
              createdAt: new Date(withdrawal.createdAt),
            }),
          ]);
          const usernames = new Map<string, string>([
            ...approvers.eligible.map((row) => [row.id, row.username] as const),
            ...[...approvers.blocked].map(([id, row]) => [id, row.username] as const),
          ]);
          const standing = owed.get(withdrawal.memberId);
          return {
            ...withdrawal,
            turnoverOwed: moneyNumber(standing?.turnoverOwed ?? 0n),
            locked: moneyNumber(standing?.locked ?? 0n),
            approval: approvalOf(
              { ...queued, amount: withdrawal.amount },
              approvers,
              limits.withdrawalSecondApprovalAbove,
              usernames,
              actor.operatorId,
            ),
            provenance: origin,
          };
        }),
      );
      return { list: rows, pageNo: query.pageNo, pageSize: query.pageSize, total };
    },

    /**
     * The whole list the filter selects, as CSV (docs/back-office.md, "Exports"), audited: the requests
     * themselves, without what the queue weighs beside each (provenance, approvals), which is of the moment.
     */
    exportCsv(actor: AuditActor, query: OperatorWithdrawalQuery & { lang: Locale }) {
      return deps.exports.list(actor, query.lang, {
        action: 'withdrawal.export',
        name: 'withdrawals',
        filter: query,
        columns: WITHDRAWAL_COLUMNS,
        count: () => withdrawalService.operatorCount(merchantCode, query),
        rows: (after, limit) =>
          withdrawalService.operatorRows(merchantCode, query, { limit, after: after?.requestId }),
      });
    },

    /**
     * Approves a pending request: refused to an operator segregation of duties keeps from it; above the
     * merchant's `withdrawalSecondApprovalAbove`, the first approval is recorded (audited as
     * withdrawal.first_approval) and the request is paid at the second, by another operator.
     */
    async approve(actor: AuditActor, requestId: string): Promise<WithdrawalOutcome> {
      const operatorId = actor.operatorId;
      if (operatorId === null) throw new DomainError('NOT_LOGGED_IN');
      const { withdrawalSecondApprovalAbove } = await controls.current();
      return withdrawalService.approve(
        merchantCode,
        requestId,
        {
          operatorId,
          secondApprovalAbove: BigInt(withdrawalSecondApprovalAbove),
          mayApprove: async (request, tx) => {
            const approvers = await segregation.approvers(request, tx);
            const mine = approvers.blocked.get(operatorId);
            if (!mine) return;
            throw new DomainError('SEGREGATION_OF_DUTIES', {
              reasons: mine.reasons,
              eligible: approvers.eligible.map((row) => row.username),
            });
          },
          onFirstApproval: audited(actor, 'withdrawal.first_approval'),
        },
        audited(actor, 'withdrawal.approve'),
      );
    },

    reject: (actor: AuditActor, requestId: string, reason: string): Promise<WithdrawalOutcome> =>
      withdrawalService.reject(
        merchantCode,
        requestId,
        reason,
        actor.operatorId === null ? undefined : { operatorId: actor.operatorId },
        audited(actor, 'withdrawal.reject'),
      ),
  };
}

export type WithdrawalQueue = ReturnType<typeof createWithdrawalQueue>;
