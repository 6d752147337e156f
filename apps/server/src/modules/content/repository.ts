import type { Db } from '../../platform/db.ts';
import { createAnnouncementRepository } from './announcements/repository.ts';
import { createBannerRepository } from './banners/repository.ts';
import { createHeadIconRepository } from './head-icons/repository.ts';
import { createHelpRepository } from './help/repository.ts';
import { createInboxRepository } from './inbox/repository.ts';
import { createLinkRepository } from './links/repository.ts';

export type { AnnouncementFilter, AnnouncementWithRead } from './announcements/repository.ts';
export type { WelcomeMessage } from './inbox/repository.ts';

/**
 * The content module's queries, one set per kind (its sub-folder's `repository.ts`): banners,
 * announcements, inbox, help centre, site links, head icons.
 */
export function createContentRepository(db: Db) {
  return {
    ...createBannerRepository(db),
    ...createAnnouncementRepository(db),
    ...createInboxRepository(db),
    ...createHelpRepository(db),
    ...createLinkRepository(db),
    ...createHeadIconRepository(db),
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
