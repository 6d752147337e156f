import type { OperatorRole } from '@kl/contracts/admin/access';
import type { Operator, OperatorPage, UpdateOperatorRequest } from '@kl/contracts/admin/operators';
import type { OperatorRow } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { hashPassword } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db.ts';
import { DomainError } from '../../platform/errors.ts';
import type { AuditActor, AuditLog } from './audit.ts';
import type { OperatorRepository } from './operator-repository.ts';

export function operatorOf(row: OperatorRow): Operator {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    readOnly: row.readOnly,
    enrolled: row.totpEnrolledAt !== null,
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  };
}

/** Operator accounts (owners manage them; docs/back-office.md, "Operators"). Every change is audited. */
export function createOperatorService(deps: {
  db: Db;
  clock: Clock;
  merchantCode: string;
  operators: OperatorRepository;
  audit: AuditLog;
}) {
  const { db, clock, merchantCode, operators, audit } = deps;

  return {
    async list(query: { pageNo: number; pageSize: number }): Promise<OperatorPage> {
      const { rows, total } = await operators.page(
        merchantCode,
        query.pageSize,
        (query.pageNo - 1) * query.pageSize,
      );
      return { list: rows.map(operatorOf), pageNo: query.pageNo, pageSize: query.pageSize, total };
    },

    /** A new operator; the actor is null for the first owner made from the command line. */
    async create(
      actor: AuditActor,
      request: { username: string; password: string; role: OperatorRole; readOnly: boolean },
    ): Promise<Operator> {
      const passwordHash = await hashPassword(request.password);
      return db.transaction(async (tx) => {
        const row = await operators.insert(
          {
            merchantCode,
            username: request.username,
            passwordHash,
            role: request.role,
            readOnly: request.readOnly,
            createdBy: actor.operatorId,
            now: clock(),
          },
          tx,
        );
        if (!row) throw new DomainError('USERNAME_EXISTS');
        const created = operatorOf(row);
        await audit.record(
          actor,
          { action: 'operator.create', targetType: 'operator', targetId: row.id, after: created },
          tx,
        );
        return created;
      });
    },

    /**
     * Changes role, read-only, disabled or two-factor. Disabling or resetting two-factor ends the
     * operator's sessions. Owners cannot change their own role, access or account here (another owner does).
     */
    async update(actor: AuditActor, id: string, request: UpdateOperatorRequest): Promise<Operator> {
      if (id === actor.operatorId) throw new DomainError('INVALID_INPUT', { reason: 'OWN_ACCOUNT' });
      return db.transaction(async (tx) => {
        const row = await operators.lock(merchantCode, id, tx);
        if (!row) throw new DomainError('NOT_FOUND');
        const now = clock();
        const updated = await operators.update(
          id,
          {
            ...(request.role !== undefined && { role: request.role }),
            ...(request.readOnly !== undefined && { readOnly: request.readOnly }),
            ...(request.disabled !== undefined && {
              disabledAt: request.disabled ? (row.disabledAt ?? now) : null,
            }),
            ...(request.resetTwoFactor && { totpSecret: null, totpEnrolledAt: null, totpLastStep: null }),
          },
          tx,
        );
        if (request.disabled || request.resetTwoFactor) await operators.revokeSessionsOf(id, now, tx);
        const before = operatorOf(row);
        const after = operatorOf(updated);
        await audit.record(
          actor,
          { action: 'operator.update', targetType: 'operator', targetId: id, before, after },
          tx,
        );
        return after;
      });
    },
  };
}
export type OperatorService = ReturnType<typeof createOperatorService>;
