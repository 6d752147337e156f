import { accessOf, allows } from '@kl/contracts/admin/access';
import { OPERATOR_COOKIE, OPERATOR_COOKIE_PATH } from '@kl/contracts/admin/auth';
import { ADMIN_CALL_RULES, type AdminCall } from '@kl/contracts/admin/calls';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { OperatorRow } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { clearCookie, readCookie, setCookie } from '../../platform/cookies.ts';
import { DomainError } from '../../platform/errors.ts';
import type { AuditActor } from './audit.ts';
import type { SignIn } from './sign-in.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in operator of a back-office call (set by its guard). */
    operator: OperatorRow | null;
  }
}

/** The signed-in operator of a call behind the guard. */
export function currentOperator(request: FastifyRequest): OperatorRow {
  if (!request.operator) throw new DomainError('NOT_LOGGED_IN');
  return request.operator;
}

/** Who is doing it, for the audit log. */
export function actorOf(request: FastifyRequest): AuditActor {
  const operator = currentOperator(request);
  return { operatorId: operator.id, username: operator.username, ip: request.ip };
}

/**
 * The operator session cookie and the guard of every back-office call (docs/back-office.md, "Roles"):
 * `guarded(call)` gives the route its OpenAPI tags and security and an onRequest hook that finds the
 * operator (401 NOT_LOGGED_IN without a live session, SESSION_EXPIRED after the idle time) and checks the
 * call's rule in ADMIN_CALL_RULES against the operator's role (403 PERMISSION_DENIED). The check runs
 * before the body is read.
 */
export function createBackOfficeGuard(deps: { signIn: SignIn; clock: Clock; secure: boolean }) {
  const { signIn, clock, secure } = deps;
  const scope = { path: OPERATOR_COOKIE_PATH, sameSite: 'Strict' as const, secure };

  const authenticate: (call: AdminCall) => onRequestHookHandler = (call) => async (request, reply) => {
    const rule = ADMIN_CALL_RULES[call];
    const token = readCookie(request, OPERATOR_COOKIE);
    const found = token === undefined ? undefined : await signIn.resolve(token);
    if (!found) throw new DomainError('NOT_LOGGED_IN');
    if (found.idleExpired) {
      clearCookie(reply, OPERATOR_COOKIE, { ...scope, now: clock() });
      throw new DomainError('SESSION_EXPIRED');
    }
    request.operator = found.operator;
    if (rule === 'public' || rule === 'session') return;
    const access = accessOf(found.operator.role, found.operator.readOnly)[rule.area];
    if (!allows(access, rule.access)) {
      request.log.warn({ operator: found.operator.username, call }, 'back-office call refused');
      throw new DomainError('PERMISSION_DENIED');
    }
  };

  return {
    /** What every back-office route spreads into its definition. */
    guarded(call: AdminCall) {
      const rule = ADMIN_CALL_RULES[call];
      return {
        tags: ['back office'],
        ...(rule === 'public'
          ? {}
          : {
              security: [{ operatorSession: [] }],
              onRequest: authenticate(call),
            }),
      } as const;
    },
    setSessionCookie(reply: FastifyReply, token: string, expires: Date): void {
      setCookie(reply, OPERATOR_COOKIE, token, { ...scope, expires, now: clock() });
    },
    clearSessionCookie(reply: FastifyReply): void {
      clearCookie(reply, OPERATOR_COOKIE, { ...scope, now: clock() });
    },
    sessionToken: (request: FastifyRequest) => readCookie(request, OPERATOR_COOKIE),
  };
}
export type BackOfficeGuard = ReturnType<typeof createBackOfficeGuard>;

/** The failures every guarded call can answer, for the OpenAPI document. */
export const GUARD_FAILURES = ['NOT_LOGGED_IN', 'SESSION_EXPIRED', 'PERMISSION_DENIED'] as const;
