import type {
  ConfirmDepositRequest,
  DepositConfirmation,
  DepositDecision,
  DepositDecisionOutcome,
} from '@kl/contracts/admin/payments';
import type { DepositOrderStatus } from '@kl/contracts/deposit';
import type { Clock } from '../../../platform/clock.ts';
import type { Db, DbOrTx } from '../../../platform/db.ts';
import { DomainError } from '../../../platform/errors.ts';
import {
  createDepositOperationsRepository,
  createDepositRepository,
  type DepositConfirmationRow,
  type DepositOrderRow,
  type DepositService,
  type NewDepositConfirmationRow,
} from '../../deposit/index.ts';
import { moneyNumber } from '../../wallet/index.ts';
import type { AuditActor, AuditLog } from '../audit.ts';
import type { ControlsService } from '../controls/service.ts';
import { assertIndependentChecker } from '../four-eyes.ts';
import type { OperatorRepository } from '../operator-repository.ts';

/** The order's status as the member sees it: a pending order whose time is up is expired. */
export const orderStatusAt = (order: DepositOrderRow, now: Date): DepositOrderStatus =>
  order.status === 'pending' && order.expiresAt <= now ? 'expired' : order.status;

/** The confirmations of orders as the back office shows them, with the operators' usernames. */
export async function confirmationViews(
  rows: readonly DepositConfirmationRow[],
  operators: Pick<OperatorRepository, 'usernamesOf'>,
  tx?: DbOrTx,
): Promise<Map<string, DepositConfirmation>> {
  const ids = new Set<string>();
  for (const row of rows) {
    ids.add(row.confirmedBy);
    if (row.approvedBy) ids.add(row.approvedBy);
  }
  const names = await operators.usernamesOf([...ids], tx);
  const who = (id: string) => ({ id, username: names.get(id) ?? '' });
  return new Map(
    rows.map((row) => [
      row.orderId,
      {
        status: row.status,
        bankReference: row.bankReference,
        reason: row.reason,
        confirmedBy: who(row.confirmedBy),
        confirmedAt: row.confirmedAt.toISOString(),
        approvedBy: row.approvedBy === null ? null : who(row.approvedBy),
        approvedAt: row.approvedAt?.toISOString() ?? null,
        fromStatement: row.statementLineId !== null,
      },
    ]),
  );
}

/** Where a confirmation comes from: an operator's form, or a bank statement's line. */
export interface ConfirmationSource {
  /** The statement line that carried the money, if any. */
  statementLineId?: number | undefined;
  /**
   * Whether a confirmation of an order already awaiting a second approval gives that approval (an
   * operator's own confirmation does; a statement upload only reports it).
   */
  mayApprove: boolean;
}

/**
 * Confirming and refusing deposit orders by hand (docs/back-office.md, "Deposit channels and payments
 * operations"). A confirmation credits the order through the deposit module's own credit of a locked order
 * (`creditLocked`, ledger key `deposit:<orderId>`), the path of the gateway's callback: the order's row
 * lock orders a callback and a confirmation of one order, and the second finds it paid. Above the
 * merchant's `depositConfirmSecondApprovalAbove` the first confirmation is recorded and the order is
 * credited at the approval of another, independent operator (four-eyes.ts). Every change is audited in
 * its transaction: `deposit.confirm`, `deposit.first_confirm`, `deposit.refuse`.
 */
export function createDepositConfirmations(deps: {
  db: Db;
  clock: Clock;
  merchantCode: string;
  audit: AuditLog;
  controls: ControlsService;
  operators: Pick<OperatorRepository, 'usernamesOf'>;
  depositService: Pick<DepositService, 'creditLocked' | 'credited'>;
}) {
  const { db, clock, merchantCode, audit, controls, operators, depositService } = deps;
  const orders = createDepositRepository(db);
  const operations = createDepositOperationsRepository(db);

  async function decisionOf(
    order: DepositOrderRow,
    outcome: DepositDecisionOutcome,
    tx: DbOrTx,
  ): Promise<DepositDecision> {
    const fresh = (await orders.findOrder(order.id, tx))?.order ?? order;
    const row = await operations.confirmation(order.id, tx);
    const views = await confirmationViews(row ? [row] : [], operators, tx);
    return {
      orderId: order.id,
      status: orderStatusAt(fresh, clock()),
      outcome,
      confirmation: views.get(order.id) ?? null,
    };
  }

  function operatorOf(actor: AuditActor): string {
    if (actor.operatorId === null) throw new DomainError('NOT_LOGGED_IN');
    return actor.operatorId;
  }

  /** The order of the merchant, its row locked until the transaction ends. */
  async function lockOrder(orderId: string, tx: DbOrTx): Promise<DepositOrderRow> {
    const order = await orders.lockOrder(orderId, tx);
    if (!order || order.merchantCode !== merchantCode)
      throw new DomainError('NOT_FOUND', { reason: 'ORDER_NOT_FOUND' });
    return order;
  }

  const summary = (order: DepositOrderRow, confirmation: DepositConfirmationRow | undefined) => ({
    orderId: order.id,
    memberId: order.memberId,
    amount: moneyNumber(order.amount),
    status: order.status,
    referenceCode: order.referenceCode,
    confirmation: confirmation ?? null,
  });

  /** Credits the locked order and records who confirmed it (and who approved it). */
  async function credit(
    actor: AuditActor,
    order: DepositOrderRow,
    confirmation: Omit<NewDepositConfirmationRow, 'status'>,
    before: DepositConfirmationRow | undefined,
    tx: DbOrTx,
  ): Promise<void> {
    const posted = await depositService.creditLocked(
      order,
      {
        gatewayTransactionId: confirmation.bankReference,
        memo: {
          confirmedBy: confirmation.confirmedBy,
          approvedBy: confirmation.approvedBy ?? null,
          reason: confirmation.reason,
          statementLineId: confirmation.statementLineId ?? null,
        },
      },
      tx,
    );
    await operations.saveConfirmation({ ...confirmation, status: 'credited' }, tx);
    const after = await operations.confirmation(order.id, tx);
    await audit.record(
      actor,
      {
        action: 'deposit.confirm',
        targetType: 'deposit_order',
        targetId: order.id,
        before: summary(order, before),
        after: { ...summary({ ...order, status: 'paid' }, after), transactionId: posted.transactionId },
      },
      tx,
    );
  }

  /**
   * Confirms a locked order inside the caller's transaction: credited at once up to the merchant's
   * threshold; above it, the first approval is recorded (the same operator again changes nothing); an
   * order awaiting another operator's first approval is approved when `source.mayApprove`. A paid order
   * answers `already_credited`; a failed one DEPOSIT_ORDER_CLOSED.
   */
  async function confirmLocked(
    actor: AuditActor,
    order: DepositOrderRow,
    request: { bankReference: string; reason: string },
    source: ConfirmationSource,
    tx: DbOrTx,
  ): Promise<{ outcome: DepositDecisionOutcome; credited: boolean }> {
    const operatorId = operatorOf(actor);
    if (order.status === 'paid') return { outcome: 'already_credited', credited: false };
    if (order.status === 'failed') throw new DomainError('DEPOSIT_ORDER_CLOSED', { status: order.status });
    const existing = await operations.confirmation(order.id, tx);
    const now = clock();
    if (existing?.status === 'awaiting_second_approval') {
      if (existing.confirmedBy === operatorId || !source.mayApprove) {
        return { outcome: 'awaiting_second_approval', credited: false };
      }
      await approveLocked(actor, order, existing, tx);
      return { outcome: 'credited', credited: true };
    }
    const threshold = BigInt((await controls.current(tx)).depositConfirmSecondApprovalAbove);
    const confirmation = {
      orderId: order.id,
      merchantCode,
      bankReference: request.bankReference,
      reason: request.reason,
      confirmedBy: operatorId,
      confirmedAt: now,
      approvedBy: null,
      approvedAt: null,
      statementLineId: source.statementLineId ?? null,
    };
    if (order.amount > threshold) {
      await operations.saveConfirmation({ ...confirmation, status: 'awaiting_second_approval' }, tx);
      const after = await operations.confirmation(order.id, tx);
      await audit.record(
        actor,
        {
          action: 'deposit.first_confirm',
          targetType: 'deposit_order',
          targetId: order.id,
          before: summary(order, existing),
          after: { ...summary(order, after), threshold: moneyNumber(threshold) },
        },
        tx,
      );
      return { outcome: 'awaiting_second_approval', credited: false };
    }
    await credit(actor, order, confirmation, existing, tx);
    return { outcome: 'credited', credited: true };
  }

  /** The second approval of a first confirmation by another, independent operator: credits the order. */
  async function approveLocked(
    actor: AuditActor,
    order: DepositOrderRow,
    first: DepositConfirmationRow,
    tx: DbOrTx,
  ): Promise<void> {
    const operatorId = operatorOf(actor);
    await assertIndependentChecker(tx, first.confirmedBy, operatorId);
    await credit(actor, order, { ...first, approvedBy: operatorId, approvedAt: clock() }, first, tx);
  }

  /** Runs a decision on the locked order and tells the member's balance after the commit. */
  async function decide(
    orderId: string,
    work: (
      order: DepositOrderRow,
      tx: DbOrTx,
    ) => Promise<{ outcome: DepositDecisionOutcome; credited: boolean }>,
  ): Promise<DepositDecision> {
    let creditedMember: string | undefined;
    const decision = await db.transaction(async (tx) => {
      const order = await lockOrder(orderId, tx);
      const done = await work(order, tx);
      if (done.credited) creditedMember = order.memberId;
      return decisionOf(order, done.outcome, tx);
    });
    if (creditedMember !== undefined) depositService.credited(creditedMember);
    return decision;
  }

  return {
    lockOrder,
    confirmLocked,
    decisionOf,
    /** Tells the member's live balance after the commit of a credit. */
    credited: (memberId: string) => depositService.credited(memberId),

    async confirm(
      actor: AuditActor,
      orderId: string,
      request: ConfirmDepositRequest,
    ): Promise<DepositDecision> {
      return decide(orderId, (order, tx) => confirmLocked(actor, order, request, { mayApprove: true }, tx));
    },

    /**
     * The second approval: the operator who confirmed first never gives it (SECOND_APPROVER_REQUIRED), nor
     * one whose invitation link either held (APPROVER_NOT_INDEPENDENT). No first approval waiting:
     * DEPOSIT_NOT_AWAITING_APPROVAL; the order paid meanwhile (by the gateway): `already_credited`.
     */
    async approve(actor: AuditActor, orderId: string): Promise<DepositDecision> {
      return decide(orderId, async (order, tx) => {
        if (order.status === 'paid') return { outcome: 'already_credited', credited: false };
        if (order.status === 'failed')
          throw new DomainError('DEPOSIT_ORDER_CLOSED', { status: order.status });
        const first = await operations.confirmation(order.id, tx);
        if (first?.status !== 'awaiting_second_approval')
          throw new DomainError('DEPOSIT_NOT_AWAITING_APPROVAL');
        await approveLocked(actor, order, first, tx);
        return { outcome: 'credited', credited: true };
      });
    },

    /** Refuses a pending or expired order with a reason (it becomes failed); a first approval goes with it. */
    async refuse(actor: AuditActor, orderId: string, reason: string): Promise<DepositDecision> {
      operatorOf(actor);
      return decide(orderId, async (order, tx) => {
        if (order.status === 'paid' || order.status === 'failed')
          throw new DomainError('DEPOSIT_ORDER_CLOSED', { status: order.status });
        const existing = await operations.confirmation(order.id, tx);
        await operations.markRefused(order.id, { now: clock(), reason }, tx);
        if (existing) await operations.saveConfirmation({ ...existing, status: 'refused' }, tx);
        await audit.record(
          actor,
          {
            action: 'deposit.refuse',
            targetType: 'deposit_order',
            targetId: order.id,
            before: summary(order, existing),
            after: {
              ...summary({ ...order, status: 'failed' }, await operations.confirmation(order.id, tx)),
              reason,
            },
          },
          tx,
        );
        return { outcome: 'refused', credited: false };
      });
    },
  };
}

export type DepositConfirmations = ReturnType<typeof createDepositConfirmations>;
