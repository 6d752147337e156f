import type { HelpDevice } from '@kl/contracts/content';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { helpItem, helpTopic } from '../../../db/schema/index.ts';
import type { Db } from '../../../platform/db.ts';

/** Help centre queries (product.md §2 /m/help and /m/helpDetail, §3 help topics): topics and their items. */

export function createHelpRepository(db: Db) {
  return {
    async helpTopics(merchantCode: string) {
      return db
        .select()
        .from(helpTopic)
        .where(eq(helpTopic.merchantCode, merchantCode))
        .orderBy(asc(helpTopic.sortOrder), asc(helpTopic.tag));
    },

    async helpItems(merchantCode: string, device: HelpDevice, tag?: string) {
      const conditions: SQL[] = [
        eq(helpItem.merchantCode, merchantCode),
        eq(helpItem.active, true),
        sql`${helpItem.devices} @> array[${device}]::text[]`,
      ];
      if (tag !== undefined) conditions.push(eq(helpItem.tag, tag));
      return db
        .select()
        .from(helpItem)
        .where(and(...conditions))
        .orderBy(asc(helpItem.tag), asc(helpItem.sortOrder), asc(helpItem.id));
    },

    async findHelpItem(merchantCode: string, id: number) {
      const [row] = await db
        .select()
        .from(helpItem)
        .where(and(eq(helpItem.merchantCode, merchantCode), eq(helpItem.id, id), eq(helpItem.active, true)));
      return row;
    },
  };
}

export type HelpRepository = ReturnType<typeof createHelpRepository>;
