import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MemberGuards, SessionResolver } from '../../platform/member-guard.ts';
import { announcementRoutes } from './announcements/routes.ts';
import { bannerPictureRoute, bannerRoutes } from './banners/routes.ts';
import { avatarPictureRoute, headIconRoutes } from './head-icons/routes.ts';
import { helpRoutes } from './help/routes.ts';
import { inboxRoutes } from './inbox/routes.ts';
import { linkPictureRoute, linkRoutes } from './links/routes.ts';
import type { ContentService } from './service.ts';

export interface ContentRoutesOptions {
  contentService: ContentService;
  guards: MemberGuards;
  /** Finds the member of a session cookie: calls open to visitors add a member's read flags and counts. */
  resolveSession: SessionResolver;
  merchantCode: string;
}

/**
 * The content module's calls, one set per kind (its sub-folder's `routes.ts`), then the generated
 * pictures (raw SVG); registered in this order, which is the order of the OpenAPI document.
 */
export const contentRoutes: FastifyPluginAsyncZod<ContentRoutesOptions> = async (app, options) => {
  const { contentService, guards, resolveSession, merchantCode } = options;
  const banners = { bannerService: contentService, merchantCode };
  const headIcons = { headIconService: contentService, guards };
  const links = { linkService: contentService, merchantCode };

  bannerRoutes(app, banners);
  announcementRoutes(app, { announcementService: contentService, guards, resolveSession, merchantCode });
  inboxRoutes(app, { inboxService: contentService, guards });
  helpRoutes(app, { helpService: contentService, merchantCode });
  linkRoutes(app, links);
  headIconRoutes(app, headIcons);

  bannerPictureRoute(app, banners);
  avatarPictureRoute(app, headIcons);
  linkPictureRoute(app, links);
};
