import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import { actorOf, type BackOfficeGuard, GUARD_FAILURES } from '../guard.ts';
import type { RiskDesk } from './service.ts';

/** The risk queue, and notes, tags and restrictions on members (docs/back-office.md, "Risk queue…"). */
export function registerRiskRoutes(
  app: FastifyInstance,
  deps: { guard: BackOfficeGuard; riskDesk: RiskDesk },
) {
  const { guard, riskDesk } = deps;

  route(app, 'adminMemberRisk', {
    ...guard.guarded('adminMemberRisk'),
    summary: 'A member’s notes (newest first), tags and restrictions',
    description: 'Unknown member, or another merchant’s: 404.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND'],
    handler: (request) => riskDesk.memberRisk(request.params.memberId),
  });

  route(app, 'adminAddMemberNote', {
    ...guard.guarded('adminAddMemberNote'),
    summary: 'Add a note on a member (notes are never changed: a correction is a new note)',
    description: 'Audited as `member.note`. Unknown member: 404.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND'],
    handler: (request) => riskDesk.addNote(actorOf(request), request.params.memberId, request.body),
  });

  route(app, 'adminMemberTags', {
    ...guard.guarded('adminMemberTags'),
    summary: 'The merchant’s member tags, with how many members carry each',
    failures: GUARD_FAILURES,
    handler: () => riskDesk.tags(),
  });

  route(app, 'adminAddMemberTag', {
    ...guard.guarded('adminAddMemberTag'),
    summary: 'Tag a member by name; a new name joins the merchant’s tags (names match in any case)',
    description: 'Audited as `member.tag` when the tag was not on the member yet. Unknown member: 404.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND'],
    handler: (request) => riskDesk.addTag(actorOf(request), request.params.memberId, request.body),
  });

  route(app, 'adminRemoveMemberTag', {
    ...guard.guarded('adminRemoveMemberTag'),
    summary: 'Take a tag off a member (it stays among the merchant’s tags)',
    description: 'Audited as `member.tag` when it was on the member. Unknown member or tag: 404.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND'],
    handler: (request) => riskDesk.removeTag(actorOf(request), request.params.memberId, request.params.tagId),
  });

  route(app, 'adminSetMemberRestriction', {
    ...guard.guarded('adminSetMemberRestriction'),
    summary: 'Restrict a member from bonuses or withdrawals (with why), or lift it',
    description:
      'A restricted member’s promotion applications and bonus claims, or withdrawal requests, are refused ' +
      '403 MEMBER_RESTRICTED. Audited as `member.restrict` / `member.unrestrict`; no change writes nothing. ' +
      'Unknown member: 404.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND'],
    handler: (request) =>
      riskDesk.setRestriction(actorOf(request), request.params.memberId, request.params.kind, request.body),
  });

  route(app, 'adminRiskSignals', {
    ...guard.guarded('adminRiskSignals'),
    summary: 'The risk queue: signals newest first, by kind and status (open or reviewed)',
    failures: GUARD_FAILURES,
    handler: (request) => riskDesk.signals(request.query),
  });

  route(app, 'adminReviewRiskSignal', {
    ...guard.guarded('adminReviewRiskSignal'),
    summary: 'Mark a risk signal reviewed, with a note',
    description:
      'Audited as `risk_signal.review`. Reviewed already by someone else (or with another note): 409 ' +
      'RISK_SIGNAL_REVIEWED. Unknown signal: 404.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND', 'RISK_SIGNAL_REVIEWED'],
    handler: (request) => riskDesk.review(actorOf(request), request.params.signalId, request.body),
  });
}
