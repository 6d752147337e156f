import type { ChangeOwnPasswordRequest } from '@kl/contracts/admin/credentials';
import type { OperatorRow } from '../../db/schema/index.ts';
import { type AttemptRule, createAttemptCounter } from '../../platform/attempts.ts';
import { type Clock, MINUTE_MS } from '../../platform/clock.ts';
import { hashPassword, sha256Hex, verifyPassword } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db.ts';
import { DomainError } from '../../platform/errors.ts';
import type { AuditActor, AuditLog } from './audit.ts';
import type { OperatorRepository } from './operator-repository.ts';
import { matchTotp } from '../../platform/totp.ts';

/** Checks of one operator's old password and code when changing it, before it is locked for a while. */
export const OWN_PASSWORD_RULE: Required<AttemptRule> = {
  limit: 5,
  windowMs: 15 * MINUTE_MS,
  lockMs: 15 * MINUTE_MS,
};
export const OWN_PASSWORD_SCOPE = 'operator-own-password';

/**
 * A signed-in operator changes their own password (docs/back-office.md, "Signing in"): the old password
 * and a current code of their authenticator app (used up like a sign-in's), counted first per operator. The
 * new password is kept, the code's step used, the operator's other sessions ended and the change audited
 * (never the passwords), in one transaction.
 */
export function createOwnPassword(deps: {
  db: Db;
  clock: Clock;
  merchantCode: string;
  operators: OperatorRepository;
  audit: AuditLog;
}) {
  const { db, clock, merchantCode, operators, audit } = deps;
  const attempts = createAttemptCounter({ db, clock });

  return {
    async change(
      self: OperatorRow,
      sessionToken: string,
      actor: AuditActor,
      request: ChangeOwnPasswordRequest,
    ): Promise<{ changed: true; endedSessions: number }> {
      const counted = await attempts.hit(OWN_PASSWORD_SCOPE, self.id, OWN_PASSWORD_RULE);
      if (!counted.allowed) {
        throw new DomainError('TOO_MANY_REQUESTS', { retryAfterSeconds: counted.retryAfterSeconds });
      }
      const row = await operators.byId(merchantCode, self.id);
      if (!row) throw new DomainError('NOT_LOGGED_IN');
      const failed = async (reason: 'wrong_password' | 'wrong_code'): Promise<never> => {
        await audit.record(actor, {
          action: 'operator.change_password_failed',
          targetType: 'operator',
          targetId: row.id,
          after: { reason },
        });
        throw new DomainError(reason === 'wrong_password' ? 'WRONG_CREDENTIALS' : 'WRONG_VERIFICATION_CODE');
      };
      if (!row.passwordHash || !(await verifyPassword(row.passwordHash, request.currentPassword))) {
        return failed('wrong_password');
      }
      const now = clock();
      const secret = operators.openedSecret(row);
      const step = secret === null ? undefined : matchTotp(secret, request.code, now, row.totpLastStep);
      if (step === undefined) return failed('wrong_code');
      if (request.newPassword === request.currentPassword) {
        throw new DomainError('INVALID_INPUT', { field: 'newPassword', reason: 'SAME_PASSWORD' });
      }
      const passwordHash = await hashPassword(request.newPassword);
      const endedSessions = await db.transaction(async (tx) => {
        if (!(await operators.changePassword(row.id, { passwordHash, step }, tx))) {
          throw new DomainError('WRONG_VERIFICATION_CODE');
        }
        const ended = await operators.revokeOtherSessions(row.id, sha256Hex(sessionToken), now, tx);
        await audit.record(
          actor,
          {
            action: 'operator.change_password',
            targetType: 'operator',
            targetId: row.id,
            after: { endedSessions: ended },
          },
          tx,
        );
        return ended;
      });
      await attempts.clear(OWN_PASSWORD_SCOPE, row.id);
      return { changed: true, endedSessions };
    },
  };
}
export type OwnPassword = ReturnType<typeof createOwnPassword>;
