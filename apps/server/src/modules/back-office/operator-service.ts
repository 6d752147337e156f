import type { OperatorRole } from '@kl/contracts/admin/access';
import type {
  CreateOperatorResult,
  Operator,
  OperatorPage,
  UpdateOperatorRequest,
} from '@kl/contracts/admin/operators';
import type { OperatorRow } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { hashPassword } from '../../platform/crypto.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { DomainError } from '../../platform/errors.ts';
import type { AuditActor, AuditLog } from './audit.ts';
import type { Invitations } from './invitations.ts';
import type { OperatorRepository } from './operator-repository.ts';

/** An operator as the back office shows it; `issuer` is the username of who holds their link, if anyone. */
export function operatorOf(row: OperatorRow, issuer?: string): Operator {
  const enrolled = row.totpEnrolledAt !== null;
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    readOnly: row.readOnly,
    enrolled,
    awaitingInvitation: row.credentialsIssuedBy !== null && (row.passwordHash === null || !enrolled),
    credentialsIssuedBy:
      row.credentialsIssuedBy === null
        ? null
        : { id: row.credentialsIssuedBy, username: issuer ?? row.credentialsIssuedBy },
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  };
}

interface OperatorWrites {
  clock: Clock;
  merchantCode: string;
  operators: OperatorRepository;
  audit: AuditLog;
}

/** Inserts the operator and audits it, in `tx`; USERNAME_EXISTS when taken. */
async function insertOperator(
  deps: OperatorWrites,
  tx: DbOrTx,
  actor: AuditActor,
  request: { username: string; role: OperatorRole; readOnly: boolean },
  passwordHash: string | null,
): Promise<OperatorRow> {
  const row = await deps.operators.insert(
    {
      merchantCode: deps.merchantCode,
      ...request,
      passwordHash,
      createdBy: actor.operatorId,
      credentialsIssuedBy: actor.operatorId,
      now: deps.clock(),
    },
    tx,
  );
  if (!row) throw new DomainError('USERNAME_EXISTS');
  const after = operatorOf(row, actor.username);
  await deps.audit.record(
    actor,
    { action: 'operator.create', targetType: 'operator', targetId: row.id, after },
    tx,
  );
  return row;
}

/**
 * An operator made on the command line (`npm run operator:create`, no operator behind it) with the
 * password its maker typed there: they enrol two-factor at their first sign-in, and nobody holds a link of
 * their credentials (`credentials_issued_by` null).
 */
export async function createOperatorOnCommandLine(
  deps: OperatorWrites & { db: Db },
  actor: AuditActor & { operatorId: null },
  request: { username: string; password: string; role: OperatorRole; readOnly: boolean },
): Promise<Operator> {
  const passwordHash = await hashPassword(request.password);
  const account = { username: request.username, role: request.role, readOnly: request.readOnly };
  return deps.db.transaction(async (tx) =>
    operatorOf(await insertOperator(deps, tx, actor, account, passwordHash)),
  );
}

/** Operator accounts (owners manage them; docs/back-office.md, "Operators"). Every change is audited. */
export function createOperatorService(deps: {
  db: Db;
  clock: Clock;
  merchantCode: string;
  operators: OperatorRepository;
  audit: AuditLog;
  /** The links a new operator sets their credentials through. */
  invitations: Pick<Invitations, 'issue'>;
}) {
  const { db, clock, merchantCode, operators, audit, invitations } = deps;

  return {
    async list(query: { pageNo: number; pageSize: number }): Promise<OperatorPage> {
      const { rows, total } = await operators.page(
        merchantCode,
        query.pageSize,
        (query.pageNo - 1) * query.pageSize,
      );
      const issuers = await operators.usernamesOf([
        ...new Set(
          rows.flatMap((row) => (row.credentialsIssuedBy === null ? [] : [row.credentialsIssuedBy])),
        ),
      ]);
      const list = rows.map((row) =>
        operatorOf(row, row.credentialsIssuedBy === null ? undefined : issuers.get(row.credentialsIssuedBy)),
      );
      return { list, pageNo: query.pageNo, pageSize: query.pageSize, total };
    },

    /**
     * A new operator made by an owner in the back office: no password; the answer carries the invitation
     * link (shown once to the owner, who holds it: `credentials_issued_by`) through which the operator sets
     * their own password and two-factor.
     */
    async create(
      actor: AuditActor,
      request: { username: string; role: OperatorRole; readOnly: boolean },
    ): Promise<CreateOperatorResult> {
      const issuedBy = actor.operatorId;
      if (issuedBy === null) throw new DomainError('NOT_LOGGED_IN');
      return db.transaction(async (tx) => {
        const row = await insertOperator({ clock, merchantCode, operators, audit }, tx, actor, request, null);
        const invitation = await invitations.issue(tx, { operatorId: row.id, purpose: 'new', issuedBy });
        return { operator: operatorOf(row, actor.username), invitation };
      });
    },

    /**
     * Changes role, read-only or disabled. Disabling ends the operator's sessions. Owners cannot change their
     * own role, access or account here (another owner does). Passwords and two-factor are reset only by an
     * approved request (operator-reset.ts).
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
          },
          tx,
        );
        if (request.disabled) await operators.revokeSessionsOf(id, now, tx);
        const issuer = row.credentialsIssuedBy === null ? [] : [row.credentialsIssuedBy];
        const issuerName = (await operators.usernamesOf(issuer)).get(issuer[0] ?? '');
        const before = operatorOf(row, issuerName);
        const after = operatorOf(updated, issuerName);
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
