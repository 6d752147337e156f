import type { AdminWithdrawalPage } from '@kl/contracts/admin/money';
import type { OperatorWithdrawal, WithdrawalDecision, WithdrawalStatus } from '@kl/contracts/withdrawal';
import { moneyNumber, type WageringService } from '../../wallet/index.ts';
import type { WithdrawalDecided, WithdrawalService } from '../../withdrawal/index.ts';
import type { AuditActor, AuditLog } from '../audit.ts';

/**
 * The withdrawal queue of the back office (docs/back-office.md, "Withdrawals"): the requests with what a
 * reviewer weighs (turnover still owed, money it locks), and the decisions, made by the withdrawal module
 * (exactly once, however many clicks) and audited in the same transaction when they changed the request.
 */

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

export function createWithdrawalQueue(deps: {
  merchantCode: string;
  withdrawalService: WithdrawalService;
  wageringService: WageringService;
  audit: AuditLog;
}) {
  const { merchantCode, withdrawalService, wageringService, audit } = deps;

  const audited =
    (actor: AuditActor, action: 'withdrawal.approve' | 'withdrawal.reject'): WithdrawalDecided =>
    async ({ before, after }, tx) => {
      await audit.record(
        actor,
        {
          action,
          targetType: 'withdrawal',
          targetId: after.requestId,
          before: auditedBefore(before),
          after: auditedAfter(after),
        },
        tx,
      );
    };

  return {
    async list(query: {
      status: WithdrawalStatus;
      username?: string | undefined;
      from?: string | undefined;
      to?: string | undefined;
      pageNo: number;
      pageSize: number;
    }): Promise<AdminWithdrawalPage> {
      const { list, total } = await withdrawalService.operatorSearch(merchantCode, query);
      const owed = await wageringService.owedOf([...new Set(list.map((row) => row.memberId))]);
      return {
        list: list.map((row) => {
          const standing = owed.get(row.memberId);
          return {
            ...row,
            turnoverOwed: moneyNumber(standing?.turnoverOwed ?? 0n),
            locked: moneyNumber(standing?.locked ?? 0n),
          };
        }),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
      };
    },

    approve: (actor: AuditActor, requestId: string): Promise<WithdrawalDecision> =>
      withdrawalService.approve(merchantCode, requestId, audited(actor, 'withdrawal.approve')),

    reject: (actor: AuditActor, requestId: string, reason: string): Promise<WithdrawalDecision> =>
      withdrawalService.reject(merchantCode, requestId, reason, audited(actor, 'withdrawal.reject')),
  };
}

export type WithdrawalQueue = ReturnType<typeof createWithdrawalQueue>;
