import { eq } from 'drizzle-orm';
import { memberHeadIcon } from '../../../db/schema/index.ts';
import type { Db } from '../../../platform/db.ts';

/** Head icon queries (product.md §2 member centre and the side menu's member panel): a member's choice. */

export function createHeadIconRepository(db: Db) {
  return {
    async headIconOf(memberId: string): Promise<number | undefined> {
      const [row] = await db
        .select({ headIconId: memberHeadIcon.headIconId })
        .from(memberHeadIcon)
        .where(eq(memberHeadIcon.memberId, memberId));
      return row?.headIconId;
    },

    async setHeadIcon(memberId: string, headIconId: number, at: Date) {
      await db
        .insert(memberHeadIcon)
        .values({ memberId, headIconId, updatedAt: at })
        .onConflictDoUpdate({ target: memberHeadIcon.memberId, set: { headIconId, updatedAt: at } });
    },
  };
}

export type HeadIconRepository = ReturnType<typeof createHeadIconRepository>;
