import { z } from 'zod';
import type { ApiTable } from './api-call.ts';

/**
 * Know your customer: a member's identity documents (docs/decisions/057-know-your-customer.md).
 *
 * A member sends one submission: the document's kind, number, the full name and the birth date as printed
 * on it, and three pictures (front, back — not for a passport — and a selfie holding the document), as a
 * multipart form. Each picture is read by its bytes (PNG, JPEG, WebP), decoded and kept re-encoded as WebP
 * in the database, never under the web root; it is served only to its member and to operators who may
 * read members, with `Cache-Control: private, no-store`.
 *
 * States: `submitted` (waiting for an operator) → `approval_requested` (one operator approved; a second,
 * independent one confirms) → `approved`; or `rejected` with a reason the member reads, after which the
 * member submits again (a new submission). The member sees `approval_requested` as under review too.
 *
 * Rules checked when a submission is sent, and again when it is approved: the birth date makes the member
 * at least KYC_MIN_AGE years old (KYC_UNDER_AGE), and the name is the member's registered payee name as
 * banks write it (toPayeeName; KYC_NAME_MISMATCH) — a member who registered none takes the document's.
 */

export const KYC_DOCUMENT_KINDS = ['id_card', 'passport', 'driving_licence'] as const;
export type KycDocumentKind = (typeof KYC_DOCUMENT_KINDS)[number];

export const KYC_STATES = ['submitted', 'approval_requested', 'approved', 'rejected'] as const;
export type KycState = (typeof KYC_STATES)[number];
/** What the member is told: `none` before any submission; a submission waiting for its second approval is `submitted`. */
export const MEMBER_KYC_STATES = ['none', 'submitted', 'approved', 'rejected'] as const;
export type MemberKycState = (typeof MEMBER_KYC_STATES)[number];

export const KYC_PICTURES = ['front', 'back', 'selfie'] as const;
export type KycPicture = (typeof KYC_PICTURES)[number];
/** The pictures a kind of document needs: a passport has no back worth sending. */
export const kycPicturesOf = (kind: KycDocumentKind): readonly KycPicture[] =>
  kind === 'passport' ? ['front', 'selfie'] : KYC_PICTURES;

/** An upload's picture larger than this is refused (413 IMAGE_TOO_LARGE). */
export const KYC_PICTURE_MAX_BYTES = 8 * 1024 * 1024;
/** The longest side of a kept picture, in pixels (smaller ones are kept as sent). */
export const KYC_PICTURE_MAX_SIDE = 2000;
/** The youngest a member may be (years, from the document's birth date, Vietnam time). */
export const KYC_MIN_AGE = 18;
export const KYC_DOCUMENT_NUMBER = /^[A-Z0-9]{6,20}$/;
export const KYC_REJECT_REASON_MAX = 300;

/** The text fields of the multipart form (the pictures are file parts named as in KYC_PICTURES). */
export const kycSubmission = z.object({
  documentKind: z.enum(KYC_DOCUMENT_KINDS),
  /** Upper-cased and without spaces by the server before it is checked. */
  documentNumber: z
    .string()
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().regex(KYC_DOCUMENT_NUMBER)),
  /** As printed on the document; compared with the payee name in the banks' form (toPayeeName). */
  fullName: z.string().trim().min(2).max(50),
  birthDate: z.iso.date(),
});
export type KycSubmission = z.input<typeof kycSubmission>;

/** A kept picture: its address for the member (GET memberKycPicture) or the operator. */
export const kycPictureRef = z.object({ picture: z.enum(KYC_PICTURES), url: z.string() });
export type KycPictureRef = z.infer<typeof kycPictureRef>;

export const memberKycSubmission = z.object({
  id: z.uuid(),
  documentKind: z.enum(KYC_DOCUMENT_KINDS),
  /** Masked but for its last 4 characters. */
  documentNumberMasked: z.string(),
  fullName: z.string(),
  birthDate: z.iso.date(),
  pictures: z.array(kycPictureRef),
  submittedAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  /** The operator's reason, when rejected. */
  rejectReason: z.string().nullable(),
});
export type MemberKycSubmission = z.infer<typeof memberKycSubmission>;

/** GET the member's identity check: the state, the latest submission, and what withdrawals need. */
export const memberKyc = z.object({
  state: z.enum(MEMBER_KYC_STATES),
  submission: memberKycSubmission.nullable(),
  /** The merchant's rules (withdrawal.ts, withdrawal limits): KYC before the first withdrawal, and above this amount. */
  requiredForFirstWithdrawal: z.boolean(),
  requiredAbove: z.number().int().nullable(),
});
export type MemberKyc = z.infer<typeof memberKyc>;

export const kycPictureParams = z.object({
  submissionId: z.uuid(),
  picture: z.enum(KYC_PICTURES),
});

/**
 * The member's calls. POST memberSubmitKyc is a multipart form (kycSubmission's fields and the pictures);
 * it answers the new state. Refusals: 409 KYC_UNDER_REVIEW (one is waiting), 409 KYC_APPROVED, 400
 * KYC_UNDER_AGE (field birthDate), 400 KYC_NAME_MISMATCH (field fullName), 400 INVALID_INPUT (a field, or a
 * picture missing: `field` names it), 413 IMAGE_TOO_LARGE, 415 PICTURE_TYPE_NOT_ALLOWED, 400
 * PICTURE_NOT_DECODABLE (with `field`). GET memberKycPicture answers image/webp.
 */
export const kycCalls = {
  memberKyc: { method: 'GET', path: '/api/member/kyc', moduleId: 'PERSPNL3', response: memberKyc },
  memberSubmitKyc: { method: 'POST', path: '/api/member/kyc', moduleId: 'PERSPNL3', response: memberKyc },
  memberKycPicture: {
    method: 'GET',
    path: '/api/member/kyc/:submissionId/pictures/:picture',
    moduleId: 'PERSPNL3',
    params: kycPictureParams,
    raw: true,
  },
} as const satisfies ApiTable;
