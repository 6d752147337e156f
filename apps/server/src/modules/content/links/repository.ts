import { and, asc, eq } from 'drizzle-orm';
import { siteLink } from '../../../db/schema/index.ts';
import type { Db } from '../../../platform/db.ts';

/** Site link queries (product.md §2 footer and side menu, §3 customer-service links): partners, badges, social. */

export function createLinkRepository(db: Db) {
  return {
    async siteLinks(merchantCode: string) {
      return db
        .select()
        .from(siteLink)
        .where(eq(siteLink.merchantCode, merchantCode))
        .orderBy(asc(siteLink.kind), asc(siteLink.sortOrder), asc(siteLink.id));
    },

    async findSiteLink(merchantCode: string, id: number) {
      const [row] = await db
        .select()
        .from(siteLink)
        .where(and(eq(siteLink.merchantCode, merchantCode), eq(siteLink.id, id)));
      return row;
    },
  };
}

export type LinkRepository = ReturnType<typeof createLinkRepository>;
