import { TRIAL_MEMBER_TYPE } from '@kl/contracts/accounts';
import { announcement, contentBanner, helpItem, helpTopic, siteLink } from '../../db/schema/index.ts';
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

/**
 * Seeds the merchant's home content, help centre and links, and gives every member who may use the
 * inbox (not trial members) the welcome messages they lack. Idempotent: rows are inserted when their key
 * is missing, so what an operator changed since stays as it is.
 */
export async function seedContent(
  db: Db,
  tx: DbOrTx,
  merchantCode: string,
  now = new Date(),
): Promise<ContentSeedResult> {
  const withMerchant = <T extends object>(rows: readonly T[]) =>
    rows.map((row) => ({ ...row, merchantCode }));

  const banners = await tx
    .insert(contentBanner)
    .values(withMerchant(BANNERS))
    .onConflictDoNothing()
    .returning({ id: contentBanner.id });
  const announcements = await tx
    .insert(announcement)
    .values(withMerchant(announcementsAt(now)))
    .onConflictDoNothing()
    .returning({ id: announcement.id });
  await tx.insert(helpTopic).values(withMerchant(HELP_TOPICS)).onConflictDoNothing();
  const helpItems = await tx
    .insert(helpItem)
    .values(withMerchant(HELP_ITEMS))
    .onConflictDoNothing()
    .returning({ id: helpItem.id });
  const siteLinks = await tx
    .insert(siteLink)
    .values(withMerchant(SITE_LINKS))
    .onConflictDoNothing()
    .returning({ id: siteLink.id });

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

  return {
    bannersCreated: banners.length,
    announcementsCreated: announcements.length,
    helpItemsCreated: helpItems.length,
    siteLinksCreated: siteLinks.length,
    welcomeMessagesCreated,
  };
}
