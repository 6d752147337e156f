import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute } from '../../platform/api-route.ts';
import { failureResponses } from '../../platform/responses.ts';
import { pictureResponses, sendPicture, svgResponses } from '../../platform/svg-reply.ts';
import type { MerchantService } from '../merchant/index.ts';
import { LOGO_HEIGHT, logoWidth, renderLogoSvg } from './logo.ts';

export interface BrandRoutesOptions {
  merchantService: MerchantService;
  merchantCode: string;
}

/** The logo's address has no version: browsers ask again after five minutes (with its ETag). */
const LOGO_CACHE = 'public, max-age=300';
/** The header shows the logo 32 CSS pixels high; phones draw up to three device pixels for each. */
const LOGO_PICTURE_HEIGHT = 96;

export const brandRoutes: FastifyPluginAsyncZod<BrandRoutesOptions> = async (app, options) => {
  const logo = async () => {
    const { whitelabel } = (await options.merchantService.getMerchant(options.merchantCode)).info;
    const width = Math.round((logoWidth(whitelabel.siteName) * LOGO_PICTURE_HEIGHT) / LOGO_HEIGHT);
    return { svg: renderLogoSvg(whitelabel), width };
  };

  app.route({
    ...apiRoute('logo'),
    schema: {
      summary: "The merchant's logo (SVG), drawn from its white-label name and colour",
      tags: ['brand'],
      response: { ...svgResponses, ...failureResponses() },
    },
    handler: async (request, reply) =>
      sendPicture(request, reply, (await logo()).svg, { format: 'svg', cacheControl: LOGO_CACHE }),
  });

  app.route({
    ...apiRoute('logoPicture'),
    schema: {
      summary: "The merchant's logo as WebP, 96 pixels high",
      tags: ['brand'],
      response: { ...pictureResponses, ...failureResponses() },
    },
    handler: async (request, reply) => {
      const { svg, width } = await logo();
      return sendPicture(request, reply, svg, { format: 'webp', width, cacheControl: LOGO_CACHE });
    },
  });
};
