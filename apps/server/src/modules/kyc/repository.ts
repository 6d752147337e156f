import { KYC_PICTURES, type KycPicture, type KycState } from '@kl/contracts/kyc';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  kycPicture,
  type KycPictureRow,
  kycSubmission,
  type KycSubmissionRow,
  type NewKycSubmissionRow,
} from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { memberPayeeName, memberUsername } from '../member/index.ts';

/** A picture made for a submission, not kept yet. */
export type NewKycPicture = Omit<KycPictureRow, 'submissionId'>;

/** What narrows the merchant's submissions in the back office's queue. */
export interface KycQueueFilter {
  /** The states listed (the waiting ones when the operator names none). */
  states: readonly KycState[];
  /** One member's only. */
  memberId?: string | undefined;
}

/** Pictures in their order on the screens: front, back, selfie. */
const byPictureOrder = (a: KycPicture, b: KycPicture) => KYC_PICTURES.indexOf(a) - KYC_PICTURES.indexOf(b);

/**
 * SQL of identity checks (docs/decisions/057-know-your-customer.md): the submissions and their pictures.
 * Statements run on the caller's transaction when one is given.
 */
export function createKycRepository(db: Db) {
  const queueCondition = (merchantCode: string, filter: KycQueueFilter): SQL | undefined =>
    and(
      eq(kycSubmission.merchantCode, merchantCode),
      inArray(kycSubmission.state, [...filter.states]),
      filter.memberId === undefined ? undefined : eq(kycSubmission.memberId, filter.memberId),
    );

  /** A submission with its member's username and payee name, as the back office shows it. */
  const withMember = {
    submission: kycSubmission,
    username: memberUsername(kycSubmission.memberId),
    payeeName: memberPayeeName(kycSubmission.memberId),
  };

  return {
    /**
     * The member's latest submission (the one their state is), if any. A submission is sent once the one
     * before was decided: of two sent at the same moment, the one still waiting, or the one decided last.
     */
    async latestOf(memberId: string, tx: DbOrTx = db): Promise<KycSubmissionRow | undefined> {
      const [row] = await tx
        .select()
        .from(kycSubmission)
        .where(eq(kycSubmission.memberId, memberId))
        .orderBy(desc(kycSubmission.submittedAt), sql`${kycSubmission.decidedAt} desc nulls first`)
        .limit(1);
      return row;
    },

    /**
     * Keeps a new submission with its pictures; undefined (nothing kept) when the member has one waiting
     * already (the partial unique index `kyc_submission_waiting_key`).
     */
    async insert(
      row: NewKycSubmissionRow,
      pictures: readonly NewKycPicture[],
      tx: DbOrTx,
    ): Promise<KycSubmissionRow | undefined> {
      const [created] = await tx.insert(kycSubmission).values(row).onConflictDoNothing().returning();
      if (!created) return undefined;
      await tx
        .insert(kycPicture)
        .values(pictures.map((picture) => ({ ...picture, submissionId: created.id })));
      return created;
    },

    /** The merchant's submission, if any. */
    async find(merchantCode: string, id: string, tx: DbOrTx = db): Promise<KycSubmissionRow | undefined> {
      const [row] = await tx
        .select()
        .from(kycSubmission)
        .where(and(eq(kycSubmission.merchantCode, merchantCode), eq(kycSubmission.id, id)));
      return row;
    },

    /** The merchant's submission with its member's username and payee name, if any. */
    async findWithMember(merchantCode: string, id: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select(withMember)
        .from(kycSubmission)
        .where(and(eq(kycSubmission.merchantCode, merchantCode), eq(kycSubmission.id, id)));
      return row;
    },

    /** The merchant's submission, locked until the transaction ends: one decision at a time. */
    async lock(merchantCode: string, id: string, tx: DbOrTx): Promise<KycSubmissionRow | undefined> {
      const [row] = await tx
        .select()
        .from(kycSubmission)
        .where(and(eq(kycSubmission.merchantCode, merchantCode), eq(kycSubmission.id, id)))
        .for('update');
      return row;
    },

    /** Changes a submission (decided by its caller, the row locked); answers it as it now is. */
    async update(
      id: string,
      change: Partial<Omit<KycSubmissionRow, 'id' | 'merchantCode' | 'memberId'>>,
      tx: DbOrTx,
    ): Promise<KycSubmissionRow> {
      const [row] = await tx.update(kycSubmission).set(change).where(eq(kycSubmission.id, id)).returning();
      if (!row) throw new Error(`identity check ${id} not written`);
      return row;
    },

    /** The pictures a submission keeps, in their order (without their bytes). */
    async picturesOf(submissionIds: readonly string[], tx: DbOrTx = db): Promise<Map<string, KycPicture[]>> {
      const kept = new Map<string, KycPicture[]>();
      if (submissionIds.length === 0) return kept;
      const rows = await tx
        .select({ submissionId: kycPicture.submissionId, picture: kycPicture.picture })
        .from(kycPicture)
        .where(inArray(kycPicture.submissionId, [...submissionIds]));
      for (const row of rows)
        kept.set(row.submissionId, [...(kept.get(row.submissionId) ?? []), row.picture]);
      for (const pictures of kept.values()) pictures.sort(byPictureOrder);
      return kept;
    },

    /** A picture of a submission with its bytes, if kept. */
    async picture(submissionId: string, picture: KycPicture): Promise<KycPictureRow | undefined> {
      const [row] = await db
        .select()
        .from(kycPicture)
        .where(and(eq(kycPicture.submissionId, submissionId), eq(kycPicture.picture, picture)));
      return row;
    },

    /**
     * A page of the merchant's submissions the filter keeps, oldest first (the queue is worked from its
     * head), each with its member's username and payee name; and how many the filter keeps.
     */
    async queue(merchantCode: string, filter: KycQueueFilter, page: { limit: number; offset: number }) {
      const where = queueCondition(merchantCode, filter);
      const [rows, [total]] = await Promise.all([
        db
          .select(withMember)
          .from(kycSubmission)
          .where(where)
          .orderBy(asc(kycSubmission.submittedAt), asc(kycSubmission.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ total: count() }).from(kycSubmission).where(where),
      ]);
      return { rows, total: total?.total ?? 0 };
    },
  };
}

export type KycRepository = ReturnType<typeof createKycRepository>;
