import { accessOf } from '@kl/contracts/admin/access';
import {
  type AdminLoginRequest,
  type AdminLoginResult,
  OPERATOR_ADDRESS_LIMIT,
  OPERATOR_IDLE_MINUTES,
  OPERATOR_LOGIN_DELAY_SECONDS,
  OPERATOR_LOGIN_FREE_ATTEMPTS,
  OPERATOR_LOGIN_WINDOW_MINUTES,
  OPERATOR_SESSION_HOURS,
  type OperatorSelf,
} from '@kl/contracts/admin/auth';
import type { OperatorRow } from '../../db/schema/index.ts';
import { type AttemptRule, createAttemptCounter, type PaceRule } from '../../platform/attempts.ts';
import { addMs, type Clock, HOUR_MS, MINUTE_MS } from '../../platform/clock.ts';
import { hashPassword, randomToken, sha256Hex, verifyPassword } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db.ts';
import { DomainError } from '../../platform/errors.ts';
import { qrSvg } from '../../platform/qr-svg.ts';
import type { CaptchaService } from '../verification/index.ts';
import type { AuditActor, AuditLog } from './audit.ts';
import type { OperatorRepository } from './operator-repository.ts';
import { matchTotp, newTotpSecret, otpauthUri } from '../../platform/totp.ts';

/**
 * Operator sign-in and sessions (docs/back-office.md, "Signing in"): password (argon2id), then a TOTP
 * code at every sign-in. An operator made on the command line enrols two-factor at their first sign-in;
 * one made in the back office, or reset, sets their credentials through their invitation link
 * (invitations.ts) and never enrols here.
 *
 * Every password or code check is counted first, in one statement each:
 * - per address (attempt_counter, `hit`): OPERATOR_ADDRESS_LIMIT in the window, then the address is
 *   locked (429 TOO_MANY_REQUESTS with `retryAfterSeconds`);
 * - per username (`pace`): never locked, so that nobody can lock the staff out by knowing a username.
 *   After OPERATOR_LOGIN_FREE_ATTEMPTS checks in the window, every further one needs a solved captcha
 *   (400 CAPTCHA_REQUIRED without one) and waits a delay growing from 1 s to 60 s since the last one
 *   (429 with `retryAfterSeconds`). A burst of parallel guesses gets no more checks than the same guesses
 *   one after the other.
 * Every refusal is audited with its reason: `operator.login_refused` (address locked, captcha missing or
 * wrong, too soon, disabled, credentials reset) or `operator.login_failed` (wrong password, wrong code).
 */

/** Checks from one address (several operators behind one office address), before it is locked. */
export const OPERATOR_ADDRESS_RULE: Required<AttemptRule> = {
  limit: OPERATOR_ADDRESS_LIMIT,
  windowMs: OPERATOR_LOGIN_WINDOW_MINUTES * MINUTE_MS,
  lockMs: OPERATOR_LOGIN_WINDOW_MINUTES * MINUTE_MS,
};
/** Checks of one username: the free ones, then a captcha each and a growing delay, never a lock. */
export const OPERATOR_LOGIN_PACE: PaceRule = {
  free: OPERATOR_LOGIN_FREE_ATTEMPTS,
  windowMs: OPERATOR_LOGIN_WINDOW_MINUTES * MINUTE_MS,
  firstDelayMs: OPERATOR_LOGIN_DELAY_SECONDS.first * 1000,
  maxDelayMs: OPERATOR_LOGIN_DELAY_SECONDS.max * 1000,
};
export const OPERATOR_LOGIN_SCOPE = 'operator-login';
export const OPERATOR_ADDRESS_SCOPE = 'operator-login-address';
const IDLE_MS = OPERATOR_IDLE_MINUTES * MINUTE_MS;
/** A session's last call is written at most this often (not on every call). */
const TOUCH_EVERY_MS = MINUTE_MS;

/** Why a sign-in attempt was refused before its password or code was checked, as the audit says it. */
type RefusalReason =
  'address_locked' | 'captcha_missing' | 'captcha_wrong' | 'too_soon' | 'disabled' | 'credentials_reset';

/** The signed-in operator as the back office learns them, with the merchant's time zone. */
export function operatorSelfOf(row: OperatorRow, timeZone: string): OperatorSelf {
  return {
    timeZone,
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

/** The enrolment answer: a new secret (kept until its first code is right), its URI and QR code. */
export async function enrolmentOf(
  operators: OperatorRepository,
  issuer: string,
  row: OperatorRow,
): Promise<AdminLoginResult> {
  const secret = await operators.offerSecret(row.id, newTotpSecret());
  const uri = otpauthUri(issuer, row.username, secret);
  return { step: 'enrol', secret, otpauthUri: uri, qrSvg: qrSvg(uri, `${issuer}: ${row.username}`) };
}

export function createSignIn(deps: {
  db: Db;
  clock: Clock;
  merchantCode: string;
  /** The issuer shown in authenticator apps. */
  issuer: string;
  operators: OperatorRepository;
  audit: AuditLog;
  /** The site's captchas (GET /api/admin/captcha issues them). */
  captchaService: Pick<CaptchaService, 'check'>;
  /** The merchant's time zone (docs/back-office.md, "Site settings"), told to the signed-in operator. */
  timeZone: () => Promise<string>;
}) {
  const { db, clock, merchantCode, issuer, operators, audit, captchaService } = deps;
  const attempts = createAttemptCounter({ db, clock });
  // Compared against when the username is unknown, so that both take an argon2 verification.
  const decoy = hashPassword(randomToken(24));

  const targetOf = (actor: AuditActor) => ({
    targetType: 'operator',
    ...(actor.operatorId !== null && { targetId: actor.operatorId }),
  });

  /** Audits an attempt refused before its check, then throws `error`. */
  async function refuse(actor: AuditActor, reason: RefusalReason, error: DomainError): Promise<never> {
    await audit.record(actor, { action: 'operator.login_refused', ...targetOf(actor), after: { reason } });
    throw error;
  }

  /** Audits a wrong password or code, then refuses it (with whether the next one needs a captcha). */
  async function fail(
    actor: AuditActor,
    reason: 'wrong_password' | 'wrong_code',
    captchaRequired: boolean,
  ): Promise<never> {
    await audit.record(actor, { action: 'operator.login_failed', ...targetOf(actor), after: { reason } });
    const code = reason === 'wrong_password' ? 'WRONG_CREDENTIALS' : 'WRONG_VERIFICATION_CODE';
    throw new DomainError(code, captchaRequired ? { captchaRequired: true } : undefined);
  }

  /**
   * Counts the attempt before any check: the address (a lock), then the username (a captcha once past the
   * free checks, and the delay). A captcha sent is checked (and used up) first, so that a refused one
   * takes no turn. Answers whether the next attempt needs a captcha.
   */
  async function count(request: AdminLoginRequest, actor: AuditActor, ip: string): Promise<boolean> {
    const address = await attempts.hit(OPERATOR_ADDRESS_SCOPE, ip, OPERATOR_ADDRESS_RULE);
    if (!address.allowed) {
      await refuse(
        actor,
        'address_locked',
        new DomainError('TOO_MANY_REQUESTS', { retryAfterSeconds: address.retryAfterSeconds }),
      );
    }
    const sent = request.captchaId !== undefined || request.captcha !== undefined;
    const proven = sent && (await captchaService.check(request));
    if (sent && !proven) {
      await refuse(
        actor,
        'captcha_wrong',
        new DomainError('WRONG_VERIFICATION_CODE', { field: 'captcha', captchaRequired: true }),
      );
    }
    const key = `${merchantCode}:${request.username}`;
    const verdict = await attempts.pace(OPERATOR_LOGIN_SCOPE, key, OPERATOR_LOGIN_PACE, proven);
    if (!verdict.allowed) {
      const value = { captchaRequired: true, retryAfterSeconds: verdict.retryAfterSeconds };
      if (verdict.reason === 'proof') {
        await refuse(actor, 'captcha_missing', new DomainError('CAPTCHA_REQUIRED', value));
      }
      await refuse(actor, 'too_soon', new DomainError('TOO_MANY_REQUESTS', value));
    }
    return verdict.allowed && verdict.proofNext;
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
    return {
      result: { step: 'signed-in', operator: operatorSelfOf(fresh, await deps.timeZone()) },
      session: { token, expiresAt },
    };
  }

  return {
    startSession,

    async signIn(request: AdminLoginRequest, ip: string): Promise<SignedIn> {
      const { username, password, code } = request;
      const row = await operators.byUsername(merchantCode, username);
      const actor: AuditActor = { operatorId: row?.id ?? null, username, ip };
      const captchaRequired = await count(request, actor, ip);
      const passwordRight = await verifyPassword(row?.passwordHash ?? (await decoy), password);
      if (!row || !passwordRight) return fail(actor, 'wrong_password', captchaRequired);
      if (row.disabledAt) return refuse(actor, 'disabled', new DomainError('ACCOUNT_UNAVAILABLE'));

      const enrolled = row.totpEnrolledAt !== null && row.totpSecret !== null;
      // Only an operator made on the command line enrols here; after a reset the link does it.
      if (!enrolled && row.credentialsIssuedBy !== null) {
        return refuse(actor, 'credentials_reset', new DomainError('INVITATION_REQUIRED'));
      }
      if (code === undefined) {
        if (enrolled) return { result: { step: 'code' } };
        return { result: await enrolmentOf(operators, issuer, row) };
      }
      const secret = row.totpSecret;
      const step = secret === null ? undefined : matchTotp(secret, code, clock(), row.totpLastStep);
      if (step === undefined || !(await operators.useStep(row.id, step, clock()))) {
        return fail(actor, 'wrong_code', captchaRequired);
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
