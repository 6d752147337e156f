import { BANNER_ART_PREFIX } from '@kl/contracts/content';
import { z } from 'zod';
import { route } from '../../../platform/api-route.ts';
import {
  type ContentApp,
  langOf,
  PUBLIC_CACHE,
  pictureFile,
  pictureFileName,
  pictureResponses,
  sendPicture,
} from '../http.ts';
import type { BannerService } from './service.ts';

/** The banner call and the banners' generated pictures (product.md §2 home carousel and popups). */

export interface BannerRoutesOptions {
  bannerService: BannerService;
  merchantCode: string;
}

export function bannerRoutes(app: ContentApp, { bannerService, merchantCode }: BannerRoutesOptions): void {
  route(app, 'banners', {
    summary: 'Banners of a group (m_home, m_live, m_popup, m_newgame, m_leftmenu), or of every group',
    description:
      'url is the generated picture in the language of the answer (lang, else Accept-Language). linkTarget is ' +
      'self for site paths and blank for other sites. Only banners shown now (active, within their dates).',
    tags: ['content'],
    etag: true,
    handler: async (request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE).header('vary', 'Accept-Language');
      return bannerService.banners(
        merchantCode,
        request.query.groupName,
        langOf(request, request.query.lang),
      );
    },
  });
}

/** The picture of a banner in a language (SVG, no envelope). */
export function bannerPictureRoute(
  app: ContentApp,
  { bannerService, merchantCode }: BannerRoutesOptions,
): void {
  app.route({
    method: 'GET',
    url: `${BANNER_ART_PREFIX}:file`,
    config: { moduleId: 'COMM3', rateLimit: false },
    schema: {
      summary: 'Picture of a banner in a language (SVG, or WebP at its own size)',
      tags: ['content'],
      params: z.object({ file: z.string().regex(pictureFileName('[0-9]{1,12}-(vi|en)')) }),
      response: pictureResponses,
    },
    handler: async (request, reply) => {
      const { name, format } = pictureFile(request.params.file);
      const [id = '', lang] = name.split('-');
      return sendPicture(
        request,
        reply,
        await bannerService.bannerArt(merchantCode, Number(id), lang === 'en' ? 'en' : 'vi'),
        { format },
      );
    },
  });
}
