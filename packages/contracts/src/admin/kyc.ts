import { z } from 'zod';
import type { ApiTable } from '../api-call.ts';
import {
  KYC_DOCUMENT_KINDS,
  KYC_REJECT_REASON_MAX,
  KYC_STATES,
  kycPictureParams,
  kycPictureRef,
} from '../kyc.ts';
import { pageParams } from '../paging.ts';
import type { AdminCallRule } from './calls.ts';
import { ADMIN_PAGE_SIZE, adminPage } from './operators.ts';

/**
 * The identity-check queue of the back office (docs/back-office.md, "Identity checks";
 * docs/decisions/057-know-your-customer.md). It is the members area: risk and owners review, finance and
 * support read, content sees nothing — not even the pictures.
 *
 * Approving takes two operators: the first one's approval (`approve` on a submitted one) makes it
 * `approval_requested`; another, independent operator's (`approve` again) makes it `approved`. The one
 * who asked cannot confirm (409 SECOND_APPROVER_REQUIRED, or APPROVER_NOT_INDEPENDENT when either one's
 * credentials were issued by the other). Rejecting takes one operator, at either step, with the reason
 * the member reads. A decided submission answers 409 KYC_CLOSED. Approval checks the age and the name
 * again (KYC_UNDER_AGE, KYC_NAME_MISMATCH) with what the operator read on the pictures.
 */

export const adminKycSubmission = z.object({
  id: z.uuid(),
  memberId: z.uuid(),
  username: z.string(),
  /** The member's registered payee name (null: none; approval gives them the document's). */
  payeeName: z.string().nullable(),
  state: z.enum(KYC_STATES),
  documentKind: z.enum(KYC_DOCUMENT_KINDS),
  documentNumber: z.string(),
  fullName: z.string(),
  birthDate: z.iso.date(),
  /** Years old today (Vietnam time), from birthDate. */
  age: z.number().int(),
  /** Whether fullName, in the banks' form, is the payee name. */
  nameMatches: z.boolean(),
  pictures: z.array(kycPictureRef),
  submittedAt: z.iso.datetime(),
  /** The first approval: who and when (null before it). */
  approvalRequestedBy: z.string().nullable(),
  approvalRequestedAt: z.iso.datetime().nullable(),
  /** Who approved (the second operator) or rejected, and when. */
  decidedBy: z.string().nullable(),
  decidedAt: z.iso.datetime().nullable(),
  rejectReason: z.string().nullable(),
});
export type AdminKycSubmission = z.infer<typeof adminKycSubmission>;

/** Oldest first: the queue is worked from its head. `state` left out: those waiting (submitted and approval_requested). */
export const adminKycQuery = z.object({
  state: z.enum(KYC_STATES).optional(),
  /** A member's username (exact, any case). */
  username: z.string().trim().max(32).optional(),
  ...pageParams(ADMIN_PAGE_SIZE),
});
export type AdminKycQuery = z.input<typeof adminKycQuery>;
export const adminKycPage = adminPage(adminKycSubmission);
export type AdminKycPage = z.infer<typeof adminKycPage>;

export const kycSubmissionParams = z.object({ submissionId: z.uuid() });
export const rejectKycRequest = z.object({ reason: z.string().trim().min(1).max(KYC_REJECT_REASON_MAX) });
export type RejectKycRequest = z.input<typeof rejectKycRequest>;
/** The answer of a decision: the submission as it now is. */
export const adminKycDecision = z.object({ submission: adminKycSubmission });
export type AdminKycDecision = z.infer<typeof adminKycDecision>;

export const adminKycCalls = {
  adminKycSubmissions: {
    method: 'GET',
    path: '/api/admin/kyc',
    moduleId: 'ADMIN',
    query: adminKycQuery,
    response: adminKycPage,
  },
  adminKycSubmission: {
    method: 'GET',
    path: '/api/admin/kyc/:submissionId',
    moduleId: 'ADMIN',
    params: kycSubmissionParams,
    response: adminKycSubmission,
  },
  /** image/webp, private and never stored by a cache. */
  adminKycPicture: {
    method: 'GET',
    path: '/api/admin/kyc/:submissionId/pictures/:picture',
    moduleId: 'ADMIN',
    params: kycPictureParams,
    raw: true,
  },
  adminApproveKyc: {
    method: 'POST',
    path: '/api/admin/kyc/:submissionId/approve',
    moduleId: 'ADMIN',
    params: kycSubmissionParams,
    response: adminKycDecision,
  },
  adminRejectKyc: {
    method: 'POST',
    path: '/api/admin/kyc/:submissionId/reject',
    moduleId: 'ADMIN',
    params: kycSubmissionParams,
    body: rejectKycRequest,
    response: adminKycDecision,
  },
} as const satisfies ApiTable;

export const adminKycRules: Record<keyof typeof adminKycCalls, AdminCallRule> = {
  adminKycSubmissions: { area: 'members', access: 'read' },
  adminKycSubmission: { area: 'members', access: 'read' },
  adminKycPicture: { area: 'members', access: 'read' },
  adminApproveKyc: { area: 'members', access: 'write' },
  adminRejectKyc: { area: 'members', access: 'write' },
};
