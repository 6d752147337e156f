import { TRIAL_MEMBER_TYPE } from '@kl/contracts/accounts';
import { eq, sql } from 'drizzle-orm';
import { announcement, contentBanner, helpItem, siteLink } from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { createContentRepository } from './repository.ts';
import {
  announcementsAt,
  BANNERS,
  HELP_ITEMS,
  HELP_TOPICS,
  SITE_LINKS,
  welcomeMessagesFor,
} from './seed-data.ts';

export interface ContentSeedResult {
  bannersCreated: number;
  announcementsCreated: number;
  helpItemsCreated: number;
  siteLinksCreated: number;
  welcomeMessagesCreated: number;
}

type KeyedTable = typeof contentBanner | typeof announcement | typeof helpItem | typeof siteLink;

/**
 * Seeds the merchant's home content, help centre and links, and gives every member who may use the
 * inbox (not trial members) the welcome messages they lack. Each row is written by the statement the back
 * office writes it with (the content repositories). Idempotent: rows are inserted when their key is
 * missing, so what an operator changed since stays as it is.
 */
export async function seedContent(
  db: Db,
  tx: DbOrTx,
  merchantCode: string,
  now = new Date(),
): Promise<ContentSeedResult> {
  const content = createContentRepository(db);
  const keysOf = async (table: KeyedTable) =>
    new Set(
      (
        await tx
          .select({
            key: table === siteLink ? sql<string>`${siteLink.kind} || ':' || ${siteLink.key}` : table.key,
          })
          .from(table)
          .where(eq(table.merchantCode, merchantCode))
      ).map((row) => row.key),
    );
  /** Inserts the rows whose key the merchant lacks, one by one, as the back office does; answers how many. */
  const addMissing = async <T extends { key: string }>(
    table: KeyedTable,
    rows: readonly T[],
    insert: (row: T & { merchantCode: string }) => Promise<unknown>,
    keyOf: (row: T) => string = (row) => row.key,
  ) => {
    const existing = await keysOf(table);
    const missing = rows.filter((row) => !existing.has(keyOf(row)));
    for (const row of missing) await insert({ ...row, merchantCode });
    return missing.length;
  };

  const bannersCreated = await addMissing(contentBanner, BANNERS, (row) => content.insertBanner(row, tx));
  const announcementsCreated = await addMissing(announcement, announcementsAt(now), (row) =>
    content.insertAnnouncement(row, tx),
  );
  for (const topic of HELP_TOPICS) await content.insertHelpTopic({ ...topic, merchantCode }, tx);
  const helpItemsCreated = await addMissing(helpItem, HELP_ITEMS, (row) => content.insertHelpItem(row, tx));
  // A link's key is unique within its kind.
  const siteLinksCreated = await addMissing(
    siteLink,
    SITE_LINKS,
    (row) => content.insertSiteLink(row, tx),
    (row) => `${row.kind}:${row.key}`,
  );

  const joinedAt = new Date(0);
  const welcomeMessagesCreated = await createContentRepository(db).insertWelcomeForAll(
    merchantCode,
    TRIAL_MEMBER_TYPE,
    welcomeMessagesFor(joinedAt).map(({ sentAt, ...message }) => ({
      ...message,
      secondsAfterJoining: (sentAt.getTime() - joinedAt.getTime()) / 1000,
    })),
    tx,
  );

  return { bannersCreated, announcementsCreated, helpItemsCreated, siteLinksCreated, welcomeMessagesCreated };
}
