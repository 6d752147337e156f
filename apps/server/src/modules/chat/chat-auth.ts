import { CHAT_COOKIE, CHAT_COOKIE_PATH } from '@kl/contracts/chat';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import { clearCookie, readCookie, setCookie } from '../../platform/cookies.ts';

/**
 * The member's chat cookie (traded for a one-time chat token, path /api/chat): HttpOnly and
 * SameSite=Strict, never the session cookie. Operators answer in the back office, on their own session
 * (docs/back-office.md, "Chat, feedback and inbox").
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
