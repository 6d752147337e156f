import { operatorPassword } from '@kl/contracts/admin/auth';
import {
  type AcceptInvitationRequest,
  type InvitationInfo,
  type InvitationPurpose,
  OPERATOR_INVITATION_HOURS,
} from '@kl/contracts/admin/credentials';
import type { IssuedInvitation } from '@kl/contracts/admin/operators';
import type { OperatorInvitationRow, OperatorRow } from '../../db/schema/index.ts';
import { type AttemptRule, createAttemptCounter } from '../../platform/attempts.ts';
import { addMs, type Clock, HOUR_MS, MINUTE_MS } from '../../platform/clock.ts';
import { hashPassword, randomToken, sha256Hex, verifyPassword } from '../../platform/crypto.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { DomainError } from '../../platform/errors.ts';
import type { AuditActor, AuditLog } from './audit.ts';
import type { InvitationRepository } from './invitation-repository.ts';
import type { OperatorRepository } from './operator-repository.ts';
import { enrolmentOf, type SignedIn } from './sign-in.ts';
import { matchTotp } from '../../platform/totp.ts';

/**
 * Invitation links (docs/back-office.md, "Operators"; docs/decisions/033-operator-credentials.md): the one
 * way an operator made in the back office, or reset, gets credentials. The owner who issued the link is
 * shown its token once (only its SHA-256 is kept); through it the operator sets their own password and
 * enrols their own two-factor, in two steps like signing in, and the second step uses the link up, once
 * however many requests race, and signs them in. After a reset, what was not reset is asked as it is (the
 * current password, or a code of the authenticator app enrolled), so the approving owner who holds the
 * link cannot take over an account whose other factor they do not have.
 *
 * Each password step offers a new two-factor secret, so that one seen by whoever tried the link before the
 * operator is not the one enrolled.
 *
 * Every request is counted per address before its token is looked up (guessing tokens); the password and
 * code checks of one invitation are counted on it.
 */

/** Invitation requests from one address (looking a token up counts) before the address is locked. */
export const INVITATION_ADDRESS_RULE: Required<AttemptRule> = {
  limit: 30,
  windowMs: 15 * MINUTE_MS,
  lockMs: 15 * MINUTE_MS,
};
/** Password and code checks through one invitation before it is locked for a while. */
export const INVITATION_CHECK_RULE: Required<AttemptRule> = {
  limit: 10,
  windowMs: 15 * MINUTE_MS,
  lockMs: 15 * MINUTE_MS,
};
export const INVITATION_ADDRESS_SCOPE = 'operator-invitation-address';
export const INVITATION_CHECK_SCOPE = 'operator-invitation';

export function createInvitations(deps: {
  db: Db;
  clock: Clock;
  merchantCode: string;
  /** The issuer shown in authenticator apps. */
  issuer: string;
  operators: OperatorRepository;
  invitations: InvitationRepository;
  audit: AuditLog;
  /** Signs the operator in once the link is used (sign-in.ts). */
  startSession: (row: OperatorRow, ip: string) => Promise<SignedIn>;
}) {
  const { db, clock, merchantCode, issuer, operators, invitations, audit } = deps;
  const attempts = createAttemptCounter({ db, clock });

  const tooMany = (retryAfterSeconds: number) => new DomainError('TOO_MANY_REQUESTS', { retryAfterSeconds });
  const actorOf = (row: OperatorRow, ip: string): AuditActor => ({
    operatorId: row.id,
    username: row.username,
    ip,
  });

  /** The invitation of a token and its operator, counted per address first; refused when not usable. */
  async function open(
    token: string,
    ip: string,
  ): Promise<{ invitation: OperatorInvitationRow; operator: OperatorRow }> {
    const counted = await attempts.hit(INVITATION_ADDRESS_SCOPE, ip, INVITATION_ADDRESS_RULE);
    if (!counted.allowed) throw tooMany(counted.retryAfterSeconds);
    const invitation = await invitations.byTokenHash(sha256Hex(token));
    const operator = invitation && (await operators.byId(merchantCode, invitation.operatorId));
    if (!invitation || !operator) throw new DomainError('INVITATION_INVALID');
    const refused = async (reason: string, code: 'INVITATION_INVALID' | 'INVITATION_EXPIRED') => {
      await audit.record(actorOf(operator, ip), {
        action: 'operator.invitation_refused',
        targetType: 'operator',
        targetId: operator.id,
        after: { reason, invitationId: invitation.id },
      });
      throw new DomainError(code);
    };
    if (invitation.usedAt) await refused('used', 'INVITATION_INVALID');
    if (invitation.expiresAt <= clock()) await refused('expired', 'INVITATION_EXPIRED');
    if (operator.disabledAt) throw new DomainError('ACCOUNT_UNAVAILABLE');
    return { invitation, operator };
  }

  /** What the link asks of this operator: a new password or their current one; enrolment or a code. */
  const asks = (operator: OperatorRow) => ({
    setsPassword: operator.passwordHash === null,
    enrolsTwoFactor: operator.totpEnrolledAt === null || operator.totpSecret === null,
  });

  return {
    /**
     * A new link for the operator, inside the caller's transaction (creating the operator, approving a
     * reset); their earlier open link stops working. The token is answered this once.
     */
    async issue(
      tx: DbOrTx,
      values: { operatorId: string; purpose: InvitationPurpose; issuedBy: string },
    ): Promise<IssuedInvitation> {
      const now = clock();
      const token = randomToken();
      const expiresAt = addMs(now, OPERATOR_INVITATION_HOURS * HOUR_MS);
      await invitations.insert({ ...values, tokenHash: sha256Hex(token), createdAt: now, expiresAt }, tx);
      return { token, expiresAt: expiresAt.toISOString() };
    },

    /** Whose link it is and what it asks, for the invitation page. */
    async lookup(token: string, ip: string): Promise<InvitationInfo> {
      const { invitation, operator } = await open(token, ip);
      return {
        username: operator.username,
        role: operator.role,
        purpose: invitation.purpose,
        expiresAt: invitation.expiresAt.toISOString(),
        ...asks(operator),
      };
    },

    /**
     * The password alone answers `enrol` (the new secret) or `code`; with a right code the link is used up
     * and the operator signed in, in one transaction with their new credentials: of two requests at once
     * one gets INVITATION_INVALID and nothing of theirs is kept.
     */
    async accept(request: AcceptInvitationRequest, ip: string): Promise<SignedIn> {
      const { invitation, operator } = await open(request.token, ip);
      const actor = actorOf(operator, ip);
      const counted = await attempts.hit(INVITATION_CHECK_SCOPE, invitation.id, INVITATION_CHECK_RULE);
      if (!counted.allowed) throw tooMany(counted.retryAfterSeconds);
      const failed = async (reason: 'wrong_password' | 'wrong_code'): Promise<never> => {
        await audit.record(actor, {
          action: 'operator.invitation_failed',
          targetType: 'operator',
          targetId: operator.id,
          after: { reason, invitationId: invitation.id },
        });
        throw new DomainError(reason === 'wrong_password' ? 'WRONG_CREDENTIALS' : 'WRONG_VERIFICATION_CODE');
      };

      const { setsPassword, enrolsTwoFactor } = asks(operator);
      if (setsPassword) {
        if (!operatorPassword.safeParse(request.password).success) {
          throw new DomainError('INVALID_INPUT', { field: 'password', reason: 'PASSWORD_LENGTH' });
        }
      } else if (!(await verifyPassword(operator.passwordHash ?? '', request.password))) {
        await failed('wrong_password');
      }
      if (request.code === undefined) {
        if (!enrolsTwoFactor) return { result: { step: 'code' } };
        // A new secret each time: one the link's holder saw by trying the link first is never enrolled.
        await operators.dropPendingSecret(operator.id);
        return { result: await enrolmentOf(operators, issuer, operator) };
      }
      const now = clock();
      const secret = operators.openedSecret(operator);
      const step = secret === null ? undefined : matchTotp(secret, request.code, now, operator.totpLastStep);
      if (step === undefined) {
        // A request beside one that just used this link read the link before that one's commit and the
        // operator after it (the code then counts as used): it is refused as the link's, like the others.
        if ((await invitations.byTokenHash(sha256Hex(request.token)))?.usedAt) {
          throw new DomainError('INVITATION_INVALID');
        }
        return failed('wrong_code');
      }
      const passwordHash = setsPassword ? await hashPassword(request.password) : undefined;

      await db.transaction(async (tx) => {
        if (!(await invitations.consume(invitation.id, now, tx))) throw new DomainError('INVITATION_INVALID');
        if (!(await operators.acceptCredentials(operator.id, { passwordHash, step, now }, tx))) {
          throw new DomainError('WRONG_VERIFICATION_CODE');
        }
        await audit.record(
          actor,
          {
            action: 'operator.invitation_accept',
            targetType: 'operator',
            targetId: operator.id,
            after: {
              invitationId: invitation.id,
              purpose: invitation.purpose,
              // What the operator set here (no secret: the audit drops fields named after one).
              set: [...(setsPassword ? ['password'] : []), ...(enrolsTwoFactor ? ['two-factor'] : [])],
            },
          },
          tx,
        );
      });
      await attempts.clear(INVITATION_CHECK_SCOPE, invitation.id);
      return deps.startSession(operator, ip);
    },
  };
}
export type Invitations = ReturnType<typeof createInvitations>;
