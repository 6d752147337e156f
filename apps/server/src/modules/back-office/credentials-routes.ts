import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/api-route.ts';
import type { CaptchaService } from '../verification/index.ts';
import { actorOf, type BackOfficeGuard, currentOperator, GUARD_FAILURES } from './guard.ts';
import type { Invitations } from './invitations.ts';
import type { OperatorRepository } from './operator-repository.ts';
import { requestOperatorReset } from './operator-reset.ts';
import type { OperatorRequests } from './operator-requests.ts';
import type { OwnPassword } from './own-password.ts';

/**
 * Operators' own credentials and requests another owner approves (docs/back-office.md, "Operators" and
 * "Signing in"): the sign-in captcha, the invitation page's calls, changing one's own password, resets.
 */
export function registerCredentialsRoutes(
  app: FastifyInstance,
  deps: {
    guard: BackOfficeGuard;
    merchantCode: string;
    captchaService: Pick<CaptchaService, 'issue'>;
    invitations: Invitations;
    ownPassword: OwnPassword;
    operators: OperatorRepository;
    requests: OperatorRequests;
  },
): void {
  const { guard, invitations, ownPassword, requests } = deps;

  route(app, 'adminCaptcha', {
    ...guard.guarded('adminCaptcha'),
    summary: 'A new captcha for the sign-in (asked once the server answers `captchaRequired`)',
    description: 'Valid 5 minutes and used once, as the site’s captchas (GET /api/captcha).',
    handler: (request, reply) => {
      reply.header('cache-control', 'no-store');
      return deps.captchaService.issue(request.ip);
    },
  });

  route(app, 'adminInvitation', {
    ...guard.guarded('adminInvitation'),
    summary: 'Whose invitation link it is and what it asks (the invitation page)',
    description:
      'Unknown or used link: 410 INVITATION_INVALID; past its time: 410 INVITATION_EXPIRED; a disabled ' +
      'operator: 403 ACCOUNT_UNAVAILABLE. Every request is counted per address first: 429.',
    failures: ['INVITATION_INVALID', 'INVITATION_EXPIRED', 'ACCOUNT_UNAVAILABLE', 'TOO_MANY_REQUESTS'],
    config: { rateLimit: false },
    handler: (request, reply) => {
      reply.header('cache-control', 'no-store');
      return invitations.lookup(request.body.token, request.ip);
    },
  });

  route(app, 'adminAcceptInvitation', {
    ...guard.guarded('adminAcceptInvitation'),
    summary: 'Set one’s own password and two-factor through an invitation link, and sign in',
    description:
      'Without a code: `enrol` (a new secret, its otpauth URI and QR code) or `code` (after a reset that kept ' +
      'the two-factor). With the right code the link is used up, once however many requests race, and the ' +
      'session cookie is set (`signed-in`). A new password shorter than 12: 400 INVALID_INPUT; a wrong current ' +
      'password (a reset that kept it): 401 WRONG_CREDENTIALS; a wrong code: 400 WRONG_VERIFICATION_CODE; ' +
      'the link unknown, used or expired: 410.',
    failures: [
      'INVITATION_INVALID',
      'INVITATION_EXPIRED',
      'ACCOUNT_UNAVAILABLE',
      'WRONG_CREDENTIALS',
      'WRONG_VERIFICATION_CODE',
      'TOO_MANY_REQUESTS',
    ],
    config: { rateLimit: false },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { result, session } = await invitations.accept(request.body, request.ip);
      if (session) guard.setSessionCookie(reply, session.token, session.expiresAt);
      return result;
    },
  });

  route(app, 'adminChangePassword', {
    ...guard.guarded('adminChangePassword'),
    summary: 'Change one’s own password (the old one and a current code); the other sessions end',
    description:
      'Wrong old password: 401 WRONG_CREDENTIALS; wrong or used code: 400 WRONG_VERIFICATION_CODE; the same ' +
      'password again: 400 INVALID_INPUT; 5 wrong in 15 minutes: 429.',
    failures: [...GUARD_FAILURES, 'WRONG_CREDENTIALS', 'WRONG_VERIFICATION_CODE', 'TOO_MANY_REQUESTS'],
    handler: (request) =>
      ownPassword.change(
        currentOperator(request),
        guard.sessionToken(request) ?? '',
        actorOf(request),
        request.body,
      ),
  });

  route(app, 'adminRequestOperatorReset', {
    ...guard.guarded('adminRequestOperatorReset'),
    summary: 'Ask for a reset of another operator’s password and/or two-factor (another owner approves)',
    description:
      'One’s own account: 400 INVALID_INPUT OWN_ACCOUNT; a reset of the operator already waiting: 409 ' +
      'OPERATOR_REQUEST_PENDING; unknown operator: 404.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND', 'OPERATOR_REQUEST_PENDING'],
    handler: (request) =>
      requestOperatorReset(
        { merchantCode: deps.merchantCode, operators: deps.operators, requests },
        actorOf(request),
        request.params.operatorId,
        request.body,
      ),
  });

  route(app, 'adminOperatorRequests', {
    ...guard.guarded('adminOperatorRequests'),
    summary: 'Requests waiting for (or given) a second operator’s decision, of the areas one reads',
    failures: GUARD_FAILURES,
    handler: (request) => requests.list(currentOperator(request), request.query),
  });

  route(app, 'adminDecideOperatorRequest', {
    ...guard.guarded('adminDecideOperatorRequest'),
    summary: 'Approve (applying it) or refuse a request another operator made',
    description:
      'Its requester: 409 SECOND_APPROVER_REQUIRED; one who held the requester’s invitation link or whose ' +
      'link the requester held: 409 APPROVER_NOT_INDEPENDENT; without write access to its area: 403; ' +
      'already decided or cancelled: 409 OPERATOR_REQUEST_CLOSED. An approved reset answers the new ' +
      'invitation link, this once.',
    failures: [
      ...GUARD_FAILURES,
      'NOT_FOUND',
      'SECOND_APPROVER_REQUIRED',
      'APPROVER_NOT_INDEPENDENT',
      'OPERATOR_REQUEST_CLOSED',
    ],
    handler: (request, reply) => {
      reply.header('cache-control', 'no-store');
      return requests.decide(
        currentOperator(request),
        actorOf(request),
        request.params.requestId,
        request.body,
      );
    },
  });

  route(app, 'adminCancelOperatorRequest', {
    ...guard.guarded('adminCancelOperatorRequest'),
    summary: 'Take back one’s own pending request',
    description: 'Another operator’s: 403; already decided or cancelled: 409 OPERATOR_REQUEST_CLOSED.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND', 'OPERATOR_REQUEST_CLOSED'],
    handler: (request) => requests.cancel(actorOf(request), request.params.requestId),
  });
}
