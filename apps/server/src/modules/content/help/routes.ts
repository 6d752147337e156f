import { route } from '../../../platform/api-route.ts';
import { type ContentApp, langOf, PUBLIC_CACHE } from '../http.ts';
import type { HelpService } from './service.ts';

/** The help centre calls (product.md §2 /m/help and /m/helpDetail): open to visitors, cached. */

export interface HelpRoutesOptions {
  helpService: HelpService;
  merchantCode: string;
}

export function helpRoutes(app: ContentApp, { helpService, merchantCode }: HelpRoutesOptions): void {
  route(app, 'helpCentre', {
    summary: 'Help centre: topics with their items (title, HTML content, tag), for a device and language',
    description:
      'device MOBILE (default) or WEB, lang vi or en (else Accept-Language), tag for one topic (an unknown ' +
      'tag answers no topics). Contents are HTML as written: sanitise before showing.',
    tags: ['help'],
    etag: true,
    handler: async (request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE).header('vary', 'Accept-Language');
      const { device, tag, lang } = request.query;
      return helpService.helpCentre(
        merchantCode,
        { device, ...(tag !== undefined && { tag }) },
        langOf(request, lang),
      );
    },
  });

  route(app, 'helpItem', {
    summary: 'One help item (the help detail)',
    description: 'An unknown item is 404 NOT_FOUND.',
    tags: ['help'],
    etag: true,
    failures: ['NOT_FOUND'],
    handler: async (request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE).header('vary', 'Accept-Language');
      return helpService.helpItem(merchantCode, request.query.itemId, langOf(request, request.query.lang));
    },
  });
}
