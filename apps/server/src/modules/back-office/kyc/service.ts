import {
  adminKycCalls,
  type AdminKycDecision,
  type AdminKycPage,
  type AdminKycSubmission,
} from '@kl/contracts/admin/kyc';
import type { KycPicture, KycState } from '@kl/contracts/kyc';
import { toPayeeName } from '@kl/contracts/verifier';
import { yearsOld } from '../../../platform/age.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { Db, DbOrTx, Tx } from '../../../platform/db.ts';
import { DomainError } from '../../../platform/errors.ts';
import {
  checkBirthDate,
  checkName,
  createKycRepository,
  isWaiting,
  KYC_WAITING_STATES,
  type KycSubmissionRow,
  nameMatches,
  pictureRefsOf,
  registeredPayeeName,
} from '../../kyc/index.ts';
import { createMemberRepository } from '../../member/index.ts';
import type { AuditActor, AuditLog } from '../audit.ts';
import { assertIndependentChecker } from '../four-eyes.ts';
import type { OperatorRepository } from '../operator-repository.ts';

/** A submission with its member's username and payee name. */
interface Reviewed {
  submission: KycSubmissionRow;
  username: string;
  payeeName: string | null;
}

function operatorIdOf(actor: AuditActor): string {
  if (!actor.operatorId) throw new DomainError('PERMISSION_DENIED');
  return actor.operatorId;
}

const notFound = () => new DomainError('NOT_FOUND', { reason: 'KYC_SUBMISSION_NOT_FOUND' });

/** What the audit log keeps of a submission: its state and whose it is, never the document's number. */
const auditOf = (row: KycSubmissionRow, username: string) => ({
  memberId: row.memberId,
  username,
  state: row.state,
  documentKind: row.documentKind,
  fullName: row.fullName,
  rejectReason: row.rejectReason,
});

/**
 * The identity-check queue of the back office (docs/back-office.md, "Identity checks";
 * docs/decisions/057-know-your-customer.md). Approving takes two operators: the first approval makes a
 * submission `approval_requested`, the approval of another, independent operator (four-eyes.ts) makes it
 * `approved`, and gives a member who registered no payee name the document's. Each approval checks the age
 * and the name again. Rejecting takes one operator, at either step. Every decision locks the submission's
 * row, so two operators' parallel clicks make one transition, and is audited in its transaction:
 * `kyc.first_approve`, `kyc.approve`, `kyc.reject`.
 */
export function createKycDesk(deps: {
  db: Db;
  clock: Clock;
  merchantCode: string;
  audit: AuditLog;
  operators: Pick<OperatorRepository, 'usernamesOf'>;
}) {
  const { db, clock, merchantCode, audit, operators } = deps;
  const submissions = createKycRepository(db);
  const members = createMemberRepository(db);

  async function viewsOf(rows: readonly Reviewed[], tx: DbOrTx = db): Promise<AdminKycSubmission[]> {
    const ids = rows.map((row) => row.submission.id);
    const operatorIds = rows.flatMap(({ submission }) =>
      [submission.approvalRequestedBy, submission.decidedBy].filter((id): id is string => id !== null),
    );
    // One after the other: a transaction's connection takes one query at a time.
    const pictures = await submissions.picturesOf(ids, tx);
    const names = await operators.usernamesOf([...new Set(operatorIds)], tx);
    const nameOf = (id: string | null) => (id === null ? null : (names.get(id) ?? ''));
    const now = clock();
    return rows.map(({ submission: row, username, payeeName }) => ({
      id: row.id,
      memberId: row.memberId,
      username,
      payeeName: registeredPayeeName(payeeName),
      state: row.state,
      documentKind: row.documentKind,
      documentNumber: row.documentNumber,
      fullName: row.fullName,
      birthDate: row.birthDate,
      age: yearsOld(row.birthDate, now),
      nameMatches: nameMatches(row.fullName, payeeName),
      pictures: pictureRefsOf(adminKycCalls.adminKycPicture.path, row.id, pictures.get(row.id) ?? []),
      submittedAt: row.submittedAt.toISOString(),
      approvalRequestedBy: nameOf(row.approvalRequestedBy),
      approvalRequestedAt: row.approvalRequestedAt?.toISOString() ?? null,
      decidedBy: nameOf(row.decidedBy),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      rejectReason: row.rejectReason,
    }));
  }

  async function viewOf(reviewed: Reviewed, tx: DbOrTx = db): Promise<AdminKycSubmission> {
    const [view] = await viewsOf([reviewed], tx);
    if (!view) throw notFound();
    return view;
  }

  /**
   * Runs a decision on the submission, its row locked and still waiting (a decided one is 409
   * KYC_CLOSED), with its member's row locked as well; answers the submission as it then is.
   */
  async function decide(
    submissionId: string,
    change: (
      row: KycSubmissionRow,
      holder: { username: string; payeeName: string | null },
      tx: Tx,
    ) => Promise<KycSubmissionRow>,
  ): Promise<AdminKycDecision> {
    return db.transaction(async (tx) => {
      const row = await submissions.lock(merchantCode, submissionId, tx);
      if (!row) throw notFound();
      if (!isWaiting(row.state)) throw new DomainError('KYC_CLOSED', { state: row.state });
      const holder = await members.lockOfMerchant(merchantCode, row.memberId, tx);
      if (!holder) throw notFound();
      const after = await change(row, holder, tx);
      const reviewed = await submissions.findWithMember(merchantCode, after.id, tx);
      if (!reviewed) throw notFound();
      return { submission: await viewOf(reviewed, tx) };
    });
  }

  return {
    /** The merchant's submissions in a state (those waiting when none is named), oldest first. */
    async list(query: {
      state?: KycState | undefined;
      username?: string | undefined;
      pageNo: number;
      pageSize: number;
    }): Promise<AdminKycPage> {
      const page = { pageNo: query.pageNo, pageSize: query.pageSize };
      let memberId: string | undefined;
      if (query.username) {
        const holder = await members.findByUsername(merchantCode, query.username);
        if (!holder) return { list: [], ...page, total: 0 };
        memberId = holder.id;
      }
      const states = query.state === undefined ? KYC_WAITING_STATES : [query.state];
      const { rows, total } = await submissions.queue(
        merchantCode,
        { states, memberId },
        { limit: query.pageSize, offset: (query.pageNo - 1) * query.pageSize },
      );
      return { list: await viewsOf(rows), ...page, total };
    },

    /** One submission of the merchant; 404 for any other. */
    async detail(submissionId: string): Promise<AdminKycSubmission> {
      const reviewed = await submissions.findWithMember(merchantCode, submissionId);
      if (!reviewed) throw notFound();
      return viewOf(reviewed);
    },

    /** A picture of one of the merchant's submissions; 404 for any other, or one it does not have. */
    async picture(submissionId: string, picture: KycPicture) {
      const row = await submissions.find(merchantCode, submissionId);
      const kept = row ? await submissions.picture(row.id, picture) : undefined;
      if (!kept) throw new DomainError('NOT_FOUND', { reason: 'KYC_PICTURE_NOT_FOUND' });
      return kept;
    },

    /**
     * Approves a waiting submission, the member's age and name checked again (KYC_UNDER_AGE,
     * KYC_NAME_MISMATCH): a submitted one is then `approval_requested` by this operator; one already
     * requested is `approved` by another, independent operator (409 SECOND_APPROVER_REQUIRED for the
     * one who asked, APPROVER_NOT_INDEPENDENT), and its name becomes the payee name of a member who has
     * none.
     */
    approve(actor: AuditActor, submissionId: string): Promise<AdminKycDecision> {
      const operatorId = operatorIdOf(actor);
      return decide(submissionId, async (row, holder, tx) => {
        const now = clock();
        checkBirthDate(row.birthDate, now);
        checkName(row.fullName, holder.payeeName);
        if (row.state === 'submitted') {
          const after = await submissions.update(
            row.id,
            { state: 'approval_requested', approvalRequestedBy: operatorId, approvalRequestedAt: now },
            tx,
          );
          await audit.record(
            actor,
            {
              action: 'kyc.first_approve',
              targetType: 'kyc_submission',
              targetId: row.id,
              before: auditOf(row, holder.username),
              after: auditOf(after, holder.username),
            },
            tx,
          );
          return after;
        }
        if (row.approvalRequestedBy === null) throw new DomainError('SECOND_APPROVER_REQUIRED');
        await assertIndependentChecker(tx, row.approvalRequestedBy, operatorId);
        const after = await submissions.update(
          row.id,
          { state: 'approved', decidedBy: operatorId, decidedAt: now },
          tx,
        );
        const payeeName = registeredPayeeName(holder.payeeName) === null ? toPayeeName(row.fullName) : null;
        if (payeeName !== null) await members.setPayeeNameIfNone(row.memberId, payeeName, now, tx);
        await audit.record(
          actor,
          {
            action: 'kyc.approve',
            targetType: 'kyc_submission',
            targetId: row.id,
            before: auditOf(row, holder.username),
            after: {
              ...auditOf(after, holder.username),
              ...(payeeName !== null && { payeeNameSet: payeeName }),
            },
          },
          tx,
        );
        return after;
      });
    },

    /** Rejects a waiting submission, at either step, with the reason its member reads. */
    reject(actor: AuditActor, submissionId: string, reason: string): Promise<AdminKycDecision> {
      const operatorId = operatorIdOf(actor);
      return decide(submissionId, async (row, holder, tx) => {
        const after = await submissions.update(
          row.id,
          { state: 'rejected', decidedBy: operatorId, decidedAt: clock(), rejectReason: reason },
          tx,
        );
        await audit.record(
          actor,
          {
            action: 'kyc.reject',
            targetType: 'kyc_submission',
            targetId: row.id,
            before: auditOf(row, holder.username),
            after: auditOf(after, holder.username),
          },
          tx,
        );
        return after;
      });
    },
  };
}

export type KycDesk = ReturnType<typeof createKycDesk>;
