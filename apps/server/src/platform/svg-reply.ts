import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DomainError } from './errors.ts';
import { rasterCache } from './raster.ts';
import { failureResponses } from './responses.ts';

/** OpenAPI answers of a generated picture: the SVG, 304 for a matching ETag, 404. */
export const svgResponses = {
  200: { description: 'SVG image', content: { 'image/svg+xml': { schema: z.string() } } },
  304: z.undefined().describe('Not modified (If-None-Match)'),
  ...failureResponses('NOT_FOUND'),
};

/** OpenAPI answers of a generated picture served as SVG or WebP (by the file's extension). */
export const pictureResponses = {
  ...svgResponses,
  200: {
    description: 'The picture: SVG for a .svg file, WebP for a .webp file',
    content: {
      'image/svg+xml': { schema: z.string() },
      'image/webp': { schema: z.string().describe('WebP image (binary)') },
    },
  },
};

/** The file name of a picture that is served in both formats: `<name>.svg` or `<name>.webp`. */
export const pictureFileName = (name: string) => new RegExp(`^${name}\\.(svg|webp)$`);

export type PictureFormat = 'svg' | 'webp';

/** '123.webp' → { name: '123', format: 'webp' }. */
export function pictureFile(file: string): { name: string; format: PictureFormat } {
  const dot = file.lastIndexOf('.');
  return { name: file.slice(0, dot), format: file.slice(dot + 1) === 'webp' ? 'webp' : 'svg' };
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const rasters = rasterCache();

/**
 * Sends a generated picture (game and vendor artwork, banners, head icons, footer logos): cacheable for a
 * year (its address carries a version), with an ETag; no picture is 404 NOT_FOUND with `reason`.
 */
export function sendSvg(
  request: FastifyRequest,
  reply: FastifyReply,
  svg: string | undefined,
  reason = 'PICTURE_NOT_FOUND',
  cacheControl = IMMUTABLE,
) {
  if (svg === undefined) throw new DomainError('NOT_FOUND', { reason });
  const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 22)}"`;
  reply.header('etag', etag).header('cache-control', cacheControl);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type('image/svg+xml; charset=utf-8').send(svg);
}

/**
 * Sends a generated picture as its file asks: the SVG, or the same drawn as WebP `width` pixels wide
 * (its own size without one; docs/decisions/029-raster-art.md). Same caching as `sendSvg`: a year
 * unless told otherwise (for an address without a version).
 */
export async function sendPicture(
  request: FastifyRequest,
  reply: FastifyReply,
  svg: string | undefined,
  {
    format,
    width,
    reason = 'PICTURE_NOT_FOUND',
    cacheControl = IMMUTABLE,
  }: { format: PictureFormat; width?: number; reason?: string; cacheControl?: string },
) {
  if (format === 'svg' || svg === undefined) return sendSvg(request, reply, svg, reason, cacheControl);
  const etag = rasters.etag(svg, width);
  reply.header('etag', etag).header('cache-control', cacheControl);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type('image/webp').send((await rasters.webp(svg, width)).body);
}
