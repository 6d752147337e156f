import type { HelpDevice } from '@kl/contracts/content';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import {
  helpItem,
  type HelpItemRow,
  helpTopic,
  type HelpTopicRow,
  type NewHelpItemRow,
} from '../../../db/schema/index.ts';
import type { ChangeFeed } from '../../../platform/change-feed.ts';
import type { Db, DbOrTx } from '../../../platform/db.ts';

/**
 * Help centre queries (product.md §2 /m/help and /m/helpDetail, §3 help topics): topics and their items;
 * and the back office's, which sees and writes every topic and item (docs/back-office.md, "Pictures,
 * banners and the help centre"). A write publishes the content's topic on `changes` in its transaction
 * (docs/decisions/022-api-caching.md), so the players' answers change at once.
 */

export function createHelpRepository(db: Db, changes?: Pick<ChangeFeed, 'publish'>) {
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

    /** Every item of the merchant, active or not, by topic then order. */
    async allHelpItems(merchantCode: string, tx: DbOrTx = db) {
      return tx
        .select()
        .from(helpItem)
        .where(eq(helpItem.merchantCode, merchantCode))
        .orderBy(asc(helpItem.tag), asc(helpItem.sortOrder), asc(helpItem.id));
    },

    /** A topic, its row locked until the transaction ends. */
    async lockHelpTopic(merchantCode: string, tag: string, tx: DbOrTx): Promise<HelpTopicRow | undefined> {
      const [row] = await tx
        .select()
        .from(helpTopic)
        .where(and(eq(helpTopic.merchantCode, merchantCode), eq(helpTopic.tag, tag)))
        .for('update');
      return row;
    },

    /** A new topic; undefined when the merchant has one with this tag already. */
    async insertHelpTopic(row: HelpTopicRow, tx: DbOrTx = db): Promise<HelpTopicRow | undefined> {
      const [created] = await tx.insert(helpTopic).values(row).onConflictDoNothing().returning();
      if (created) await changes?.publish('content', tx);
      return created;
    },

    async updateHelpTopic(
      merchantCode: string,
      tag: string,
      set: Pick<HelpTopicRow, 'name' | 'sortOrder'>,
      tx: DbOrTx = db,
    ): Promise<HelpTopicRow> {
      const [row] = await tx
        .update(helpTopic)
        .set(set)
        .where(and(eq(helpTopic.merchantCode, merchantCode), eq(helpTopic.tag, tag)))
        .returning();
      if (!row) throw new Error(`help topic ${tag} vanished`);
      await changes?.publish('content', tx);
      return row;
    },

    /** An item, active or not, its row locked until the transaction ends. */
    async lockHelpItem(merchantCode: string, id: number, tx: DbOrTx): Promise<HelpItemRow | undefined> {
      const [row] = await tx
        .select()
        .from(helpItem)
        .where(and(eq(helpItem.merchantCode, merchantCode), eq(helpItem.id, id)))
        .for('update');
      return row;
    },

    async insertHelpItem(row: NewHelpItemRow, tx: DbOrTx = db): Promise<HelpItemRow> {
      const [created] = await tx.insert(helpItem).values(row).returning();
      if (!created) throw new Error('help item not inserted');
      await changes?.publish('content', tx);
      return created;
    },

    async updateHelpItem(id: number, set: Partial<NewHelpItemRow>, tx: DbOrTx = db): Promise<HelpItemRow> {
      const [row] = await tx.update(helpItem).set(set).where(eq(helpItem.id, id)).returning();
      if (!row) throw new Error(`help item ${id} vanished`);
      await changes?.publish('content', tx);
      return row;
    },
  };
}

export type HelpRepository = ReturnType<typeof createHelpRepository>;
