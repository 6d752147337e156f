import type { BannerGroup } from '@kl/contracts/content';
import { and, asc, eq, gt, isNull, lte, or, type SQL } from 'drizzle-orm';
import { contentBanner } from '../../../db/schema/index.ts';
import type { Db } from '../../../platform/db.ts';

/** Banner queries (product.md §2 home carousel and popups, §3 banners by group). */

/** Banners shown now. */
function visibleBanners(merchantCode: string, now: Date): SQL {
  return and(
    eq(contentBanner.merchantCode, merchantCode),
    eq(contentBanner.active, true),
    or(isNull(contentBanner.startsAt), lte(contentBanner.startsAt, now)),
    or(isNull(contentBanner.endsAt), gt(contentBanner.endsAt, now)),
  ) as SQL;
}

export function createBannerRepository(db: Db) {
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
  };
}

export type BannerRepository = ReturnType<typeof createBannerRepository>;
