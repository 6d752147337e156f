import { and, asc, count, desc, eq, gte, inArray } from 'drizzle-orm';
import { feedback, feedbackImage, type NewFeedbackImageRow } from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';

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

    async imagesOf(feedbackIds: string[]) {
      if (feedbackIds.length === 0) return [];
      return db
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
  };
}

export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
