import { route } from '../../platform/api-route.ts';
import type { FastifyInstance } from 'fastify';
import type { AuditLog } from './audit.ts';
import { AUDIT_COLUMNS } from './exports/columns.ts';
import type { CsvExports } from './exports/csv-export.ts';
import { csvRoute } from './exports/csv-route.ts';
import { actorOf, type BackOfficeGuard, currentOperator, GUARD_FAILURES } from './guard.ts';
import type { OperatorService } from './operator-service.ts';
import { operatorSelfOf, type SignIn } from './sign-in.ts';

/** Signing in and out, operator accounts and the audit log (docs/back-office.md). */
export function registerOperatorRoutes(
  app: FastifyInstance,
  deps: {
    guard: BackOfficeGuard;
    signIn: SignIn;
    operatorService: OperatorService;
    audit: AuditLog;
    /** The merchant's time zone, told with the operator. */
    timeZone: () => Promise<string>;
    exports: CsvExports;
  },
): void {
  const { guard, signIn, operatorService, audit, timeZone, exports } = deps;

  route(app, 'adminLogin', {
    ...guard.guarded('adminLogin'),
    summary: 'Sign an operator in: password, then a TOTP code (the first sign-in enrols two-factor)',
    description:
      'Answers `enrol` (a new secret, its otpauth URI and QR code; only an operator made on the command line ' +
      'enrols here) or `code` after a right password without a code, and `signed-in` with the session cookie ' +
      '(HttpOnly, Path=/api/admin) after a right code. Wrong password: 401 WRONG_CREDENTIALS; wrong or reused ' +
      'code: 400 WRONG_VERIFICATION_CODE; disabled operator: 403 ACCOUNT_UNAVAILABLE; credentials reset and ' +
      'not set again through the link: 403 INVITATION_REQUIRED. Every check is counted first: 50 in 15 ' +
      'minutes lock the address (429); a username is never locked, but after 5 checks in 15 minutes each ' +
      'needs a captcha (400 CAPTCHA_REQUIRED, a wrong one 400 WRONG_VERIFICATION_CODE) and waits 1 s, ' +
      '2 s, 4 s… up to 60 s since the last (429 with retryAfterSeconds); such refusals carry captchaRequired.',
    failures: [
      'WRONG_CREDENTIALS',
      'WRONG_VERIFICATION_CODE',
      'ACCOUNT_UNAVAILABLE',
      'INVITATION_REQUIRED',
      'CAPTCHA_REQUIRED',
      'TOO_MANY_REQUESTS',
    ],
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
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return operatorSelfOf(currentOperator(request), await timeZone());
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
    summary: 'Create an operator: no password; the answer carries their invitation link, this once',
    description:
      'The operator sets their own password and two-factor through the link (/admin/invite#<token>, valid ' +
      '72 hours); the owner who made them holds it (credentialsIssuedBy). Username taken: 409 USERNAME_EXISTS.',
    failures: [...GUARD_FAILURES, 'USERNAME_EXISTS'],
    handler: (request) => operatorService.create(actorOf(request), request.body),
  });

  route(app, 'adminUpdateOperator', {
    ...guard.guarded('adminUpdateOperator'),
    summary: 'Change an operator’s role, read-only or disabled state',
    description:
      'Disabling ends their sessions; their password and two-factor are reset by a request another owner ' +
      'approves (adminRequestOperatorReset). An operator cannot change their own account ' +
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

  csvRoute(app, guard, 'adminAuditCsv', {
    summary: 'Every audit entry the filters select, as CSV, newest first',
    description:
      'The filters of the audit log and lang; before and after as JSON text. The export is itself audited ' +
      '(audit.export, with the filters and the row count); more rows than EXPORT_MAX_ROWS: 400 ' +
      'EXPORT_TOO_LARGE.',
    failures: ['EXPORT_TOO_LARGE'],
    handler: (query, request) =>
      exports.list(actorOf(request), query.lang, {
        action: 'audit.export',
        name: 'audit',
        filter: query,
        columns: AUDIT_COLUMNS,
        count: () => audit.count(query),
        rows: (after, limit) => audit.entries(query, { limit, after: after?.id }),
      }),
  });
}
