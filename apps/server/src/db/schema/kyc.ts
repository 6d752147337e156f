import { KYC_DOCUMENT_KINDS, KYC_PICTURES, KYC_STATES } from '@kl/contracts/kyc';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { operator } from './back-office.ts';
import { at, bytea, inList } from './columns.ts';
import { memberId, merchantCode } from './references.ts';

/**
 * Know your customer (docs/decisions/057-know-your-customer.md): a member's identity documents, each
 * submission with what the member typed from the document and its pictures, kept as the WebP the server
 * made of them in the database (never on disk under a web root). A submission waits (`submitted`, then
 * `approval_requested` after a first operator's approval) until a second, independent operator approves
 * it or one rejects it; a member has at most one waiting.
 */

/** The states in which a submission waits for operators. */
export const KYC_WAITING_STATES = ['submitted', 'approval_requested'] as const;

export const kycSubmission = pgTable(
  'kyc_submission',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: merchantCode(),
    memberId: memberId('cascade'),
    state: text('state', { enum: KYC_STATES }).notNull(),
    documentKind: text('document_kind', { enum: KYC_DOCUMENT_KINDS }).notNull(),
    /** Upper-case letters and digits, as the member typed it without spaces. */
    documentNumber: text('document_number').notNull(),
    /** As printed on the document. */
    fullName: text('full_name').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    submittedAt: at('submitted_at').notNull(),
    /** The first operator's approval: it then waits for another, independent operator's. */
    approvalRequestedBy: uuid('approval_requested_by').references(() => operator.id),
    approvalRequestedAt: at('approval_requested_at'),
    /** The operator who approved it (the second one) or rejected it. */
    decidedBy: uuid('decided_by').references(() => operator.id),
    decidedAt: at('decided_at'),
    /** Why it was rejected, for the member. */
    rejectReason: text('reject_reason'),
  },
  (table) => [
    // One waiting submission per member: a second one sent meanwhile is refused (KYC_UNDER_REVIEW).
    uniqueIndex('kyc_submission_waiting_key')
      .on(table.memberId)
      .where(inList(table.state, KYC_WAITING_STATES)),
    index('kyc_submission_member_idx').on(table.memberId, table.submittedAt),
    index('kyc_submission_queue_idx').on(table.merchantCode, table.state, table.submittedAt),
    check('kyc_submission_state_check', inList(table.state, KYC_STATES)),
    check('kyc_submission_document_kind_check', inList(table.documentKind, KYC_DOCUMENT_KINDS)),
    // Decided exactly when approved or rejected; a reason exactly when rejected.
    check(
      'kyc_submission_decided_check',
      sql`(${table.state} in ('approved', 'rejected')) = (${table.decidedAt} is not null)`,
    ),
    // A submission waiting for its second approval names its first approver.
    check(
      'kyc_submission_approval_requested_check',
      sql`${table.state} <> 'approval_requested' or ${table.approvalRequestedBy} is not null`,
    ),
    check(
      'kyc_submission_reject_reason_check',
      sql`(${table.state} = 'rejected') = (${table.rejectReason} is not null)`,
    ),
  ],
);

/** A submission's pictures (front, back, selfie): WebP the server encoded, at most 2,000 pixels a side. */
export const kycPicture = pgTable(
  'kyc_picture',
  {
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => kycSubmission.id, { onDelete: 'cascade' }),
    picture: text('picture', { enum: KYC_PICTURES }).notNull(),
    data: bytea('data').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.submissionId, table.picture] }),
    check('kyc_picture_picture_check', inList(table.picture, KYC_PICTURES)),
    check('kyc_picture_size_check', sql`${table.width} > 0 and ${table.height} > 0`),
  ],
);

export type KycSubmissionRow = typeof kycSubmission.$inferSelect;
export type NewKycSubmissionRow = typeof kycSubmission.$inferInsert;
export type KycPictureRow = typeof kycPicture.$inferSelect;
