import type { BannerGroup } from '@kl/contracts/content';
import { and, asc, eq, gt, isNull, lte, max, or, type SQL } from 'drizzle-orm';
import { contentBanner, type ContentBannerRow, type NewContentBannerRow } from '../../../db/schema/index.ts';
import type { ChangeFeed } from '../../../platform/change-feed.ts';
import type { Db, DbOrTx } from '../../../platform/db.ts';

/**
 * Banner queries (product.md §2 home carousel and popups, §3 banners by group): those shown now; and the
 * back office's, which sees and writes every banner (docs/back-office.md, "Pictures, banners and the
 * help centre"). A write publishes the content's topic on `changes` in its transaction
 * (docs/decisions/022-api-caching.md), so the players' answers change at once.
 */

/** Banners shown now. */
function visibleBanners(merchantCode: string, now: Date): SQL {
  return and(
    eq(contentBanner.merchantCode, merchantCode),
    eq(contentBanner.active, true),
    or(isNull(contentBanner.startsAt), lte(contentBanner.startsAt, now)),
    or(isNull(contentBanner.endsAt), gt(contentBanner.endsAt, now)),
  ) as SQL;
}

export function createBannerRepository(db: Db, changes?: Pick<ChangeFeed, 'publish'>) {
  return {
    async banners(merchantCode: string, groupName: BannerGroup | undefined, now: Date) {
      const where = groupName
        ? and(visibleBanners(merchantCode, now), eq(contentBanner.groupName, groupName))
        : visibleBanners(merchantCode, now);
      return db
        .select()
        .from(contentBanner)
        .where(where)
        .orderBy(asc(contentBanner.groupName), asc(contentBanner.sortOrder), asc(contentBanner.id));
    },

    /** A banner of the merchant, shown or not (its picture stays reachable while cached pages link it). */
    async findBanner(merchantCode: string, id: number) {
      const [row] = await db
        .select()
        .from(contentBanner)
        .where(and(eq(contentBanner.merchantCode, merchantCode), eq(contentBanner.id, id)));
      return row;
    },

    /** Every banner of a group, shown now or not, in their order. */
    async bannersOfGroup(merchantCode: string, groupName: BannerGroup, tx: DbOrTx = db) {
      return tx
        .select()
        .from(contentBanner)
        .where(and(eq(contentBanner.merchantCode, merchantCode), eq(contentBanner.groupName, groupName)))
        .orderBy(asc(contentBanner.sortOrder), asc(contentBanner.id));
    },

    /** A banner, its row locked until the transaction ends (two saving at once). */
    async lockBanner(merchantCode: string, id: number, tx: DbOrTx): Promise<ContentBannerRow | undefined> {
      const [row] = await tx
        .select()
        .from(contentBanner)
        .where(and(eq(contentBanner.merchantCode, merchantCode), eq(contentBanner.id, id)))
        .for('update');
      return row;
    },

    /** The place after the last banner of a group. */
    async nextBannerSort(merchantCode: string, groupName: BannerGroup, tx: DbOrTx = db): Promise<number> {
      const [row] = await tx
        .select({ last: max(contentBanner.sortOrder) })
        .from(contentBanner)
        .where(and(eq(contentBanner.merchantCode, merchantCode), eq(contentBanner.groupName, groupName)));
      return (row?.last ?? 0) + 10;
    },

    async insertBanner(row: NewContentBannerRow, tx: DbOrTx = db): Promise<ContentBannerRow> {
      const [created] = await tx.insert(contentBanner).values(row).returning();
      if (!created) throw new Error('banner not inserted');
      await changes?.publish('content', tx);
      return created;
    },

    async updateBanner(
      id: number,
      set: Partial<NewContentBannerRow>,
      tx: DbOrTx = db,
    ): Promise<ContentBannerRow> {
      const [row] = await tx.update(contentBanner).set(set).where(eq(contentBanner.id, id)).returning();
      if (!row) throw new Error(`banner ${id} vanished`);
      await changes?.publish('content', tx);
      return row;
    },

    /** Gives the banners of `ids` the places 10, 20, 30… in that order. */
    async setBannerOrder(merchantCode: string, ids: readonly number[], at: Date, tx: DbOrTx): Promise<void> {
      for (const [index, id] of ids.entries()) {
        await tx
          .update(contentBanner)
          .set({ sortOrder: (index + 1) * 10, updatedAt: at })
          .where(and(eq(contentBanner.merchantCode, merchantCode), eq(contentBanner.id, id)));
      }
      await changes?.publish('content', tx);
    },
  };
}

export type BannerRepository = ReturnType<typeof createBannerRepository>;
