import { accessOf } from '@kl/contracts/admin/access';
import {
  type AdminLoginRequest,
  type AdminLoginResult,
  OPERATOR_IDLE_MINUTES,
  OPERATOR_LOCK_MINUTES,
  OPERATOR_LOGIN_LIMIT,
  OPERATOR_SESSION_HOURS,
  type OperatorSelf,
} from '@kl/contracts/admin/auth';
import type { OperatorRow } from '../../db/schema/index.ts';
import { type AttemptRule, createAttemptCounter } from '../../platform/attempts.ts';
import { addMs, type Clock, HOUR_MS, MINUTE_MS } from '../../platform/clock.ts';
import { hashPassword, randomToken, sha256Hex, verifyPassword } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db.ts';
import { DomainError } from '../../platform/errors.ts';
import { qrSvg } from '../../platform/qr-svg.ts';
import type { AuditActor, AuditLog } from './audit.ts';
import type { OperatorRepository } from './operator-repository.ts';
import { matchTotp, newTotpSecret, otpauthUri } from './totp.ts';

/**
 * Operator sign-in and sessions (docs/back-office.md, "Signing in"): password (argon2id), then a TOTP
 * code at every sign-in; the first sign-in enrols two-factor. Every password or code check is counted
 * first (attempt_counter, one statement), per username and per address, so parallel guesses get no more
 * tries than sequential ones; a lock answers 429 TOO_MANY_REQUESTS with `retryAfterSeconds`.
 */

export const OPERATOR_LOGIN_RULE: Required<AttemptRule> = {
  limit: OPERATOR_LOGIN_LIMIT,
  windowMs: OPERATOR_LOCK_MINUTES * MINUTE_MS,
  lockMs: OPERATOR_LOCK_MINUTES * MINUTE_MS,
};
/** Checks from one address (several operators behind one office address), before it is locked. */
export const OPERATOR_ADDRESS_RULE: Required<AttemptRule> = { ...OPERATOR_LOGIN_RULE, limit: 50 };
export const OPERATOR_LOGIN_SCOPE = 'operator-login';
export const OPERATOR_ADDRESS_SCOPE = 'operator-login-address';
const IDLE_MS = OPERATOR_IDLE_MINUTES * MINUTE_MS;
/** A session's last call is written at most this often (not on every call). */
const TOUCH_EVERY_MS = MINUTE_MS;

export function operatorSelfOf(row: OperatorRow): OperatorSelf {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    readOnly: row.readOnly,
    access: { ...accessOf(row.role, row.readOnly) },
  };
}

export interface SignedIn {
  result: AdminLoginResult;
  /** The new session's token and expiry, when signed in. */
  session?: { token: string; expiresAt: Date };
}

export function createSignIn(deps: {
  db: Db;
  clock: Clock;
  merchantCode: string;
  /** The issuer shown in authenticator apps. */
  issuer: string;
  operators: OperatorRepository;
  audit: AuditLog;
}) {
  const { db, clock, merchantCode, issuer, operators, audit } = deps;
  const attempts = createAttemptCounter({ db, clock });
  // Compared against when the username is unknown, so that both take an argon2 verification.
  const decoy = hashPassword(randomToken(24));

  async function count(username: string, ip: string): Promise<void> {
    for (const [scope, key, rule] of [
      [OPERATOR_LOGIN_SCOPE, `${merchantCode}:${username}`, OPERATOR_LOGIN_RULE],
      [OPERATOR_ADDRESS_SCOPE, ip, OPERATOR_ADDRESS_RULE],
    ] as const) {
      const verdict = await attempts.hit(scope, key, rule);
      if (!verdict.allowed) {
        throw new DomainError('TOO_MANY_REQUESTS', { retryAfterSeconds: verdict.retryAfterSeconds });
      }
    }
  }

  async function refuse(
    actor: AuditActor,
    action: string,
    code: 'WRONG_CREDENTIALS' | 'WRONG_VERIFICATION_CODE',
  ): Promise<never> {
    await audit.record(actor, { action, targetType: 'operator', targetId: actor.operatorId ?? undefined });
    throw new DomainError(code);
  }

  async function startSession(row: OperatorRow, ip: string): Promise<SignedIn> {
    const now = clock();
    const token = randomToken();
    const expiresAt = addMs(now, OPERATOR_SESSION_HOURS * HOUR_MS);
    await operators.insertSession({ operatorId: row.id, tokenHash: sha256Hex(token), ip, now, expiresAt });
    await attempts.clear(OPERATOR_LOGIN_SCOPE, `${merchantCode}:${row.username}`);
    const fresh = (await operators.byId(merchantCode, row.id)) ?? row;
    await audit.record(
      { operatorId: row.id, username: row.username, ip },
      { action: 'operator.login', targetType: 'operator', targetId: row.id },
    );
    return { result: { step: 'signed-in', operator: operatorSelfOf(fresh) }, session: { token, expiresAt } };
  }

  return {
    async signIn(request: AdminLoginRequest, ip: string): Promise<SignedIn> {
      const { username, password, code } = request;
      await count(username, ip);
      const row = await operators.byUsername(merchantCode, username);
      const actor: AuditActor = { operatorId: row?.id ?? null, username, ip };
      const passwordRight = await verifyPassword(row?.passwordHash ?? (await decoy), password);
      if (!row || !passwordRight) return refuse(actor, 'operator.login_failed', 'WRONG_CREDENTIALS');
      if (row.disabledAt) throw new DomainError('ACCOUNT_UNAVAILABLE');

      const enrolled = row.totpEnrolledAt !== null && row.totpSecret !== null;
      if (code === undefined) {
        if (enrolled) return { result: { step: 'code' } };
        const secret = await operators.offerSecret(row.id, newTotpSecret());
        const uri = otpauthUri(issuer, row.username, secret);
        return {
          result: { step: 'enrol', secret, otpauthUri: uri, qrSvg: qrSvg(uri, `${issuer}: ${row.username}`) },
        };
      }
      const secret = row.totpSecret;
      const step = secret === null ? undefined : matchTotp(secret, code, clock(), row.totpLastStep);
      if (step === undefined || !(await operators.useStep(row.id, step, clock()))) {
        return refuse(actor, 'operator.login_failed', 'WRONG_VERIFICATION_CODE');
      }
      if (!enrolled) {
        await audit.record(actor, {
          action: 'operator.enrol_two_factor',
          targetType: 'operator',
          targetId: row.id,
        });
      }
      return startSession(row, ip);
    },

    /**
     * The operator of a session token: undefined when there is none, it was ended, ran past its end or
     * its idle time, or the operator was disabled. Its last call time moves on.
     */
    async resolve(token: string): Promise<{ operator: OperatorRow; idleExpired: boolean } | undefined> {
      const found = await operators.sessionByToken(sha256Hex(token));
      if (!found) return undefined;
      const { session, operator } = found;
      const now = clock();
      if (session.revokedAt || session.expiresAt <= now || operator.disabledAt) return undefined;
      if (now.getTime() - session.lastSeenAt.getTime() > IDLE_MS) return { operator, idleExpired: true };
      if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS)
        await operators.touchSession(session.id, now);
      return { operator, idleExpired: false };
    },

    async signOut(token: string): Promise<void> {
      await operators.revokeSession(sha256Hex(token), clock());
    },
  };
}
export type SignIn = ReturnType<typeof createSignIn>;
