import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  CHAT_COOKIE,
  CHAT_COOKIE_PATH,
  CHAT_OPERATOR_COOKIE,
  CHAT_OPERATOR_COOKIE_PATH,
  CHAT_OPERATOR_SESSION_TTL_MS,
} from '@kl/contracts/chat';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { addMs, type Clock } from '../../platform/clock.ts';
import { readCookie } from '../../platform/cookies.ts';
import { DomainError } from '../../platform/errors.ts';

/**
 * The two credentials of the chat: the member's chat cookie (traded for a one-time chat token, path
 * /api/chat) and the operator's (CHAT_OPERATOR_TOKEN as a bearer header, or the cookie it buys, path
 * /api/chat/ops). Both cookies are HttpOnly and SameSite=Strict; neither is the session cookie.
 */

/** Appends a Set-Cookie scoped to `path`; an undefined `expires` clears the cookie. */
function appendCookie(
  reply: FastifyReply,
  cookie: { name: string; value: string; path: string; secure: boolean; now: Date; expires?: Date },
): void {
  const maxAge = cookie.expires
    ? Math.max(0, Math.floor((cookie.expires.getTime() - cookie.now.getTime()) / 1000))
    : 0;
  const attributes = [
    `${cookie.name}=${encodeURIComponent(cookie.value)}`,
    `Path=${cookie.path}`,
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${maxAge}`,
    `Expires=${(cookie.expires ?? new Date(0)).toUTCString()}`,
    ...(cookie.secure ? ['Secure'] : []),
  ];
  const previous = reply.getHeader('set-cookie');
  const list = previous === undefined ? [] : Array.isArray(previous) ? previous : [String(previous)];
  reply.header('set-cookie', [...list, attributes.join('; ')]);
}

export function createChatCookies(options: { secure: boolean; clock: Clock }) {
  const { secure, clock } = options;
  return {
    read: (request: FastifyRequest) => readCookie(request, CHAT_COOKIE),
    set: (reply: FastifyReply, value: string, expires: Date) =>
      appendCookie(reply, {
        name: CHAT_COOKIE,
        value,
        path: CHAT_COOKIE_PATH,
        secure,
        now: clock(),
        expires,
      }),
    clear: (reply: FastifyReply) =>
      appendCookie(reply, { name: CHAT_COOKIE, value: '', path: CHAT_COOKIE_PATH, secure, now: clock() }),
  };
}
export type ChatCookies = ReturnType<typeof createChatCookies>;

const digest = (value: string) => createHash('sha256').update(value).digest();
const sameText = (left: string, right: string) => timingSafeEqual(digest(left), digest(right));

/**
 * The operator credential. Without CHAT_OPERATOR_TOKEN the operator calls and page do not exist (404); a
 * missing or wrong credential is NOT_LOGGED_IN (401). The cookie is `<expiry ms>.<HMAC-SHA256 of it keyed
 * with the token>`: every API process can check it, and changing the token signs every operator out.
 */
export function createOperatorAuth(options: { token: string | undefined; secure: boolean; clock: Clock }) {
  const { token, secure, clock } = options;
  const signature = (key: string, expiresMs: string) =>
    createHmac('sha256', key).update(`chat-operator\u0000${expiresMs}`).digest('base64url');

  function bearerMatches(request: FastifyRequest, key: string): boolean {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    return match?.[1] !== undefined && sameText(match[1], key);
  }

  function cookieMatches(request: FastifyRequest, key: string): boolean {
    const value = readCookie(request, CHAT_OPERATOR_COOKIE) ?? '';
    const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(value);
    if (!match?.[1] || !match[2]) return false;
    return Number(match[1]) > clock().getTime() && sameText(match[2], signature(key, match[1]));
  }

  function enabledToken(): string {
    if (token === undefined) throw new DomainError('NOT_FOUND');
    return token;
  }

  return {
    enabled: token !== undefined,
    /** onRequest hook of calls that need no credential but exist only with CHAT_OPERATOR_TOKEN. */
    async requireEnabled(): Promise<void> {
      enabledToken();
    },
    /** onRequest hook of the operator calls: the bearer header or a live operator cookie. */
    async check(request: FastifyRequest): Promise<void> {
      const key = enabledToken();
      if (!bearerMatches(request, key) && !cookieMatches(request, key))
        throw new DomainError('NOT_LOGGED_IN');
    },
    /** onRequest hook of signing in: the bearer header only. */
    async checkBearer(request: FastifyRequest): Promise<void> {
      if (!bearerMatches(request, enabledToken())) throw new DomainError('NOT_LOGGED_IN');
    },
    /** Sets the operator cookie; answers when it expires. */
    issueCookie(reply: FastifyReply): Date {
      const key = enabledToken();
      const now = clock();
      const expires = addMs(now, CHAT_OPERATOR_SESSION_TTL_MS);
      const expiresMs = String(expires.getTime());
      appendCookie(reply, {
        name: CHAT_OPERATOR_COOKIE,
        value: `${expiresMs}.${signature(key, expiresMs)}`,
        path: CHAT_OPERATOR_COOKIE_PATH,
        secure,
        now,
        expires,
      });
      return expires;
    },
    clearCookie(reply: FastifyReply): void {
      appendCookie(reply, {
        name: CHAT_OPERATOR_COOKIE,
        value: '',
        path: CHAT_OPERATOR_COOKIE_PATH,
        secure,
        now: clock(),
      });
    },
  };
}
export type OperatorAuth = ReturnType<typeof createOperatorAuth>;
