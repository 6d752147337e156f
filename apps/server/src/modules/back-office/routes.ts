import { route } from '../../platform/api-route.ts';
import type { FastifyInstance } from 'fastify';
import type { AuditLog } from './audit.ts';
import { actorOf, type BackOfficeGuard, currentOperator, GUARD_FAILURES } from './guard.ts';
import type { OperatorService } from './operator-service.ts';
import { operatorSelfOf, type SignIn } from './sign-in.ts';

/** Signing in and out, operator accounts and the audit log (docs/back-office.md). */
export function registerOperatorRoutes(
  app: FastifyInstance,
  deps: { guard: BackOfficeGuard; signIn: SignIn; operatorService: OperatorService; audit: AuditLog },
): void {
  const { guard, signIn, operatorService, audit } = deps;

  route(app, 'adminLogin', {
    ...guard.guarded('adminLogin'),
    summary: 'Sign an operator in: password, then a TOTP code (the first sign-in enrols two-factor)',
    description:
      'Answers `enrol` (a new secret, its otpauth URI and QR code) or `code` after a right password without a ' +
      'code, and `signed-in` with the session cookie (HttpOnly, Path=/api/admin) after a right code. Wrong ' +
      'password: 401 WRONG_CREDENTIALS; wrong or reused code: 400 WRONG_VERIFICATION_CODE; disabled operator: ' +
      '403 ACCOUNT_UNAVAILABLE; every check is counted first and 10 in 15 minutes lock the username: 429.',
    failures: ['WRONG_CREDENTIALS', 'WRONG_VERIFICATION_CODE', 'ACCOUNT_UNAVAILABLE', 'TOO_MANY_REQUESTS'],
    config: { rateLimit: false },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { result, session } = await signIn.signIn(request.body, request.ip);
      if (session) guard.setSessionCookie(reply, session.token, session.expiresAt);
      return result;
    },
  });

  route(app, 'adminSession', {
    ...guard.guarded('adminSession'),
    summary: 'The signed-in operator and what each area allows them',
    failures: GUARD_FAILURES,
    handler: (request, reply) => {
      reply.header('cache-control', 'no-store');
      return operatorSelfOf(currentOperator(request));
    },
  });

  route(app, 'adminLogout', {
    ...guard.guarded('adminLogout'),
    summary: 'Sign out: the session ends and its cookie is cleared',
    failures: GUARD_FAILURES,
    handler: async (request, reply) => {
      const token = guard.sessionToken(request);
      if (token) await signIn.signOut(token);
      await audit.record(actorOf(request), {
        action: 'operator.logout',
        targetType: 'operator',
        targetId: currentOperator(request).id,
      });
      guard.clearSessionCookie(reply);
      return { signedOut: true as const };
    },
  });

  route(app, 'adminOperators', {
    ...guard.guarded('adminOperators'),
    summary: 'Operator accounts, newest first',
    failures: GUARD_FAILURES,
    handler: (request) => operatorService.list(request.query),
  });

  route(app, 'adminCreateOperator', {
    ...guard.guarded('adminCreateOperator'),
    summary: 'Create an operator (they enrol two-factor at their first sign-in)',
    description: 'Username taken: 409 USERNAME_EXISTS.',
    failures: [...GUARD_FAILURES, 'USERNAME_EXISTS'],
    handler: (request) => operatorService.create(actorOf(request), request.body),
  });

  route(app, 'adminUpdateOperator', {
    ...guard.guarded('adminUpdateOperator'),
    summary: 'Change an operator’s role, read-only, disabled state, or reset their two-factor',
    description:
      'Disabling or resetting two-factor ends their sessions. An operator cannot change their own account ' +
      '(400 INVALID_INPUT OWN_ACCOUNT). Unknown operator: 404.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND'],
    handler: (request) => operatorService.update(actorOf(request), request.params.operatorId, request.body),
  });

  route(app, 'adminAudit', {
    ...guard.guarded('adminAudit'),
    summary: 'The audit log, newest first, filtered by operator, action, target and period',
    failures: GUARD_FAILURES,
    handler: (request) => audit.search(request.query),
  });
}
