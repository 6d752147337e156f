import { createHmac } from 'node:crypto';
import {
  CHAT_COOKIE,
  CHAT_COOKIE_PATH,
  CHAT_OPERATOR_COOKIE,
  CHAT_OPERATOR_COOKIE_PATH,
  CHAT_OPERATOR_SESSION_TTL_MS,
} from '@kl/contracts/chat';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { addMs, type Clock } from '../../platform/clock.ts';
import { clearCookie, readCookie, setCookie } from '../../platform/cookies.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { createOperatorAuth as createBearerCheck, sameSecret } from '../../platform/operator-auth.ts';

/**
 * The two credentials of the chat: the member's chat cookie (traded for a one-time chat token, path
 * /api/chat) and the operator's (CHAT_OPERATOR_TOKEN as a bearer header, or the cookie it buys, path
 * /api/chat/ops). Both cookies are HttpOnly and SameSite=Strict; neither is the session cookie.
 */

export function createChatCookies(options: { secure: boolean; clock: Clock }) {
  const { secure, clock } = options;
  const scope = { path: CHAT_COOKIE_PATH, sameSite: 'Strict' } as const;
  return {
    read: (request: FastifyRequest) => readCookie(request, CHAT_COOKIE),
    set: (reply: FastifyReply, value: string, expires: Date) =>
      setCookie(reply, CHAT_COOKIE, value, { ...scope, secure, now: clock(), expires }),
    clear: (reply: FastifyReply) => clearCookie(reply, CHAT_COOKIE, { ...scope, secure, now: clock() }),
  };
}
export type ChatCookies = ReturnType<typeof createChatCookies>;

/**
 * The operator credential. Without CHAT_OPERATOR_TOKEN the operator calls and page do not exist (404); a
 * missing or wrong credential is NOT_LOGGED_IN (401). The bearer token is checked by the shared operator
 * check (platform/operator-auth.ts: wrong tokens counted per address, locked out after too many). The
 * cookie is `<expiry ms>.<HMAC-SHA256 of it keyed with the token>`: every API process can check it, and
 * changing the token signs every operator out.
 */
export function createOperatorAuth(options: {
  token: string | undefined;
  secure: boolean;
  clock: Clock;
  db: DbOrTx;
}) {
  const { token, secure, clock } = options;
  const operatorScope = { path: CHAT_OPERATOR_COOKIE_PATH, sameSite: 'Strict' } as const;
  const bearer = createBearerCheck({ credential: 'chat', token, db: options.db, clock });
  const signature = (key: string, expiresMs: string) =>
    createHmac('sha256', key).update(`chat-operator\u0000${expiresMs}`).digest('base64url');

  function cookieMatches(request: FastifyRequest, key: string): boolean {
    const value = readCookie(request, CHAT_OPERATOR_COOKIE) ?? '';
    const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(value);
    if (!match?.[1] || !match[2]) return false;
    return Number(match[1]) > clock().getTime() && sameSecret(match[2], signature(key, match[1]));
  }

  const enabledToken = bearer.enabledToken;

  return {
    enabled: bearer.enabled,
    /** onRequest hook of calls that need no credential but exist only with CHAT_OPERATOR_TOKEN. */
    requireEnabled: bearer.requireEnabled,
    /** onRequest hook of the operator calls: a live operator cookie or the bearer header. */
    check: bearer.checkOr(cookieMatches),
    /** onRequest hook of signing in: the bearer header only. */
    checkBearer: bearer.check,
    /** Sets the operator cookie; answers when it expires. */
    issueCookie(reply: FastifyReply): Date {
      const key = enabledToken();
      const now = clock();
      const expires = addMs(now, CHAT_OPERATOR_SESSION_TTL_MS);
      const expiresMs = String(expires.getTime());
      setCookie(reply, CHAT_OPERATOR_COOKIE, `${expiresMs}.${signature(key, expiresMs)}`, {
        ...operatorScope,
        secure,
        now,
        expires,
      });
      return expires;
    },
    clearCookie(reply: FastifyReply): void {
      clearCookie(reply, CHAT_OPERATOR_COOKIE, { ...operatorScope, secure, now: clock() });
    },
  };
}
export type OperatorAuth = ReturnType<typeof createOperatorAuth>;
