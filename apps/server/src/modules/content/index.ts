import type { FastifyInstance } from 'fastify';
import type { ChangeFeed } from '../../platform/change-feed.ts';
import type { MemberGuards, SessionResolver } from '../../platform/member-guard.ts';
import type { ModuleContext } from '../../platform/module.ts';
import type { MerchantService } from '../merchant/index.ts';
import { createContentRepository } from './repository.ts';
import { contentRoutes } from './routes.ts';
import { createContentService } from './service.ts';

export type {
  AnnouncementRow,
  ContentBannerRow,
  HelpItemRow,
  HelpTopicRow,
  InboxSendRow,
  SiteLinkRow,
} from '../../db/schema/index.ts';
export { createAnnouncementRepository, type AnnouncementRepository } from './announcements/repository.ts';
export { createBannerRepository, type BannerRepository } from './banners/repository.ts';
export { bannerPictureUrl } from './banners/service.ts';
export { createHelpRepository, type HelpRepository } from './help/repository.ts';
export { createInboxRepository, type InboxRepository, type Recipients } from './inbox/repository.ts';
export { createLinkRepository, type LinkRepository } from './links/repository.ts';
export { siteLinkPictureUrl } from './links/service.ts';
export { createContentRepository, type ContentRepository } from './repository.ts';
export { contentRoutes } from './routes.ts';
export { createContentService, type ContentService } from './service.ts';
export { seedContent, type ContentSeedResult } from './seed.ts';

/**
 * Home content, messages and help wired together: banners, announcements, inbox, help centre, service
 * and footer links, head icons, and their generated pictures. Each kind has its sub-folder (`banners/`,
 * `announcements/`, `inbox/`, `help/`, `links/`, `head-icons/`) with its repository, service and routes;
 * `repository.ts`, `service.ts` and `routes.ts` here compose them.
 */
export function createContentModule(
  deps: Pick<ModuleContext, 'db' | 'clock' | 'config'> & {
    merchantService: MerchantService;
    /** Finds the member of a session cookie: calls open to visitors add a member's read flags and counts. */
    resolveSession: SessionResolver;
    /** Keeps the answers the same for every visitor until the content changes (022-api-caching.md). */
    changes?: ChangeFeed | undefined;
  },
) {
  const contentService = createContentService({
    content: createContentRepository(deps.db),
    merchantService: deps.merchantService,
    clock: deps.clock,
    answerCache: deps.changes && { changes: deps.changes, enabled: deps.config.answerCache },
  });
  return {
    contentService,
    async register(api: FastifyInstance, guards: MemberGuards): Promise<void> {
      await api.register(contentRoutes, {
        contentService,
        guards,
        resolveSession: deps.resolveSession,
        merchantCode: deps.config.merchantCode,
      });
    },
  };
}
