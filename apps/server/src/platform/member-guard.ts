import { SESSION_COOKIE } from '@kl/contracts/accounts';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Clock } from './clock.ts';
import { clearCookie, readCookie, setCookie } from './cookies.ts';
import { DomainError } from './errors.ts';

/** The member behind the request's session cookie (set by the guard). */
export interface AuthenticatedMember {
  memberId: string;
  sessionId: string;
  username: string;
  merchantCode: string;
  type: number;
  firstTimeLogin: boolean;
  /** When the session ends unless renewed. */
  expiresAt: Date;
  /** Whether this call renewed the session (the cookie is set again with the new expiry). */
  renewed?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the member guard on calls that need a member; null elsewhere. */
    member: AuthenticatedMember | null;
  }
}

/** Finds the live session of a cookie token; undefined when unknown, expired, revoked or disabled. */
export type SessionResolver = (token: string) => Promise<AuthenticatedMember | undefined>;

export interface SessionCookies {
  /** The session token of the request's cookie, if any. */
  read(request: FastifyRequest): string | undefined;
  /** Sets the cookie until `expiresAt`. */
  set(reply: FastifyReply, token: string, expiresAt: Date): void;
  clear(reply: FastifyReply): void;
}

const SESSION_COOKIE_SCOPE = { path: '/', sameSite: 'Lax' } as const;

/** The `kl_session` cookie: HttpOnly, SameSite=Lax, Path=/, Secure in production. */
export function createSessionCookies(options: { secure: boolean; clock: Clock }): SessionCookies {
  return {
    read: (request) => readCookie(request, SESSION_COOKIE),
    set: (reply, token, expiresAt) =>
      setCookie(reply, SESSION_COOKIE, token, {
        ...SESSION_COOKIE_SCOPE,
        secure: options.secure,
        expires: expiresAt,
        now: options.clock(),
      }),
    clear: (reply) =>
      clearCookie(reply, SESSION_COOKIE, {
        ...SESSION_COOKIE_SCOPE,
        secure: options.secure,
        now: options.clock(),
      }),
  };
}

export interface MemberGuards {
  /** preHandler: any logged-in member (trial included). */
  member: preHandlerAsyncHookHandler;
  /** preHandler: a logged-in member who is not a trial member (product.md §6 free_reject). */
  realMember: preHandlerAsyncHookHandler;
}

/**
 * Guards of calls that need a member (product.md §6). Without the cookie: 401 NOT_LOGGED_IN. With an unknown,
 * expired or revoked token: 401 SESSION_EXPIRED and the cookie is cleared. Trial members (type 4) on a
 * call they may not use: 403 FEATURE_NOT_ENABLED with value { reason: 'free_reject' }.
 */
export function createMemberGuards(deps: {
  resolveSession: SessionResolver;
  cookies: SessionCookies;
  isTrial: (type: number) => boolean;
}): MemberGuards {
  async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<AuthenticatedMember> {
    const token = deps.cookies.read(request);
    if (!token) throw new DomainError('NOT_LOGGED_IN');
    const member = await deps.resolveSession(token);
    if (!member) {
      deps.cookies.clear(reply);
      throw new DomainError('SESSION_EXPIRED');
    }
    if (member.renewed) deps.cookies.set(reply, token, member.expiresAt);
    request.member = member;
    return member;
  }
  return {
    member: async function memberGuard(request, reply) {
      await authenticate(request, reply);
    },
    realMember: async function realMemberGuard(request, reply) {
      const member = await authenticate(request, reply);
      if (deps.isTrial(member.type)) throw new DomainError('FEATURE_NOT_ENABLED', { reason: 'free_reject' });
    },
  };
}

/** The member the guard found; a route without the guard calling this is a programming error. */
export function currentMember(request: FastifyRequest): AuthenticatedMember {
  if (!request.member) throw new Error('currentMember() on a route without the member guard');
  return request.member;
}
