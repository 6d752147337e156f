import { ANNOUNCEMENT_TYPES } from '@kl/contracts/content';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { announcement, type AnnouncementRow } from '../../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../../platform/db.ts';

/**
 * Announcements as the back office manages them (docs/back-office.md, "Content"): all of the merchant's
 * announcements of the player kinds (B, PL, PU), shown now or not.
 */
export function createAnnouncementAdminRepository(db: Db) {
  const ofMerchant = (merchantCode: string) =>
    and(eq(announcement.merchantCode, merchantCode), inArray(announcement.type, [...ANNOUNCEMENT_TYPES]));

  return {
    /** Newest published first. */
    async page(merchantCode: string, limit: number, offset: number) {
      const where = ofMerchant(merchantCode);
      const rows = await db
        .select()
        .from(announcement)
        .where(where)
        .orderBy(desc(announcement.publishedAt), desc(announcement.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(announcement).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    async insert(row: typeof announcement.$inferInsert, tx: DbOrTx = db): Promise<AnnouncementRow> {
      const [created] = await tx.insert(announcement).values(row).returning();
      if (!created) throw new Error('announcement not inserted');
      return created;
    },

    /** The announcement, its row locked until the transaction ends (two operators saving it at once). */
    async lock(merchantCode: string, id: number, tx: DbOrTx): Promise<AnnouncementRow | undefined> {
      const [row] = await tx
        .select()
        .from(announcement)
        .where(and(ofMerchant(merchantCode), eq(announcement.id, id)))
        .for('update');
      return row;
    },

    async update(
      id: number,
      set: Partial<typeof announcement.$inferInsert>,
      tx: DbOrTx = db,
    ): Promise<AnnouncementRow> {
      const [row] = await tx.update(announcement).set(set).where(eq(announcement.id, id)).returning();
      if (!row) throw new Error(`announcement ${id} vanished`);
      return row;
    },
  };
}

export type AnnouncementAdminRepository = ReturnType<typeof createAnnouncementAdminRepository>;
