import type { SiteLinkKind } from '@kl/contracts/content';
import { and, asc, eq, max } from 'drizzle-orm';
import { siteLink, type NewSiteLinkRow, type SiteLinkRow } from '../../../db/schema/index.ts';
import type { ChangeFeed } from '../../../platform/change-feed.ts';
import type { Db, DbOrTx } from '../../../platform/db.ts';

/**
 * Site link queries (product.md §2 footer and side menu, §3 customer-service links): partners, badges,
 * social; and the back office's writes (docs/back-office.md, "Footer and social links"). A write publishes
 * the content's topic on `changes` in its transaction (docs/decisions/022-api-caching.md), so the players'
 * footer and service answers change at once.
 */

export function createLinkRepository(db: Db, changes?: Pick<ChangeFeed, 'publish'>) {
  const ofMerchant = (merchantCode: string, id: number) =>
    and(eq(siteLink.merchantCode, merchantCode), eq(siteLink.id, id));

  return {
    async siteLinks(merchantCode: string, tx: DbOrTx = db) {
      return tx
        .select()
        .from(siteLink)
        .where(eq(siteLink.merchantCode, merchantCode))
        .orderBy(asc(siteLink.kind), asc(siteLink.sortOrder), asc(siteLink.id));
    },

    async findSiteLink(merchantCode: string, id: number) {
      const [row] = await db.select().from(siteLink).where(ofMerchant(merchantCode, id));
      return row;
    },

    /** The links of one kind, in their order. */
    async siteLinksOfKind(merchantCode: string, kind: SiteLinkKind, tx: DbOrTx = db) {
      return tx
        .select()
        .from(siteLink)
        .where(and(eq(siteLink.merchantCode, merchantCode), eq(siteLink.kind, kind)))
        .orderBy(asc(siteLink.sortOrder), asc(siteLink.id));
    },

    /** A link, its row locked until the transaction ends (two saving at once). */
    async lockSiteLink(merchantCode: string, id: number, tx: DbOrTx): Promise<SiteLinkRow | undefined> {
      const [row] = await tx.select().from(siteLink).where(ofMerchant(merchantCode, id)).for('update');
      return row;
    },

    /** The place after the last link of a kind. */
    async nextSiteLinkSort(merchantCode: string, kind: SiteLinkKind, tx: DbOrTx): Promise<number> {
      const [row] = await tx
        .select({ last: max(siteLink.sortOrder) })
        .from(siteLink)
        .where(and(eq(siteLink.merchantCode, merchantCode), eq(siteLink.kind, kind)));
      return (row?.last ?? 0) + 10;
    },

    async insertSiteLink(row: NewSiteLinkRow, tx: DbOrTx): Promise<SiteLinkRow> {
      const [created] = await tx.insert(siteLink).values(row).returning();
      if (!created) throw new Error('site link not inserted');
      await changes?.publish('content', tx);
      return created;
    },

    async updateSiteLink(id: number, set: Partial<NewSiteLinkRow>, tx: DbOrTx): Promise<SiteLinkRow> {
      const [row] = await tx.update(siteLink).set(set).where(eq(siteLink.id, id)).returning();
      if (!row) throw new Error(`site link ${id} vanished`);
      await changes?.publish('content', tx);
      return row;
    },

    async deleteSiteLink(merchantCode: string, id: number, tx: DbOrTx): Promise<void> {
      await tx.delete(siteLink).where(ofMerchant(merchantCode, id));
      await changes?.publish('content', tx);
    },

    /** Gives the links of `ids` the places 10, 20, 30… in that order. */
    async setSiteLinkOrder(merchantCode: string, ids: readonly number[], tx: DbOrTx): Promise<void> {
      for (const [index, id] of ids.entries()) {
        await tx
          .update(siteLink)
          .set({ sortOrder: (index + 1) * 10 })
          .where(ofMerchant(merchantCode, id));
      }
      await changes?.publish('content', tx);
    },
  };
}

export type LinkRepository = ReturnType<typeof createLinkRepository>;
