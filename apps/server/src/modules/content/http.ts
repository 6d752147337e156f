import { createHash } from 'node:crypto';
import type { ContentLang } from '@kl/contracts/content';
import { localeFromAcceptLanguage } from '@kl/contracts/i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../platform/errors.ts';
import { failureResponses } from '../../platform/responses.ts';

/**
 * What the routes of every content kind share (docs/conventions.md, "One typed API table"): the language
 * of an answer, its cache headers, the failures of a member's call and the sending of generated pictures.
 */

/** The app the content routes are registered on (zod types its requests). */
export type ContentApp = Parameters<FastifyPluginAsyncZod>[0];

export const SESSION_FAILURES = ['NOT_LOGGED_IN', 'SESSION_EXPIRED'] as const;

/** Content the same for everyone, in the language asked. */
export const PUBLIC_CACHE = 'public, max-age=300';
/** Content whose answer depends on who asks. */
export const PRIVATE = 'private, no-store';

/** The language of the answer: `lang` when given, else the Accept-Language header (Vietnamese by default). */
export const langOf = (request: FastifyRequest, asked: ContentLang | undefined): ContentLang =>
  asked ?? localeFromAcceptLanguage(request.headers['accept-language']);

export const svgResponses = {
  200: { description: 'SVG image', content: { 'image/svg+xml': { schema: z.string() } } },
  304: z.undefined().describe('Not modified (If-None-Match)'),
  ...failureResponses('NOT_FOUND'),
};

/** Sends a generated picture: cacheable for a year (its address carries a version), with an ETag. */
export function sendSvg(request: FastifyRequest, reply: FastifyReply, svg: string | undefined) {
  if (svg === undefined) throw new DomainError('NOT_FOUND', { reason: 'PICTURE_NOT_FOUND' });
  const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 22)}"`;
  reply.header('etag', etag).header('cache-control', 'public, max-age=31536000, immutable');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type('image/svg+xml; charset=utf-8').send(svg);
}
