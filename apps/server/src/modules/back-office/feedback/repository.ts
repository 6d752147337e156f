import type { FeedbackStatus } from '@kl/contracts/feedback';
import { and, asc, count, desc, eq, gte, ilike, lt, type SQL, sql } from 'drizzle-orm';
import { feedback, feedbackImage, type FeedbackRow } from '../../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../../platform/db.ts';
import { prefixPattern } from '../../../platform/like-pattern.ts';

/** What the feedback list is filtered by (each left out: any). */
export interface FeedbackFilter {
  status?: FeedbackStatus | undefined;
  type?: number | undefined;
  /** The sender's username, from its start, in any case. */
  member?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** Images of the feedback row of the outer query. */
const imageCountOf = sql<number>`(select count(*) from feedback_image i
  where i.feedback_id = "feedback"."id")`.mapWith(Number);

/** Columns of an image without its bytes. */
const imageSummary = {
  id: feedbackImage.id,
  contentType: feedbackImage.contentType,
  byteSize: feedbackImage.byteSize,
  width: feedbackImage.width,
  height: feedbackImage.height,
  comment: feedbackImage.comment,
};

/**
 * Members' feedback as the back office reads and answers it (docs/back-office.md, "Chat, feedback and
 * inbox"): every feedback of the merchant, its images, the reply and the status.
 */
export function createFeedbackDeskRepository(db: Db) {
  return {
    /** Newest first, with how many images each has. */
    async page(merchantCode: string, filter: FeedbackFilter, limit: number, offset: number) {
      const where: SQL[] = [eq(feedback.merchantCode, merchantCode)];
      if (filter.status) where.push(eq(feedback.status, filter.status));
      if (filter.type !== undefined) where.push(eq(feedback.type, filter.type));
      if (filter.member) where.push(ilike(feedback.sender, prefixPattern(filter.member)));
      if (filter.from) where.push(gte(feedback.createdAt, new Date(filter.from)));
      if (filter.to) where.push(lt(feedback.createdAt, new Date(filter.to)));
      const condition = and(...where);
      const [rows, [total]] = await Promise.all([
        db
          .select({ row: feedback, imageCount: imageCountOf })
          .from(feedback)
          .where(condition)
          .orderBy(desc(feedback.createdAt), desc(feedback.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(feedback).where(condition),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    async find(merchantCode: string, id: string, tx: DbOrTx = db): Promise<FeedbackRow | undefined> {
      const [row] = await tx
        .select()
        .from(feedback)
        .where(and(eq(feedback.merchantCode, merchantCode), eq(feedback.id, id)));
      return row;
    },

    /** The feedback, its row locked until the transaction ends (two operators answering at once). */
    async lock(merchantCode: string, id: string, tx: DbOrTx): Promise<FeedbackRow | undefined> {
      const [row] = await tx
        .select()
        .from(feedback)
        .where(and(eq(feedback.merchantCode, merchantCode), eq(feedback.id, id)))
        .for('update');
      return row;
    },

    async update(
      id: string,
      set: Partial<Pick<FeedbackRow, 'status' | 'reply' | 'repliedAt'>>,
      tx: DbOrTx,
    ): Promise<FeedbackRow> {
      const [row] = await tx.update(feedback).set(set).where(eq(feedback.id, id)).returning();
      if (!row) throw new Error(`feedback ${id} vanished`);
      return row;
    },

    async imagesOf(feedbackId: string, tx: DbOrTx = db) {
      return tx
        .select(imageSummary)
        .from(feedbackImage)
        .where(eq(feedbackImage.feedbackId, feedbackId))
        .orderBy(asc(feedbackImage.position));
    },

    /** An image of a feedback of the merchant, with its bytes. */
    async image(merchantCode: string, imageId: string) {
      const [row] = await db
        .select({ contentType: feedbackImage.contentType, data: feedbackImage.data })
        .from(feedbackImage)
        .innerJoin(feedback, eq(feedback.id, feedbackImage.feedbackId))
        .where(and(eq(feedbackImage.id, imageId), eq(feedback.merchantCode, merchantCode)));
      return row;
    },
  };
}

export type FeedbackDeskRepository = ReturnType<typeof createFeedbackDeskRepository>;
export type FeedbackImageSummary = Awaited<ReturnType<FeedbackDeskRepository['imagesOf']>>[number];
