import type { ContentLang } from '@kl/contracts/content';
import { localeFromAcceptLanguage } from '@kl/contracts/i18n';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * What the routes of every content kind share (docs/conventions.md, "One typed API table"): the language
 * of an answer, its cache headers, the failures of a member's call and the sending of generated pictures.
 */

/** The app the content routes are registered on (zod types its requests). */
export type ContentApp = Parameters<FastifyPluginAsyncZod>[0];

export const SESSION_FAILURES = ['NOT_LOGGED_IN', 'SESSION_EXPIRED'] as const;

/**
 * Content the same for everyone, in the language asked: kept by browsers and shared caches, used a while
 * longer while they ask again (with its ETag; docs/decisions/022-api-caching.md).
 */
export const PUBLIC_CACHE = 'public, max-age=300, stale-while-revalidate=600';
/** Content the same for every visitor that changes more often (announcements, the marquee). */
export const PUBLIC_SHORT_CACHE = 'public, max-age=60, stale-while-revalidate=300';
/** Content whose answer depends on who asks. */
export const PRIVATE = 'private, no-store';

/** The language of the answer: `lang` when given, else the Accept-Language header (Vietnamese by default). */
export const langOf = (request: FastifyRequest, asked: ContentLang | undefined): ContentLang =>
  asked ?? localeFromAcceptLanguage(request.headers['accept-language']);

export {
  pictureFile,
  pictureFileName,
  pictureResponses,
  sendPicture,
  sendSvg,
  svgResponses,
} from '../../platform/svg-reply.ts';
