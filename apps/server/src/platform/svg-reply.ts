import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DomainError } from './errors.ts';
import { failureResponses } from './responses.ts';

/** OpenAPI answers of a generated picture: the SVG, 304 for a matching ETag, 404. */
export const svgResponses = {
  200: { description: 'SVG image', content: { 'image/svg+xml': { schema: z.string() } } },
  304: z.undefined().describe('Not modified (If-None-Match)'),
  ...failureResponses('NOT_FOUND'),
};

/**
 * Sends a generated picture (game and vendor artwork, banners, head icons, footer logos): cacheable for a
 * year (its address carries a version), with an ETag; no picture is 404 NOT_FOUND with `reason`.
 */
export function sendSvg(
  request: FastifyRequest,
  reply: FastifyReply,
  svg: string | undefined,
  reason = 'PICTURE_NOT_FOUND',
) {
  if (svg === undefined) throw new DomainError('NOT_FOUND', { reason });
  const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 22)}"`;
  reply.header('etag', etag).header('cache-control', 'public, max-age=31536000, immutable');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type('image/svg+xml; charset=utf-8').send(svg);
}
