import { randomInt } from 'node:crypto';
import {
  type LoginMethod,
  TWO_FACTOR_RECOVERY_CODES,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
} from '@kl/contracts/accounts';
import { and, count, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { memberLoginChallenge, memberRecoveryCode, memberTwoFactor } from '../../db/schema/index.ts';
import { type AttemptRule, createAttemptCounter } from '../../platform/attempts.ts';
import { addMs, type Clock, MINUTE_MS } from '../../platform/clock.ts';
import { randomToken, scopedDigest, sha256Hex } from '../../platform/crypto.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { DomainError } from '../../platform/errors.ts';
import { qrSvg, svgDataUrl } from '../../platform/qr-svg.ts';
import type { RequestContext } from '../../platform/request-context.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import type { SecretColumn } from '../../platform/secret-rotation.ts';
import { matchTotp, newTotpSecret, otpauthUri } from '../../platform/totp.ts';
import type { MerchantService } from '../merchant/index.ts';
import type { MemberRepository, MemberRow } from '../member/index.ts';
import type { LoginAttemptRepository } from './repository.ts';
import type { NewSession, SessionService } from './session-service.ts';

/**
 * Two-factor authentication of members (docs/decisions/056-member-two-factor.md): a TOTP secret sealed with
 * the secret keys, ten recovery codes kept as digests bound to the member, and the login's second step.
 * Every code checked (enrolment, login, withdrawal, turning it off) is counted first, per member, by the
 * shared attempt counter: a burst of parallel guesses gets no more tries than one at a time.
 */

/** How long the second step of a login stays open after the password (or SMS code) was right. */
export const TWO_FACTOR_CHALLENGE_MS = 5 * MINUTE_MS;
/** Codes a member may try in a quarter of an hour, then none for the rest of it. */
export const TWO_FACTOR_ATTEMPTS = 5;
const TWO_FACTOR_RULE: AttemptRule = {
  limit: TWO_FACTOR_ATTEMPTS,
  windowMs: 15 * MINUTE_MS,
  lockMs: 15 * MINUTE_MS,
};
const TWO_FACTOR_SCOPE = 'member-two-factor';

/** Recovery codes: 10 characters of a 32-letter alphabet (50 bits), shown as two groups of five. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 10;

const secretContext = (memberId: string) => `member_two_factor.secret:${memberId}`;
const recoveryDigest = (memberId: string, code: string) => scopedDigest(`recovery:${memberId}`, code);

/** A recovery code as typed (any case, spaces or the hyphen) in the form it was digested in. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

function newRecoveryCode(): string {
  let code = '';
  for (let index = 0; index < RECOVERY_LENGTH; index += 1) {
    code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  }
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

const isTotpCode = (code: string) => /^\d{6}$/.test(code.trim());

export function createTwoFactorRepository(db: Db, secrets: SecretBox) {
  return {
    async find(memberId: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(memberTwoFactor).where(eq(memberTwoFactor.memberId, memberId));
      return row ? { ...row, secret: secrets.open(row.secret, secretContext(memberId)) } : undefined;
    },

    async isOn(memberId: string, tx: DbOrTx = db): Promise<boolean> {
      const [row] = await tx
        .select({ enabledAt: memberTwoFactor.enabledAt })
        .from(memberTwoFactor)
        .where(eq(memberTwoFactor.memberId, memberId));
      return row?.enabledAt != null;
    },

    /** Keeps a new pending secret, replacing an earlier pending one; false when two-factor is on already. */
    async savePending(memberId: string, secret: string, now: Date): Promise<boolean> {
      const sealed = secrets.seal(secret, secretContext(memberId));
      const rows = await db
        .insert(memberTwoFactor)
        .values({ memberId, secret: sealed, createdAt: now })
        .onConflictDoUpdate({
          target: memberTwoFactor.memberId,
          set: { secret: sealed, createdAt: now, lastStep: null },
          setWhere: isNull(memberTwoFactor.enabledAt),
        })
        .returning({ memberId: memberTwoFactor.memberId });
      return rows.length === 1;
    },

    /**
     * Uses the code of `step`: one conditional UPDATE, so of two requests with the same code only one
     * passes. `enable` turns two-factor on with it (a pending row only).
     */
    async useStep(memberId: string, step: number, tx: DbOrTx, enable?: Date): Promise<boolean> {
      const stepIsNew = or(isNull(memberTwoFactor.lastStep), lt(memberTwoFactor.lastStep, step));
      const rows = await tx
        .update(memberTwoFactor)
        .set(enable ? { lastStep: step, enabledAt: enable } : { lastStep: step })
        .where(
          and(
            eq(memberTwoFactor.memberId, memberId),
            stepIsNew,
            enable ? isNull(memberTwoFactor.enabledAt) : undefined,
          ),
        )
        .returning({ memberId: memberTwoFactor.memberId });
      return rows.length === 1;
    },

    async insertRecoveryCodes(memberId: string, codes: string[], now: Date, tx: DbOrTx): Promise<void> {
      await tx.delete(memberRecoveryCode).where(eq(memberRecoveryCode.memberId, memberId));
      await tx.insert(memberRecoveryCode).values(
        codes.map((code) => ({
          memberId,
          codeHash: recoveryDigest(memberId, normaliseRecoveryCode(code)),
          createdAt: now,
        })),
      );
    },

    /** Uses a recovery code: one conditional UPDATE, so a code is used once however many ask at once. */
    async useRecoveryCode(memberId: string, code: string, now: Date, tx: DbOrTx = db): Promise<boolean> {
      const rows = await tx
        .update(memberRecoveryCode)
        .set({ usedAt: now })
        .where(
          and(
            eq(memberRecoveryCode.memberId, memberId),
            eq(memberRecoveryCode.codeHash, recoveryDigest(memberId, normaliseRecoveryCode(code))),
            isNull(memberRecoveryCode.usedAt),
          ),
        )
        .returning({ id: memberRecoveryCode.id });
      return rows.length === 1;
    },

    async recoveryCodesLeft(memberId: string): Promise<number> {
      const [row] = await db
        .select({ left: count() })
        .from(memberRecoveryCode)
        .where(and(eq(memberRecoveryCode.memberId, memberId), isNull(memberRecoveryCode.usedAt)));
      return row?.left ?? 0;
    },

    async remove(memberId: string, tx: DbOrTx): Promise<void> {
      await tx.delete(memberRecoveryCode).where(eq(memberRecoveryCode.memberId, memberId));
      await tx.delete(memberTwoFactor).where(eq(memberTwoFactor.memberId, memberId));
    },

    async insertChallenge(row: typeof memberLoginChallenge.$inferInsert): Promise<void> {
      await db.insert(memberLoginChallenge).values(row);
    },

    /** The open challenge of `token` (neither used nor expired). */
    async openChallenge(token: string, now: Date) {
      const [row] = await db
        .select()
        .from(memberLoginChallenge)
        .where(
          and(
            eq(memberLoginChallenge.tokenHash, sha256Hex(token)),
            isNull(memberLoginChallenge.consumedAt),
            gt(memberLoginChallenge.expiresAt, now),
          ),
        );
      return row;
    },

    /** Uses a challenge once: false when another request used it first. */
    async consumeChallenge(id: string, now: Date, tx: DbOrTx): Promise<boolean> {
      const rows = await tx
        .update(memberLoginChallenge)
        .set({ consumedAt: now })
        .where(and(eq(memberLoginChallenge.id, id), isNull(memberLoginChallenge.consumedAt)))
        .returning({ id: memberLoginChallenge.id });
      return rows.length === 1;
    },

    /** The sealed secrets, for `npm run secrets:rotate`. */
    secrets: {
      name: 'member_two_factor.secret',
      async stored() {
        const rows = await db
          .select({ memberId: memberTwoFactor.memberId, secret: memberTwoFactor.secret })
          .from(memberTwoFactor);
        return rows.map(({ memberId, secret }) => ({
          where: `member ${memberId}`,
          context: secretContext(memberId),
          stored: secret,
          replace: async (value: string) =>
            (
              await db
                .update(memberTwoFactor)
                .set({ secret: value })
                .where(and(eq(memberTwoFactor.memberId, memberId), eq(memberTwoFactor.secret, secret)))
                .returning({ memberId: memberTwoFactor.memberId })
            ).length === 1,
        }));
      },
    } satisfies SecretColumn,
  };
}

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;

export interface TwoFactorServiceDeps {
  db: Db;
  clock: Clock;
  secrets: SecretBox;
  merchantService: MerchantService;
  members: MemberRepository;
  attempts: LoginAttemptRepository;
  sessionService: SessionService;
  /** Refuses a member who may not log in now (a time-out), as the first step does. */
  checkLogin?: ((member: Pick<MemberRow, 'id'>) => Promise<void>) | undefined;
}

type Member = Pick<MemberRow, 'id' | 'username' | 'merchantCode'>;

export function createTwoFactorService(deps: TwoFactorServiceDeps) {
  const { db, clock, members, sessionService } = deps;
  const repository = createTwoFactorRepository(db, deps.secrets);
  const counter = createAttemptCounter({ db, clock });

  /** Counts one code of the member before it is checked; over the limit, 429 with the wait. */
  async function countAttempt(memberId: string): Promise<void> {
    const verdict = await counter.hit(TWO_FACTOR_SCOPE, memberId, TWO_FACTOR_RULE);
    if (!verdict.allowed) {
      throw new DomainError('TOO_MANY_REQUESTS', { retryAfterSeconds: verdict.retryAfterSeconds });
    }
  }

  /**
   * Checks a code of a member whose two-factor is on and uses it: a TOTP code (once: its step is kept),
   * or, where `recovery` allows, an unused recovery code. False when it is neither.
   */
  async function useCode(memberId: string, code: string, recovery: boolean, tx: DbOrTx): Promise<boolean> {
    const row = await repository.find(memberId, tx);
    if (!row?.enabledAt) return false;
    if (isTotpCode(code)) {
      const step = matchTotp(row.secret, code.trim(), clock(), row.lastStep);
      return step !== undefined && (await repository.useStep(memberId, step, tx));
    }
    return recovery && (await repository.useRecoveryCode(memberId, code, clock(), tx));
  }

  return {
    repository,

    async status(memberId: string): Promise<TwoFactorStatus> {
      const row = await repository.find(memberId);
      const enabledAt = row?.enabledAt ?? null;
      return {
        enabled: enabledAt !== null,
        enabledAt: enabledAt?.toISOString() ?? null,
        recoveryCodesLeft: enabledAt ? await repository.recoveryCodesLeft(memberId) : 0,
      };
    },

    isOn: (memberId: string, tx?: DbOrTx) => repository.isOn(memberId, tx),

    /** Starts turning it on: a new secret, as a QR code and as text (an earlier pending one is replaced). */
    async start(member: Member): Promise<TwoFactorEnrolment> {
      const secret = newTotpSecret();
      if (!(await repository.savePending(member.id, secret, clock()))) throw new DomainError('TWO_FACTOR_ON');
      const merchant = await deps.merchantService.getMerchant(member.merchantCode);
      const uri = otpauthUri(merchant.name, member.username, secret);
      return {
        secret,
        otpauthUri: uri,
        qrImage: svgDataUrl(qrSvg(uri, `${merchant.name}: ${member.username}`)),
      };
    },

    /** Turns it on with a code of the pending secret; answers the recovery codes, shown this once. */
    async enable(member: Member, code: string): Promise<{ recoveryCodes: string[] }> {
      await countAttempt(member.id);
      const row = await repository.find(member.id);
      if (!row) throw new DomainError('TWO_FACTOR_NOT_STARTED');
      if (row.enabledAt) throw new DomainError('TWO_FACTOR_ON');
      const step = isTotpCode(code) ? matchTotp(row.secret, code.trim(), clock(), row.lastStep) : undefined;
      if (step === undefined) throw new DomainError('WRONG_TWO_FACTOR_CODE');
      const recoveryCodes = Array.from({ length: TWO_FACTOR_RECOVERY_CODES }, newRecoveryCode);
      await db.transaction(async (tx) => {
        const now = clock();
        if (!(await repository.useStep(member.id, step, tx, now)))
          throw new DomainError('WRONG_TWO_FACTOR_CODE');
        await repository.insertRecoveryCodes(member.id, recoveryCodes, now, tx);
      });
      await counter.clear(TWO_FACTOR_SCOPE, member.id);
      return { recoveryCodes };
    },

    /** Turns it off with a code or a recovery code. */
    async disable(member: Member, code: string): Promise<void> {
      await countAttempt(member.id);
      if (!(await repository.isOn(member.id))) throw new DomainError('TWO_FACTOR_OFF');
      await db.transaction(async (tx) => {
        if (!(await useCode(member.id, code, true, tx))) throw new DomainError('WRONG_TWO_FACTOR_CODE');
        await repository.remove(member.id, tx);
      });
    },

    /**
     * The second step a login needs when the member's two-factor is on: throws TWO_FACTOR_REQUIRED with the
     * challenge the login screen answers with a code; does nothing when it is off.
     */
    async requireSecondStep(member: Member, method: LoginMethod, context: RequestContext): Promise<void> {
      if (!(await repository.isOn(member.id))) return;
      const token = randomToken(32);
      const now = clock();
      await repository.insertChallenge({
        memberId: member.id,
        tokenHash: sha256Hex(token),
        method,
        expiresAt: addMs(now, TWO_FACTOR_CHALLENGE_MS),
        ip: context.ip,
        createdAt: now,
      });
      throw new DomainError('TWO_FACTOR_REQUIRED', { challenge: token, captchaRequired: false });
    },

    /** The login's second step: the challenge and a code (or a recovery code) give the session. */
    async completeLogin(
      request: { challenge: string; code: string },
      context: RequestContext,
    ): Promise<NewSession> {
      const challenge = await repository.openChallenge(request.challenge, clock());
      if (!challenge) throw new DomainError('TWO_FACTOR_CHALLENGE_EXPIRED');
      const member = await members.findById(challenge.memberId);
      if (!member || member.disabledAt) throw new DomainError('ACCOUNT_UNAVAILABLE');
      await countAttempt(member.id);
      const accepted = await db.transaction(async (tx) => {
        if (!(await useCode(member.id, request.code, true, tx))) return false;
        // Another request with this challenge won: the code it used stays unused.
        if (!(await repository.consumeChallenge(challenge.id, clock(), tx))) {
          throw new DomainError('TWO_FACTOR_CHALLENGE_EXPIRED');
        }
        return true;
      });
      if (!accepted) {
        await deps.attempts.record({
          merchantCode: member.merchantCode,
          account: member.username.toLowerCase(),
          ip: context.ip,
          succeeded: false,
          memberId: member.id,
          method: challenge.method,
          reason: 'WRONG_TWO_FACTOR_CODE',
          userAgent: context.userAgent ?? null,
          createdAt: clock(),
        });
        throw new DomainError('WRONG_TWO_FACTOR_CODE');
      }
      await counter.clear(TWO_FACTOR_SCOPE, member.id);
      await deps.checkLogin?.(member);
      return sessionService.create(member, context, { method: challenge.method });
    },

    /** A withdrawal's code (TOTP only: recovery codes are for signing in and turning it off). */
    async verifyForWithdrawal(memberId: string, code: string | undefined): Promise<void> {
      if (!(await repository.isOn(memberId))) return;
      if (!code) throw new DomainError('TWO_FACTOR_REQUIRED', { field: 'twoFactorCode' });
      await countAttempt(memberId);
      const used = await db.transaction((tx) => useCode(memberId, code, false, tx));
      if (!used) throw new DomainError('WRONG_TWO_FACTOR_CODE', { field: 'twoFactorCode' });
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
