import { adminCalls } from '@kl/contracts/admin/calls';
import type { MemberDetail } from '@kl/contracts/admin/members';
import { answer, on } from './fake-api.ts';

/** The member page's reads: the member `detail`, with no notes, tags or restrictions yet. */
export const memberPageRoutes = (detail: MemberDetail) => [
  on(adminCalls.adminMember, () => answer(adminCalls.adminMember, detail)),
  on(adminCalls.adminMemberRisk, () =>
    answer(adminCalls.adminMemberRisk, { notes: [], tags: [], restrictions: [] }),
  ),
];
