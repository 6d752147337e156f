import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../platform/errors.ts';

/**
 * The withdrawal operator's credential: WITHDRAWAL_OPERATOR_TOKEN, sent as `Authorization: Bearer …` on
 * every call (the operator page keeps it in memory only, never in storage or a cookie). A credential of
 * its own: paying money out is not a task of the chat operators (CHAT_OPERATOR_TOKEN) nor of the site
 * switches (OPS_TOKEN). Without it the operator page and calls do not exist (404); a missing or wrong
 * credential is 401 NOT_LOGGED_IN.
 */
const digest = (value: string) => createHash('sha256').update(value).digest();

export function createWithdrawalOperatorAuth(token: string | undefined) {
  return {
    enabled: token !== undefined,
    async check(request: FastifyRequest): Promise<void> {
      if (token === undefined) throw new DomainError('NOT_FOUND');
      const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
      if (match?.[1] === undefined || !timingSafeEqual(digest(match[1]), digest(token))) {
        throw new DomainError('NOT_LOGGED_IN');
      }
    },
  };
}
export type WithdrawalOperatorAuth = ReturnType<typeof createWithdrawalOperatorAuth>;
