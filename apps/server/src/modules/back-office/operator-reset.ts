import {
  type OperatorCredential,
  type OperatorRequestView,
  operatorResetPayload,
  type RequestOperatorResetBody,
} from '@kl/contracts/admin/credentials';
import type { Clock } from '../../platform/clock.ts';
import { DomainError } from '../../platform/errors.ts';
import type { AuditActor, AuditLog } from './audit.ts';
import type { Invitations } from './invitations.ts';
import type { OperatorRepository } from './operator-repository.ts';
import type { OperatorRequestKindHandler, OperatorRequests } from './operator-requests.ts';

/**
 * Resetting another operator's password and/or two-factor (docs/back-office.md, "Operators"): one owner
 * asks (`operator.reset`), a different owner independent of them approves, and neither is the operator
 * reset. Approving, in one transaction: clears what was asked, ends the operator's sessions, and issues a
 * new invitation link (purpose `reset`) shown once to the approving owner, who now holds the link of the
 * operator's credentials (`credentials_issued_by`).
 */
export function createOperatorResetKind(deps: {
  clock: Clock;
  merchantCode: string;
  operators: OperatorRepository;
  invitations: Pick<Invitations, 'issue'>;
  audit: AuditLog;
}): OperatorRequestKindHandler {
  const { clock, merchantCode, operators, invitations, audit } = deps;
  return {
    area: 'operators',

    async label(target, tx) {
      return (await operators.byId(merchantCode, target, tx))?.username ?? target;
    },

    async apply(tx, request, checker) {
      if (request.target === checker.operatorId) {
        throw new DomainError('INVALID_INPUT', { reason: 'OWN_ACCOUNT' });
      }
      const { clear } = operatorResetPayload.parse(request.payload);
      const row = await operators.lock(merchantCode, request.target, tx);
      if (!row) throw new DomainError('NOT_FOUND');
      const now = clock();
      await operators.clearCredentials(
        row.id,
        {
          password: clear.includes('password'),
          twoFactor: clear.includes('twoFactor'),
          issuedBy: checker.operatorId,
        },
        tx,
      );
      const endedSessions = await operators.revokeSessionsOf(row.id, now, tx);
      const invitation = await invitations.issue(tx, {
        operatorId: row.id,
        purpose: 'reset',
        issuedBy: checker.operatorId,
      });
      await audit.record(
        checker,
        {
          action: 'operator.reset',
          targetType: 'operator',
          targetId: row.id,
          after: {
            cleared: clear,
            endedSessions,
            requestId: request.id,
            credentialsIssuedBy: checker.username,
            linkExpiresAt: invitation.expiresAt,
          },
        },
        tx,
      );
      return { invitation };
    },
  };
}

/** Asks for a reset of another operator (never one's own: INVALID_INPUT OWN_ACCOUNT). */
export async function requestOperatorReset(
  deps: { merchantCode: string; operators: OperatorRepository; requests: Pick<OperatorRequests, 'create'> },
  actor: AuditActor,
  target: string,
  body: RequestOperatorResetBody,
): Promise<OperatorRequestView> {
  if (target === actor.operatorId) throw new DomainError('INVALID_INPUT', { reason: 'OWN_ACCOUNT' });
  if (!(await deps.operators.byId(deps.merchantCode, target))) throw new DomainError('NOT_FOUND');
  const clear: OperatorCredential[] = [];
  if (body.password) clear.push('password');
  if (body.twoFactor) clear.push('twoFactor');
  return deps.requests.create(actor, { kind: 'operator.reset', target, payload: { clear }, note: body.note });
}
