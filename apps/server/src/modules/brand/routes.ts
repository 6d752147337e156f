import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoute } from '../../platform/api-route.ts';
import { failureResponses } from '../../platform/responses.ts';
import type { MerchantService } from '../merchant/index.ts';
import { renderLogoSvg } from './logo.ts';

export interface BrandRoutesOptions {
  merchantService: MerchantService;
  merchantCode: string;
}

export const brandRoutes: FastifyPluginAsyncZod<BrandRoutesOptions> = async (app, options) => {
  app.route({
    ...apiRoute('logo'),
    schema: {
      summary: "The merchant's logo (SVG), drawn from its white-label name and colour",
      tags: ['brand'],
      response: {
        200: { description: 'SVG image', content: { 'image/svg+xml': { schema: z.string() } } },
        304: z.undefined().describe('Not modified (If-None-Match)'),
        ...failureResponses(),
      },
    },
    handler: async (request, reply) => {
      const merchant = await options.merchantService.getMerchant(options.merchantCode);
      const svg = renderLogoSvg(merchant.info.whitelabel);
      const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 22)}"`;
      reply.header('etag', etag).header('cache-control', 'public, max-age=300');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('image/svg+xml; charset=utf-8').send(svg);
    },
  });
};
