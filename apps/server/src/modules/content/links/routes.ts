import { LINK_ART_PREFIX } from '@kl/contracts/content';
import { z } from 'zod';
import { route } from '../../../platform/api-route.ts';
import { type ContentApp, langOf, PUBLIC_CACHE, sendSvg, svgResponses } from '../http.ts';
import type { LinkService } from './service.ts';

/**
 * The service and footer link calls and the footer's generated pictures (product.md §2 footer, side menu
 * and the service popup): open to visitors, cached.
 */

export interface LinkRoutesOptions {
  linkService: LinkService;
  merchantCode: string;
}

export function linkRoutes(app: ContentApp, { linkService, merchantCode }: LinkRoutesOptions): void {
  route(app, 'service', {
    summary:
      'Customer-service links (every csType) and resources (every resourceType), with the social links',
    description:
      'The customer service and resources of the status info, for the service popup and quick-nav.',
    tags: ['content'],
    etag: true,
    handler: async (request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE).header('vary', 'Accept-Language');
      return linkService.serviceLinks(merchantCode, langOf(request, request.query.lang));
    },
  });

  route(app, 'footerLinks', {
    summary: 'Footer: partner logos, badges and social links (Facebook, Telegram, Telegram2)',
    tags: ['content'],
    etag: true,
    handler: async (request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE).header('vary', 'Accept-Language');
      return linkService.footerLinks(merchantCode, langOf(request, request.query.lang));
    },
  });
}

/** The picture of a partner logo or badge of the footer (SVG, no envelope). */
export function linkPictureRoute(app: ContentApp, { linkService, merchantCode }: LinkRoutesOptions): void {
  app.route({
    method: 'GET',
    url: `${LINK_ART_PREFIX}:file`,
    config: { moduleId: 'COMM3', rateLimit: false },
    schema: {
      summary: 'A partner logo or badge of the footer (SVG)',
      tags: ['content'],
      params: z.object({ file: z.string().regex(/^[0-9]{1,12}\.svg$/) }),
      response: svgResponses,
    },
    handler: async (request, reply) =>
      sendSvg(
        request,
        reply,
        await linkService.linkArt(merchantCode, Number(request.params.file.slice(0, -4))),
      ),
  });
}
