import { isRealMember } from '@kl/contracts/accounts';
import { ACTUAL_ACCOUNT_REQUIRED } from '@kl/contracts/deposit';
import {
  KYC_PICTURES,
  type KycPicture,
  kycCalls,
  kycPicturesOf,
  kycSubmission,
  type MemberKyc,
  type MemberKycState,
  type MemberKycSubmission,
} from '@kl/contracts/kyc';
import type { KycSubmissionRow } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { DomainError } from '../../platform/errors.ts';
import type { AuthenticatedMember } from '../../platform/member-guard.ts';
import { createMemberRepository } from '../member/index.ts';
import { moneyNumber } from '../wallet/index.ts';
import { createWithdrawalRepository } from '../withdrawal/index.ts';
import { prepareKycPicture } from './pictures.ts';
import { createKycRepository, type NewKycPicture } from './repository.ts';
import {
  checkBirthDate,
  checkName,
  isWaiting,
  maskDocumentNumber,
  memberStateOf,
  pictureRefsOf,
} from './rules.ts';
import type { KycForm } from './upload.ts';

type Member = Pick<AuthenticatedMember, 'memberId' | 'merchantCode' | 'type'>;

/** A submission as its member reads it: the number masked, the pictures at the member's own addresses. */
function memberSubmissionOf(row: KycSubmissionRow, pictures: readonly KycPicture[]): MemberKycSubmission {
  return {
    id: row.id,
    documentKind: row.documentKind,
    documentNumberMasked: maskDocumentNumber(row.documentNumber),
    fullName: row.fullName,
    birthDate: row.birthDate,
    pictures: pictureRefsOf(kycCalls.memberKycPicture.path, row.id, pictures),
    submittedAt: row.submittedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    rejectReason: row.rejectReason,
  };
}

/** The first problem of the form's text fields: 400 INVALID_INPUT naming the field. */
function parseFields(fields: KycForm['fields']) {
  const parsed = kycSubmission.safeParse(fields);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  const field = String(issue?.path[0] ?? '');
  throw new DomainError('INVALID_INPUT', {
    field,
    issues: [{ location: 'body', path: field, message: issue?.message ?? 'Invalid value' }],
  });
}

/**
 * A member's identity check (docs/decisions/057-know-your-customer.md): what they sent and its state, a new
 * submission (its rules, its pictures made and kept beside it in one transaction), and its pictures served
 * back to them. Trial members have nothing to check: 403 FEATURE_NOT_ENABLED (actual_account_required), as
 * withdrawals refuse them.
 */
export function createKycService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const submissions = createKycRepository(db);
  const members = createMemberRepository(db);
  const withdrawals = createWithdrawalRepository(db);

  function requireRealMember(member: Member): void {
    if (!isRealMember(member.type)) {
      throw new DomainError('FEATURE_NOT_ENABLED', { reason: ACTUAL_ACCOUNT_REQUIRED });
    }
  }

  /** Refuses a new submission while one waits or once one was approved. */
  function checkNoneOpen(latest: KycSubmissionRow | undefined): void {
    if (latest?.state === 'approved') throw new DomainError('KYC_APPROVED');
    if (latest && isWaiting(latest.state)) throw new DomainError('KYC_UNDER_REVIEW');
  }

  async function view(member: Member): Promise<MemberKyc> {
    const [latest, settings] = await Promise.all([
      submissions.latestOf(member.memberId),
      withdrawals.settings(member.merchantCode),
    ]);
    const pictures = latest ? await submissions.picturesOf([latest.id]) : undefined;
    return {
      state: memberStateOf(latest?.state),
      submission: latest ? memberSubmissionOf(latest, pictures?.get(latest.id) ?? []) : null,
      requiredForFirstWithdrawal: settings?.kycFirstWithdrawal ?? false,
      requiredAbove: settings?.kycAbove == null ? null : moneyNumber(settings.kycAbove),
    };
  }

  return {
    /** The member's state as they read it (`none` before any submission). */
    async stateOf(memberId: string, tx?: DbOrTx): Promise<MemberKycState> {
      return memberStateOf((await submissions.latestOf(memberId, tx))?.state);
    },

    async current(member: Member): Promise<MemberKyc> {
      requireRealMember(member);
      return view(member);
    },

    /**
     * Sends a submission: none may wait nor be approved (409 KYC_UNDER_REVIEW, KYC_APPROVED), the fields
     * valid and each picture of the document's kind there (400 INVALID_INPUT with `field`), the member old
     * enough (KYC_UNDER_AGE) and the name theirs (KYC_NAME_MISMATCH); then the pictures are made and kept
     * with it, the member's row locked so that two forms sent at once make one submission.
     */
    async submit(member: Member, form: KycForm): Promise<MemberKyc> {
      requireRealMember(member);
      checkNoneOpen(await submissions.latestOf(member.memberId));
      const fields = parseFields(form.fields);
      const needed = kycPicturesOf(fields.documentKind);
      for (const picture of KYC_PICTURES) {
        const sent = form.pictures[picture] !== undefined;
        if (!sent && needed.includes(picture)) {
          throw new DomainError('INVALID_INPUT', { field: picture, reason: 'REQUIRED' });
        }
        if (sent && !needed.includes(picture)) {
          throw new DomainError('INVALID_INPUT', { field: picture, reason: 'UNEXPECTED_FILE' });
        }
      }
      checkBirthDate(fields.birthDate, clock());
      const holder = await members.findById(member.memberId);
      if (!holder) throw new DomainError('NOT_FOUND');
      checkName(fields.fullName, holder.payeeName);
      // One picture after the other: each decoding holds its pixels in memory.
      const pictures: NewKycPicture[] = [];
      for (const picture of needed) {
        const bytes = form.pictures[picture];
        if (bytes) pictures.push(await prepareKycPicture(bytes, picture));
      }
      await db.transaction(async (tx) => {
        const locked = await members.lockOfMerchant(member.merchantCode, member.memberId, tx);
        if (!locked) throw new DomainError('NOT_FOUND');
        checkNoneOpen(await submissions.latestOf(member.memberId, tx));
        const created = await submissions.insert(
          {
            merchantCode: member.merchantCode,
            memberId: member.memberId,
            state: 'submitted',
            documentKind: fields.documentKind,
            documentNumber: fields.documentNumber,
            fullName: fields.fullName,
            birthDate: fields.birthDate,
            submittedAt: clock(),
          },
          pictures,
          tx,
        );
        if (!created) throw new DomainError('KYC_UNDER_REVIEW');
      });
      return view(member);
    },

    /** A picture of the member's own submission; another member's, or none kept, is 404. */
    async picture(member: Member, submissionId: string, picture: KycPicture) {
      requireRealMember(member);
      const row = await submissions.find(member.merchantCode, submissionId);
      const kept = row?.memberId === member.memberId ? await submissions.picture(row.id, picture) : undefined;
      if (!kept) throw new DomainError('NOT_FOUND', { reason: 'KYC_PICTURE_NOT_FOUND' });
      return kept;
    },
  };
}

export type KycService = ReturnType<typeof createKycService>;
