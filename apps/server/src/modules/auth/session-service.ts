import {
  isTrialMember,
  type EndedSessions,
  type LoginMethod,
  type MemberSessionList,
  type SessionInfo,
} from '@kl/contracts/accounts';
import type { MemberRow } from '../member/index.ts';
import { addMs, type Clock, DAY_MS } from '../../platform/clock.ts';
import { randomToken, sha256Hex } from '../../platform/crypto.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { AuthenticatedMember } from '../../platform/member-guard.ts';
import { DomainError } from '../../platform/errors.ts';
import type { LoginAttemptRepository } from './repository.ts';
import type { SessionRepository } from './session-repository.ts';
import { describeUserAgent } from './user-agent.ts';

/** A session ends 7 days after its last renewal… */
export const SESSION_IDLE_MS = 7 * DAY_MS;
/** …and never later than 30 days after the login. */
export const SESSION_MAX_MS = 30 * DAY_MS;

import type { RequestContext } from '../../platform/request-context.ts';

export interface NewSession {
  /** The cookie's value: 32 random bytes, base64url. Only its SHA-256 is stored. */
  token: string;
  expiresAt: Date;
  sessionInfo: SessionInfo;
}

export function toSessionInfo(
  member: Pick<MemberRow, 'username' | 'merchantCode' | 'type'>,
  session: { firstTimeLogin: boolean; expiresAt: Date },
): SessionInfo {
  return {
    userName: member.username,
    merchantCode: member.merchantCode,
    type: member.type,
    firstTimeLogin: session.firstTimeLogin,
    expiresAt: session.expiresAt.toISOString(),
  };
}

/**
 * Sessions of members: created on login and registration, renewed, revoked. With `attempts`, every session
 * started is kept in the member's login history with how it was started (docs/product.md, "Account security").
 */
export function createSessionService(deps: {
  sessions: SessionRepository;
  clock: Clock;
  attempts?: Pick<LoginAttemptRepository, 'record'> | undefined;
}) {
  const { sessions, clock } = deps;
  return {
    async create(
      member: Pick<MemberRow, 'id' | 'username' | 'merchantCode' | 'type'>,
      context: RequestContext,
      { method, tx }: { method: LoginMethod; tx?: DbOrTx | undefined },
    ): Promise<NewSession> {
      const now = clock();
      const token = randomToken(32);
      const firstTimeLogin = !(await sessions.hasAnySession(member.id, tx));
      const expiresAt = addMs(now, SESSION_IDLE_MS);
      await sessions.insert(
        {
          memberId: member.id,
          tokenHash: sha256Hex(token),
          firstTimeLogin,
          createdAt: now,
          renewedAt: now,
          expiresAt,
          device: context.device,
          ip: context.ip,
          userAgent: context.userAgent ?? null,
        },
        tx,
      );
      await deps.attempts?.record(
        {
          merchantCode: member.merchantCode,
          account: member.username.toLowerCase(),
          ip: context.ip,
          succeeded: true,
          memberId: member.id,
          method,
          userAgent: context.userAgent ?? null,
          createdAt: now,
        },
        tx,
      );
      return { token, expiresAt, sessionInfo: toSessionInfo(member, { firstTimeLogin, expiresAt }) };
    },

    /** The member of a live session token; undefined when unknown, expired, revoked or disabled. */
    async resolve(token: string): Promise<AuthenticatedMember | undefined> {
      const found = await sessions.findByTokenHash(sha256Hex(token));
      if (!found) return undefined;
      const { session, member } = found;
      if (session.revokedAt || session.expiresAt <= clock() || member.disabledAt) return undefined;
      return {
        memberId: member.id,
        sessionId: session.id,
        username: member.username,
        merchantCode: member.merchantCode,
        type: member.type,
        firstTimeLogin: session.firstTimeLogin,
        expiresAt: session.expiresAt,
      };
    },

    /** Pushes the expiry 7 days ahead (capped at 30 days after login); undefined when no longer live. */
    async renew(sessionId: string): Promise<Date | undefined> {
      const now = clock();
      const renewed = await sessions.renew(sessionId, now, addMs(now, SESSION_IDLE_MS), SESSION_MAX_MS);
      return renewed?.expiresAt;
    },

    /** The member's signed-in sessions for the member centre, this one marked (docs/product.md, "Account security"). */
    async listOpen(member: Pick<AuthenticatedMember, 'memberId' | 'sessionId'>): Promise<MemberSessionList> {
      const rows = await sessions.openOf(member.memberId, clock());
      return {
        list: rows.map((row) => ({
          id: row.id,
          ...describeUserAgent(row.userAgent),
          device: row.device,
          ip: row.ip,
          signedInAt: row.createdAt.toISOString(),
          lastActiveAt: row.renewedAt.toISOString(),
          current: row.id === member.sessionId,
        })),
      };
    },

    /** Signs one of the member's open sessions out (its next call answers SESSION_EXPIRED); 404 otherwise. */
    async endOne(memberId: string, sessionId: string): Promise<EndedSessions> {
      const ended = await sessions.revokeOpenOf(memberId, clock(), undefined, { only: sessionId });
      if (ended === 0) throw new DomainError('NOT_FOUND');
      return { ended };
    },

    /** Signs every open session of the member out but this one. */
    async endOthers(member: Pick<AuthenticatedMember, 'memberId' | 'sessionId'>): Promise<EndedSessions> {
      return {
        ended: await sessions.revokeOpenOf(member.memberId, clock(), undefined, {
          except: member.sessionId,
        }),
      };
    },

    revoke: (sessionId: string, tx?: DbOrTx) => sessions.revoke(sessionId, clock(), tx),
    revokeOthers: (memberId: string, keepSessionId: string, tx?: DbOrTx) =>
      sessions.revokeAllOf(memberId, clock(), keepSessionId, tx),
    revokeAll: (memberId: string, tx?: DbOrTx) => sessions.revokeAllOf(memberId, clock(), undefined, tx),

    isTrial: isTrialMember,
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
