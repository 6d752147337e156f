import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import { csvRoute } from '../exports/csv-route.ts';
import { actorOf, type BackOfficeGuard, GUARD_FAILURES } from '../guard.ts';
import type { MemberService } from './service.ts';

/** Member search and detail, disabling and ending sessions (docs/back-office.md, "Members"). */
export function registerMemberRoutes(
  app: FastifyInstance,
  deps: { guard: BackOfficeGuard; memberService: MemberService },
): void {
  const { guard, memberService } = deps;

  route(app, 'adminMembers', {
    ...guard.guarded('adminMembers'),
    summary: 'Members, newest first, searched by username, mobile, e-mail, bank account or register IP',
    description:
      '`field` any (the default) looks in all of them. Username: from the start, in any case; mobile: the ' +
      'digits anywhere in the dialing code and number; e-mail: the whole address, in any case; bank account: ' +
      'a number the member bound (also one removed since); register IP: exact. `tagId`: members carrying ' +
      'that tag of the merchant’s vocabulary. `available` is the ledger’s available balance (play money for ' +
      'a trial member); `lastLoginAt` the newest session.',
    failures: GUARD_FAILURES,
    handler: (request) => memberService.search(request.query),
  });

  csvRoute(app, guard, 'adminMembersCsv', {
    summary: 'Every member the search selects, as CSV, newest first',
    description:
      'The filters of the member list (q, field, tagId) and lang. Audited as member.export with the ' +
      'filters and the row count; more rows than EXPORT_MAX_ROWS: 400 EXPORT_TOO_LARGE.',
    failures: ['EXPORT_TOO_LARGE'],
    handler: (query, request) => memberService.exportCsv(actorOf(request), query),
  });

  route(app, 'adminMember', {
    ...guard.guarded('adminMember'),
    summary: 'A member: profile, VIP level, balances, and the latest 20 ledger lines, sessions and logins',
    description:
      'Ledger lines are those of the available account, newest first (`amount` negative for money out). ' +
      'Unknown member, or another merchant’s: 404.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND'],
    handler: (request) => memberService.detail(request.params.memberId),
  });

  route(app, 'adminSetMemberDisabled', {
    ...guard.guarded('adminSetMemberDisabled'),
    summary: 'Disable a member (they cannot log in and their sessions end) or enable them again',
    description:
      'Disabling ends every open session in the same transaction (`sessionsEnded`); audited with the reason. ' +
      'Unknown member: 404.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND'],
    handler: (request) => memberService.setDisabled(actorOf(request), request.params.memberId, request.body),
  });

  route(app, 'adminEndMemberSessions', {
    ...guard.guarded('adminEndMemberSessions'),
    summary: 'End every open session of a member (they must log in again)',
    description: 'Audited. Unknown member: 404.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND'],
    handler: (request) => memberService.endSessions(actorOf(request), request.params.memberId),
  });

  route(app, 'adminSendMemberPasswordReset', {
    ...guard.guarded('adminSendMemberPasswordReset'),
    summary: 'E-mail the member a password-reset link (the one a forgotten password sends)',
    description:
      'The link (valid 30 minutes, used once) goes to the member’s e-mail address only; the answer names ' +
      'the address, never the link. At most once a minute per member (TOO_MANY_REQUESTS). A member without ' +
      'an e-mail address: MEMBER_HAS_NO_EMAIL; one whose address is not verified: MEMBER_EMAIL_NOT_VERIFIED. ' +
      'Audited. Unknown member: 404.',
    failures: [
      ...GUARD_FAILURES,
      'NOT_FOUND',
      'MEMBER_HAS_NO_EMAIL',
      'MEMBER_EMAIL_NOT_VERIFIED',
      'TOO_MANY_REQUESTS',
    ],
    handler: (request) => memberService.sendPasswordReset(actorOf(request), request.params.memberId),
  });
}
