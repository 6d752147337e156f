import type { Clock } from '../../platform/clock.ts';
import type { MerchantService } from '../merchant/index.ts';
import { createAnnouncementService } from './announcements/service.ts';
import { createBannerService } from './banners/service.ts';
import { createHeadIconService } from './head-icons/service.ts';
import { createHelpService } from './help/service.ts';
import { createInboxService } from './inbox/service.ts';
import { createLinkService } from './links/service.ts';
import type { ContentRepository } from './repository.ts';

export interface ContentServiceDeps {
  content: ContentRepository;
  merchantService: MerchantService;
  clock: Clock;
}

/**
 * Home content, messages and help (product.md §2, §3, §4, §6, §7), one service per kind (its sub-folder's
 * `service.ts`): banners, announcements with per-member read flags, the inbox, the help centre, service
 * and footer links, head icons.
 */
export function createContentService(deps: ContentServiceDeps) {
  const { content, merchantService, clock } = deps;
  return {
    ...createBannerService({ banners: content, clock }),
    ...createAnnouncementService({ announcements: content, clock }),
    ...createInboxService({ inbox: content, clock }),
    ...createHelpService({ help: content }),
    ...createLinkService({ links: content, merchantService }),
    ...createHeadIconService({ headIcons: content, clock }),
  };
}

export type ContentService = ReturnType<typeof createContentService>;
