import {
  isTrialMember,
  SESSION_IDLE_MINUTES,
  type EndedSessions,
  type LoginMethod,
  type MemberSessionList,
  type SessionInfo,
} from '@kl/contracts/accounts';
import type { MemberRow } from '../member/index.ts';
import { addMs, type Clock, DAY_MS, MINUTE_MS } from '../../platform/clock.ts';
import { randomToken, sha256Hex } from '../../platform/crypto.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { AuthenticatedMember } from '../../platform/member-guard.ts';
import { DomainError } from '../../platform/errors.ts';
import type { LoginAttemptRepository } from './repository.ts';
import type { SessionRepository } from './session-repository.ts';
import { isNewDevice, newDeviceNotice, type InboxNotice } from './new-device-notice.ts';
import { geoIpCountry } from '../../platform/geo-ip.ts';
import { describeUserAgent } from './user-agent.ts';

/**
 * A session ends its idle minutes after its last renewal (the merchant's SESSION_IDLE_MINUTES when it
 * started; 7 days unless the merchant chose less)…
 */
export const SESSION_IDLE_MS = SESSION_IDLE_MINUTES.default * MINUTE_MS;
/** …and never later than 30 days after the login. */
export const SESSION_MAX_MS = 30 * DAY_MS;
/** The devices a sign-in is compared with: those of the member's latest sessions. */
export const KNOWN_DEVICE_SESSIONS = 50;

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
 * started is kept in the member's login history with how it was started; with `notify`, a real member's
 * sign-in from a device none of their earlier sessions had is told in their inbox (docs/product.md, "Account
 * security").
 */
export function createSessionService(deps: {
  sessions: SessionRepository;
  clock: Clock;
  attempts?: Pick<LoginAttemptRepository, 'record'> | undefined;
  notify?:
    | ((member: Pick<MemberRow, 'id' | 'merchantCode'>, notice: InboxNotice, tx?: DbOrTx) => Promise<void>)
    | undefined;
  /** The merchant's idle timeout in minutes (SESSION_IDLE_MINUTES.default without it). */
  idleMinutesOf?: ((merchantCode: string, tx?: DbOrTx) => Promise<number>) | undefined;
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
      const newDevice =
        !firstTimeLogin &&
        deps.notify !== undefined &&
        !isTrialMember(member.type) &&
        isNewDevice(context.userAgent, await sessions.userAgentsOf(member.id, KNOWN_DEVICE_SESSIONS, tx));
      const idleMinutes =
        (await deps.idleMinutesOf?.(member.merchantCode, tx)) ?? SESSION_IDLE_MINUTES.default;
      const expiresAt = addMs(now, idleMinutes * MINUTE_MS);
      await sessions.insert(
        {
          memberId: member.id,
          tokenHash: sha256Hex(token),
          firstTimeLogin,
          createdAt: now,
          renewedAt: now,
          expiresAt,
          idleMinutes,
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
      if (newDevice) {
        await deps.notify?.(
          member,
          newDeviceNotice({ userAgent: context.userAgent, ip: context.ip, at: now }),
          tx,
        );
      }
      return { token, expiresAt, sessionInfo: toSessionInfo(member, { firstTimeLogin, expiresAt }) };
    },

    /**
     * The member of a live session token; undefined when unknown, expired, revoked or disabled. A call is
     * activity: once a tenth of the session's idle time has passed since it was last renewed, it is renewed
     * (`renewed`: the cookie follows), so a member who keeps using the site stays signed in and one who
     * leaves it is signed out after the idle time, at the cost of one write per tenth of it.
     */
    async resolve(token: string): Promise<AuthenticatedMember | undefined> {
      const found = await sessions.findByTokenHash(sha256Hex(token));
      if (!found) return undefined;
      const { session, member } = found;
      const now = clock();
      if (session.revokedAt || session.expiresAt <= now || member.disabledAt) return undefined;
      let { expiresAt } = session;
      let renewed = false;
      if (now.getTime() - session.renewedAt.getTime() >= (session.idleMinutes * MINUTE_MS) / 10) {
        const row = await sessions.renew(session.id, now, SESSION_MAX_MS);
        if (!row) return undefined;
        expiresAt = row.expiresAt;
        renewed = true;
      }
      return {
        memberId: member.id,
        sessionId: session.id,
        username: member.username,
        merchantCode: member.merchantCode,
        type: member.type,
        firstTimeLogin: session.firstTimeLogin,
        expiresAt,
        renewed,
      };
    },

    /** Pushes the expiry its idle time ahead (capped at 30 days after login); undefined when no longer live. */
    async renew(sessionId: string): Promise<Date | undefined> {
      const renewed = await sessions.renew(sessionId, clock(), SESSION_MAX_MS);
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
          country: geoIpCountry(row.ip),
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
