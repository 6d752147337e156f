import { isRealMember } from '@kl/contracts/accounts';
import {
  CONTROLS_DAY_UTC_OFFSET_HOURS,
  type CreditRoom,
  type MoneyControls,
} from '@kl/contracts/admin/controls';
import type { Adjustment, AdjustmentStatus, CreateAdjustmentRequest } from '@kl/contracts/admin/members';
import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import type { BalanceAdjustmentRow } from '../../../db/schema/index.ts';
import { type Clock, dayStartIn } from '../../../platform/clock.ts';
import type { Db, DbOrTx } from '../../../platform/db.ts';
import { DomainError } from '../../../platform/errors.ts';
import { createMemberRepository } from '../../member/index.ts';
import type { FreeRoundsBook } from '../../provider-wallet/index.ts';
import { type LedgerService, moneyNumber } from '../../wallet/index.ts';
import type { AuditActor, AuditLog } from '../audit.ts';
import type { ControlsService } from '../controls/service.ts';
import { assertIndependentChecker } from '../four-eyes.ts';
import { type AdjustmentView, createAdjustmentRepository } from './repository.ts';

/** The ledger key (and reference) of an adjustment's transaction: one per adjustment, ever. */
export const adjustmentLedgerKey = (id: number) => `adjustment:${id}`;

export function adjustmentOf(view: AdjustmentView): Adjustment {
  const { row } = view;
  return {
    id: row.id,
    memberId: row.memberId,
    username: view.username,
    direction: row.direction,
    amount: Number(row.amount),
    currency: row.currency,
    reason: row.reason,
    status: row.status,
    requestedBy: view.requestedBy,
    decidedBy: view.decidedBy,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    transactionId: row.transactionId,
  };
}

/** Another request holds the idempotency key: answer (or refuse against) the adjustment it made. */
class KeyTaken extends Error {}

/**
 * Whether an adjustment may be applied at once (docs/back-office.md, "Four eyes"). A credit moves house
 * money: it is applied at once only while the credits its operator applied at once today, and those its
 * member received at once today from anyone, stay within the merchant's daily limits with it — so five
 * credits at the limit are one at once and four waiting, whoever splits them. A debit takes the member's
 * money, not the house's: it waits only when it alone is above the operator's daily limit.
 */
export function appliesAtOnce(
  request: { direction: 'credit' | 'debit'; amount: bigint },
  controls: MoneyControls,
  usedToday: { byOperator: bigint; toMember: bigint },
): boolean {
  const operatorLimit = BigInt(controls.creditLimitPerOperatorDay);
  if (request.direction === 'debit') return request.amount <= operatorLimit;
  return (
    usedToday.byOperator + request.amount <= operatorLimit &&
    usedToday.toMember + request.amount <= BigInt(controls.creditLimitPerMemberDay)
  );
}

/**
 * Manual balance adjustments (docs/back-office.md, "Adjustments"). One within the merchant's limits
 * (`appliesAtOnce`) is applied at once: the adjustment, its ledger transaction (`adjustment_credit` or
 * `adjustment_debit`, key `adjustment:<id>`) and the audit entry commit together, and a debit the available
 * balance cannot cover stores nothing (INSUFFICIENT_BALANCE). Credits are decided one at a time per
 * merchant (an advisory lock), so the running totals hold under parallel requests. One beyond the limits
 * waits (`pending`) for a second operator, whose approval posts the transaction in the transaction that
 * locks the adjustment, so two approvals at once post it once.
 *
 * An adjustment applied at once has no decider (`decidedBy` and `decidedAt` stay null): nobody but its
 * requester was asked.
 */
export function createAdjustmentService(deps: {
  db: Db;
  clock: Clock;
  merchantCode: string;
  audit: AuditLog;
  ledgerService: LedgerService;
  /** The merchant's daily limits of credits applied at once. */
  controls: ControlsService;
  /** Told after the commit of a change of a member's balance (platform/member-feed.ts). */
  balanceChanged?: ((memberId: string) => void) | undefined;
  /**
   * The value of free rounds given at once since a time (the provider wallet's): house money on the same
   * running totals as the credits (docs/back-office.md, "Free rounds").
   */
  grantedAtOnce?: FreeRoundsBook['valueGrantedAtOnce'] | undefined;
}) {
  const { db, clock, merchantCode, audit, ledgerService, controls } = deps;
  const adjustments = createAdjustmentRepository(db);
  const members = createMemberRepository(db);
  const dayStart = (now: Date) => dayStartIn(now, CONTROLS_DAY_UTC_OFFSET_HOURS);

  /** House money given at once since `since`: manual credits and, when known, free rounds. */
  async function usedAtOnce(
    where: { merchantCode: string; operatorId: string; memberId: string | undefined; since: Date },
    tx: DbOrTx = db,
  ): Promise<{ byOperator: bigint; toMember: bigint }> {
    const credits = await adjustments.creditsAppliedAtOnce(where, tx);
    const grants = (await deps.grantedAtOnce?.(where, tx)) ?? { byOperator: 0n, toMember: 0n };
    return {
      byOperator: credits.byOperator + grants.byOperator,
      toMember: credits.toMember + grants.toMember,
    };
  }

  async function viewOf(id: number, tx?: DbOrTx): Promise<Adjustment> {
    const view = await adjustments.view(id, tx);
    if (!view) throw new Error(`adjustment ${id} vanished`);
    return adjustmentOf(view);
  }

  /** Posts the adjustment's ledger transaction and marks it applied (inside the caller's transaction). */
  async function apply(
    row: BalanceAdjustmentRow,
    people: { requestedBy: string; approvedBy?: string },
    decision: { decidedBy: string; decidedAt: Date } | undefined,
    tx: DbOrTx,
  ): Promise<void> {
    const key = adjustmentLedgerKey(row.id);
    const posted = await ledgerService.post(
      {
        merchantCode,
        memberId: row.memberId,
        idempotencyKey: key,
        kind: row.direction === 'credit' ? 'adjustment_credit' : 'adjustment_debit',
        amount: row.amount,
        currency: row.currency,
        reference: key,
        memo: { adjustmentId: row.id, reason: row.reason, ...people },
      },
      tx,
    );
    await adjustments.update(
      row.id,
      { status: 'applied', transactionId: posted.transactionId, ...decision },
      tx,
    );
  }

  /** The adjustment a repeated request names, if it asked for the same thing; IDEMPOTENCY_CONFLICT if not. */
  async function replay(actor: AuditActor, request: CreateAdjustmentRequest): Promise<Adjustment> {
    const existing = await adjustments.byKey(merchantCode, request.idempotencyKey);
    if (!existing) throw new Error(`adjustment key ${request.idempotencyKey} neither inserted nor found`);
    const same =
      existing.memberId === request.memberId &&
      existing.direction === request.direction &&
      existing.amount === BigInt(request.amount) &&
      existing.reason === request.reason &&
      existing.requestedBy === actor.operatorId;
    if (!same) throw new DomainError('IDEMPOTENCY_CONFLICT', { idempotencyKey: request.idempotencyKey });
    return viewOf(existing.id);
  }

  return {
    usedAtOnce,

    /** The room left today under the merchant's limits, for the operator and, when named, a member. */
    async room(actor: AuditActor, memberId: string | undefined): Promise<CreditRoom> {
      const operatorId = actor.operatorId;
      if (operatorId === null) throw new DomainError('NOT_LOGGED_IN');
      const since = dayStart(clock());
      const [limits, used] = await Promise.all([
        controls.current(),
        usedAtOnce({ merchantCode, operatorId, memberId, since }),
      ]);
      return {
        dayStart: since.toISOString(),
        operator: { limit: limits.creditLimitPerOperatorDay, usedToday: moneyNumber(used.byOperator) },
        member:
          memberId === undefined
            ? null
            : { limit: limits.creditLimitPerMemberDay, usedToday: moneyNumber(used.toMember) },
      };
    },

    async list(query: { status?: AdjustmentStatus | undefined; pageNo: number; pageSize: number }) {
      const { rows, total } = await adjustments.page(merchantCode, query.status, {
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      });
      return { list: rows.map(adjustmentOf), pageNo: query.pageNo, pageSize: query.pageSize, total };
    },

    /**
     * A new adjustment of a real member: applied at once within the merchant's limits, pending beyond
     * them. The same idempotency key again answers the first adjustment; with another body,
     * IDEMPOTENCY_CONFLICT.
     */
    async create(actor: AuditActor, request: CreateAdjustmentRequest): Promise<Adjustment> {
      const operatorId = actor.operatorId;
      if (operatorId === null) throw new DomainError('NOT_LOGGED_IN');
      const target = await members.findById(request.memberId);
      if (!target || target.merchantCode !== merchantCode)
        throw new DomainError('NOT_FOUND', { reason: 'MEMBER_NOT_FOUND' });
      if (!isRealMember(target.type)) {
        throw new DomainError('FEATURE_NOT_ENABLED', { reason: 'REAL_MEMBER_ONLY' });
      }
      if (await adjustments.byKey(merchantCode, request.idempotencyKey)) return replay(actor, request);
      try {
        const adjustment = await db.transaction(async (tx) => {
          if (request.direction === 'credit') await adjustments.lockCredits(merchantCode, tx);
          const now = clock();
          const amount = BigInt(request.amount);
          const limits = await controls.current(tx);
          const usedToday = await usedAtOnce(
            { merchantCode, operatorId, memberId: request.memberId, since: dayStart(now) },
            tx,
          );
          const row = await adjustments.insert(
            {
              merchantCode,
              memberId: request.memberId,
              direction: request.direction,
              amount,
              currency: WALLET_CURRENCY,
              reason: request.reason,
              status: 'pending',
              idempotencyKey: request.idempotencyKey,
              requestedBy: operatorId,
              createdAt: now,
            },
            tx,
          );
          if (!row) throw new KeyTaken();
          if (appliesAtOnce({ direction: request.direction, amount }, limits, usedToday)) {
            await apply(row, { requestedBy: actor.username }, undefined, tx);
          }
          const created = await viewOf(row.id, tx);
          await audit.record(
            actor,
            {
              action: 'adjustment.create',
              targetType: 'adjustment',
              targetId: String(row.id),
              after: created,
            },
            tx,
          );
          return created;
        });
        if (adjustment.status === 'applied') deps.balanceChanged?.(adjustment.memberId);
        return adjustment;
      } catch (error) {
        if (error instanceof KeyTaken) return replay(actor, request);
        throw error;
      }
    },

    /**
     * Approves (posting it) or rejects a pending adjustment. The requester cannot decide their own
     * (SECOND_APPROVER_REQUIRED). A decided one is ADJUSTMENT_CLOSED, except the same decision again by
     * the operator who made it (a second click), which answers the adjustment unchanged.
     */
    async decide(actor: AuditActor, id: number, approve: boolean): Promise<Adjustment> {
      const operatorId = actor.operatorId;
      if (operatorId === null) throw new DomainError('NOT_LOGGED_IN');
      let applied: string | undefined;
      const decided = await db.transaction(async (tx) => {
        const row = await adjustments.lock(merchantCode, id, tx);
        if (!row) throw new DomainError('NOT_FOUND', { reason: 'ADJUSTMENT_NOT_FOUND' });
        if (row.status !== 'pending') {
          const repeated = row.decidedBy === operatorId && row.status === (approve ? 'applied' : 'rejected');
          if (repeated) return viewOf(id, tx);
          throw new DomainError('ADJUSTMENT_CLOSED', { status: row.status });
        }
        await assertIndependentChecker(tx, row.requestedBy, operatorId);
        const before = await viewOf(id, tx);
        const decision = { decidedBy: operatorId, decidedAt: clock() };
        if (approve) {
          await apply(row, { requestedBy: before.requestedBy, approvedBy: actor.username }, decision, tx);
          applied = row.memberId;
        } else {
          await adjustments.update(id, { status: 'rejected', ...decision }, tx);
        }
        const after = await viewOf(id, tx);
        await audit.record(
          actor,
          {
            action: approve ? 'adjustment.approve' : 'adjustment.reject',
            targetType: 'adjustment',
            targetId: String(id),
            before,
            after,
          },
          tx,
        );
        return after;
      });
      if (applied !== undefined) deps.balanceChanged?.(applied);
      return decided;
    },
  };
}
export type AdjustmentService = ReturnType<typeof createAdjustmentService>;
