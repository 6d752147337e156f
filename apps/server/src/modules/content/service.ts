import { createAnswerCache } from '../../platform/answer-cache.ts';
import type { ChangeFeed, ChangeTopic } from '../../platform/change-feed.ts';
import { type Clock, MINUTE_MS } from '../../platform/clock.ts';
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
  /**
   * Keeps the answers the same for every visitor in memory until the 'content' topic changes
   * (docs/decisions/022-api-caching.md); without it, every call reads the database.
   */
  answerCache?: { changes: Pick<ChangeFeed, 'subscribe'>; enabled: boolean } | undefined;
}

/** Answers shown within dates (banners, announcements) are read again at least this often. */
const DATED_TTL_MS = 30_000;
/** Answers without dates (help, links) are read again at least this often. */
const UNDATED_TTL_MS = 10 * MINUTE_MS;

/**
 * Home content, messages and help (product.md §2, §3, §4, §6, §7), one service per kind (its sub-folder's
 * `service.ts`): banners, announcements with per-member read flags, the inbox, the help centre, service
 * and footer links, head icons.
 */
export function createContentService(deps: ContentServiceDeps) {
  const { content, merchantService, clock } = deps;
  const service = {
    ...createBannerService({ banners: content, clock }),
    ...createAnnouncementService({ announcements: content, clock }),
    ...createInboxService({ inbox: content, clock }),
    ...createHelpService({ help: content }),
    ...createLinkService({ links: content, merchantService }),
    ...createHeadIconService({ headIcons: content, clock }),
  };
  const { answerCache } = deps;
  if (!answerCache) return service;

  type Answer<K extends keyof typeof service> = Awaited<ReturnType<(typeof service)[K]>>;
  const cache = <V>(ttlMs: number, topics: readonly ChangeTopic[] = ['content']) =>
    createAnswerCache<V>({
      changes: answerCache.changes,
      topics,
      clock,
      ttlMs,
      enabled: answerCache.enabled,
    });
  const key = (...parts: unknown[]) => JSON.stringify(parts);
  const banners = cache<Answer<'banners'>>(DATED_TTL_MS);
  const announcements = cache<Answer<'announcements'>>(DATED_TTL_MS);
  const notice = cache<Answer<'notice'>>(DATED_TTL_MS);
  const popular = cache<Answer<'popular'>>(DATED_TTL_MS);
  const helpCentre = cache<Answer<'helpCentre'>>(UNDATED_TTL_MS);
  const helpItem = cache<Answer<'helpItem'>>(UNDATED_TTL_MS);
  // The links read the merchant's site information as well.
  const serviceLinks = cache<Answer<'serviceLinks'>>(UNDATED_TTL_MS, ['content', 'status']);
  const footerLinks = cache<Answer<'footerLinks'>>(UNDATED_TTL_MS, ['content', 'status']);

  return {
    ...service,
    banners: (merchantCode, groupName, lang) =>
      banners.get(key(merchantCode, groupName, lang), () => service.banners(merchantCode, groupName, lang)),
    // A member's answer carries read flags and counts: only a visitor's is kept.
    announcements: (merchantCode, viewer, query, lang) =>
      viewer
        ? service.announcements(merchantCode, viewer, query, lang)
        : announcements.get(key(merchantCode, query, lang), () =>
            service.announcements(merchantCode, null, query, lang),
          ),
    notice: (merchantCode, viewer, query, lang) =>
      viewer
        ? service.notice(merchantCode, viewer, query, lang)
        : notice.get(key(merchantCode, query, lang), () => service.notice(merchantCode, null, query, lang)),
    popular: (merchantCode, lang) =>
      popular.get(key(merchantCode, lang), () => service.popular(merchantCode, lang)),
    helpCentre: (merchantCode, query, lang) =>
      helpCentre.get(key(merchantCode, query, lang), () => service.helpCentre(merchantCode, query, lang)),
    helpItem: (merchantCode, itemId, lang) =>
      helpItem.get(key(merchantCode, itemId, lang), () => service.helpItem(merchantCode, itemId, lang)),
    serviceLinks: (merchantCode, lang) =>
      serviceLinks.get(key(merchantCode, lang), () => service.serviceLinks(merchantCode, lang)),
    footerLinks: (merchantCode, lang) =>
      footerLinks.get(key(merchantCode, lang), () => service.footerLinks(merchantCode, lang)),
  } satisfies typeof service;
}

export type ContentService = ReturnType<typeof createContentService>;
