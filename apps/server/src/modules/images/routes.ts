import { IMAGE_PREFIX } from '@kl/contracts/images';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../../platform/errors.ts';
import { failureResponses } from '../../platform/responses.ts';
import type { ImageStore } from './service.ts';

/** Its address names its bytes: a year, never asked again (docs/decisions/047-uploaded-pictures.md). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Uploaded pictures, served by their content-addressed path (`/api/images/<id>.webp`, no envelope). */
export function registerImageRoutes(app: FastifyInstance, deps: { imageStore: ImageStore }): void {
  app.route({
    method: 'GET',
    url: `${IMAGE_PREFIX}:file`,
    config: { moduleId: 'COMM3', rateLimit: false },
    schema: {
      summary: 'A picture uploaded in the back office (WebP), by the digest of its bytes',
      tags: ['content'],
      params: z.object({ file: z.string().regex(/^[0-9a-f]{32}\.webp$/) }),
      response: {
        200: { description: 'WebP image', content: { 'image/webp': { schema: z.string() } } },
        304: z.undefined().describe('Not modified (If-None-Match)'),
        ...failureResponses('NOT_FOUND'),
      },
    },
    handler: async (request, reply) => {
      const { file } = request.params as { file: string };
      const image = await deps.imageStore.find(file.slice(0, -'.webp'.length));
      if (!image) throw new DomainError('NOT_FOUND', { reason: 'PICTURE_NOT_FOUND' });
      const etag = `"${image.id}"`;
      reply.header('etag', etag).header('cache-control', IMMUTABLE);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      // Bytes are sent as they are; the string schema only describes the binary body in the docs.
      return reply.type(image.contentType).send(image.data as unknown as string);
    },
  });
}
