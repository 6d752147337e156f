import type { FeedbackStatus } from '@kl/contracts/feedback';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, type SQL, sql } from 'drizzle-orm';
import {
  feedback,
  feedbackImage,
  type FeedbackRow,
  type NewFeedbackImageRow,
} from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { prefixPattern } from '../../platform/like-pattern.ts';

/**
 * Members' feedback: what a member sends and reads back, and how the back office reads and answers it
 * (docs/back-office.md, "Chat, feedback and inbox"): every feedback of the merchant, its images, the reply
 * and the status.
 */

/** What the back office's feedback list is filtered by (each left out: any). */
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

/** Columns of an image without its bytes (lists never load them). */
const imageSummary = {
  id: feedbackImage.id,
  feedbackId: feedbackImage.feedbackId,
  position: feedbackImage.position,
  contentType: feedbackImage.contentType,
  byteSize: feedbackImage.byteSize,
  width: feedbackImage.width,
  height: feedbackImage.height,
  comment: feedbackImage.comment,
};

export type FeedbackImageSummary = Awaited<ReturnType<FeedbackRepository['imagesOf']>>[number];

export function createFeedbackRepository(db: Db) {
  return {
    async insert(
      row: typeof feedback.$inferInsert,
      images: Omit<NewFeedbackImageRow, 'feedbackId'>[],
      tx: DbOrTx,
    ) {
      const [created] = await tx.insert(feedback).values(row).returning();
      if (!created) throw new Error('feedback insert returned nothing');
      const stored =
        images.length === 0
          ? []
          : await tx
              .insert(feedbackImage)
              .values(images.map((image) => ({ ...image, feedbackId: created.id })))
              .returning(imageSummary);
      return { row: created, images: stored.sort((a, b) => a.position - b.position) };
    },

    /** How many feedback the member sent since `since`. */
    async countSince(memberId: string, since: Date, tx?: DbOrTx): Promise<number> {
      const [row] = await (tx ?? db)
        .select({ total: count() })
        .from(feedback)
        .where(and(eq(feedback.memberId, memberId), gte(feedback.createdAt, since)));
      return row?.total ?? 0;
    },

    /** One page of the member's feedback, newest first, and how many there are. */
    async page(memberId: string, limit: number, offset: number) {
      const where = eq(feedback.memberId, memberId);
      const [rows, [totalRow]] = await Promise.all([
        db
          .select()
          .from(feedback)
          .where(where)
          .orderBy(desc(feedback.createdAt), desc(feedback.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(feedback).where(where),
      ]);
      return { rows, total: totalRow?.total ?? 0 };
    },

    async imagesOf(feedbackIds: string[], tx: DbOrTx = db) {
      if (feedbackIds.length === 0) return [];
      return tx
        .select(imageSummary)
        .from(feedbackImage)
        .where(inArray(feedbackImage.feedbackId, feedbackIds))
        .orderBy(asc(feedbackImage.feedbackId), asc(feedbackImage.position));
    },

    /** An image with its bytes, if it belongs to a feedback of the member. */
    async ownedImage(memberId: string, imageId: string) {
      const [row] = await db
        .select({ contentType: feedbackImage.contentType, data: feedbackImage.data })
        .from(feedbackImage)
        .innerJoin(feedback, eq(feedback.id, feedbackImage.feedbackId))
        .where(and(eq(feedbackImage.id, imageId), eq(feedback.memberId, memberId)));
      return row;
    },

    /** The merchant's feedback, newest first, with how many images each has. */
    async pageForOperators(merchantCode: string, filter: FeedbackFilter, limit: number, offset: number) {
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

    async findOfMerchant(merchantCode: string, id: string): Promise<FeedbackRow | undefined> {
      const [row] = await db
        .select()
        .from(feedback)
        .where(and(eq(feedback.merchantCode, merchantCode), eq(feedback.id, id)));
      return row;
    },

    /** A feedback of the merchant, its row locked until the transaction ends (two operators answering). */
    async lockOfMerchant(merchantCode: string, id: string, tx: DbOrTx): Promise<FeedbackRow | undefined> {
      const [row] = await tx
        .select()
        .from(feedback)
        .where(and(eq(feedback.merchantCode, merchantCode), eq(feedback.id, id)))
        .for('update');
      return row;
    },

    /** The back office's answer: the status, the reply and when it was given. */
    async updateAnswer(
      id: string,
      set: Partial<Pick<FeedbackRow, 'status' | 'reply' | 'repliedAt'>>,
      tx: DbOrTx,
    ): Promise<FeedbackRow> {
      const [row] = await tx.update(feedback).set(set).where(eq(feedback.id, id)).returning();
      if (!row) throw new Error(`feedback ${id} vanished`);
      return row;
    },

    /** An image of a feedback of the merchant, with its bytes. */
    async imageOfMerchant(merchantCode: string, imageId: string) {
      const [row] = await db
        .select({ contentType: feedbackImage.contentType, data: feedbackImage.data })
        .from(feedbackImage)
        .innerJoin(feedback, eq(feedback.id, feedbackImage.feedbackId))
        .where(and(eq(feedbackImage.id, imageId), eq(feedback.merchantCode, merchantCode)));
      return row;
    },
  };
}

export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
