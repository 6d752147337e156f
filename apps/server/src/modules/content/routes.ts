import { createHash } from 'node:crypto';
import { SESSION_COOKIE } from '@kl/contracts/accounts';
import { AVATAR_PREFIX, BANNER_ART_PREFIX, type ContentLang, LINK_ART_PREFIX } from '@kl/contracts/content';
import { localeFromAcceptLanguage } from '@kl/contracts/i18n';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { route } from '../../platform/api-route.ts';
import { readCookie } from '../../platform/cookies.ts';
import { DomainError } from '../../platform/errors.ts';
import { currentMember, type MemberGuards, type SessionResolver } from '../../platform/member-guard.ts';
import { failureResponses } from '../../platform/responses.ts';
import type { ContentService } from './service.ts';

export interface ContentRoutesOptions {
  contentService: ContentService;
  guards: MemberGuards;
  /** Finds the member of a session cookie: calls open to visitors add a member's read flags and counts. */
  resolveSession: SessionResolver;
  merchantCode: string;
}

const SESSION_FAILURES = ['NOT_LOGGED_IN', 'SESSION_EXPIRED'] as const;

/** Content the same for everyone, in the language asked. */
const PUBLIC_CACHE = 'public, max-age=300';
/** Content whose answer depends on who asks. */
const PRIVATE = 'private, no-store';

/** The language of the answer: `lang` when given, else the Accept-Language header (Vietnamese by default). */
const langOf = (request: FastifyRequest, asked: ContentLang | undefined): ContentLang =>
  asked ?? localeFromAcceptLanguage(request.headers['accept-language']);

const svgResponses = {
  200: { description: 'SVG image', content: { 'image/svg+xml': { schema: z.string() } } },
  304: z.undefined().describe('Not modified (If-None-Match)'),
  ...failureResponses('NOT_FOUND'),
};

/** Sends a generated picture: cacheable for a year (its address carries a version), with an ETag. */
function sendSvg(request: FastifyRequest, reply: FastifyReply, svg: string | undefined) {
  if (svg === undefined) throw new DomainError('NOT_FOUND', { reason: 'PICTURE_NOT_FOUND' });
  const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 22)}"`;
  reply.header('etag', etag).header('cache-control', 'public, max-age=31536000, immutable');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type('image/svg+xml; charset=utf-8').send(svg);
}

export const contentRoutes: FastifyPluginAsyncZod<ContentRoutesOptions> = async (app, options) => {
  const { contentService, guards, merchantCode } = options;

  /**
   * preHandler of calls open to visitors: a live session's member becomes the viewer; no cookie, or one
   * that is unknown, expired or revoked, is a visitor (the call still answers).
   */
  const viewer: preHandlerAsyncHookHandler = async function optionalMember(request) {
    const token = readCookie(request, SESSION_COOKIE);
    request.member = token ? ((await options.resolveSession(token)) ?? null) : null;
  };

  // ——— banners ———

  route(app, 'banners', {
    summary: 'Banners of a group (m_home, m_live, m_popup, m_newgame, m_leftmenu), or of every group',
    description:
      'url is the generated picture in the language of the answer (lang, else Accept-Language). linkTarget is ' +
      'self for site paths and blank for other sites. Only banners shown now (active, within their dates).',
    tags: ['content'],
    handler: async (request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE).header('vary', 'Accept-Language');
      return contentService.banners(
        merchantCode,
        request.query.groupName,
        langOf(request, request.query.lang),
      );
    },
  });

  // ——— announcements ———

  route(app, 'announcements', {
    preHandler: viewer,
    summary:
      'Announcements of types B, PL, PU (product.md §3 request), newest first, with the member’s read flags',
    description:
      'types (comma-separated or repeated; default all three), groupName (also those of no group), platform M, ' +
      'merchantCode (another merchant is 400 INVALID_INPUT), token (ignored: the session cookie identifies ' +
      'the member). A member gets read on each announcement and unreadCount (all B, PL and PU announcements ' +
      'shown now); a visitor gets neither.',
    tags: ['content'],
    handler: async (request, reply) => {
      reply
        .header('cache-control', request.member ? PRIVATE : 'public, max-age=60')
        .header('vary', 'Accept-Language, Cookie');
      return contentService.announcements(
        merchantCode,
        request.member,
        request.query,
        langOf(request, request.query.lang),
      );
    },
  });

  route(app, 'notice', {
    preHandler: viewer,
    summary: 'The /m/notice list: announcements of types B, PL, PU, newest first, paged',
    description: 'A member gets read flags and unreadCount; a visitor gets neither. pageSize at most 100.',
    tags: ['content'],
    handler: async (request, reply) => {
      reply
        .header('cache-control', request.member ? PRIVATE : 'public, max-age=60')
        .header('vary', 'Accept-Language, Cookie');
      return contentService.notice(
        merchantCode,
        request.member,
        request.query,
        langOf(request, request.query.lang),
      );
    },
  });

  route(app, 'popularAnnouncements', {
    summary: 'Popular announcements: the marquee (summary is the content as plain text)',
    tags: ['content'],
    handler: async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60').header('vary', 'Accept-Language');
      return contentService.popular(merchantCode, langOf(request, request.query.lang));
    },
  });

  route(app, 'announcementUnreadCount', {
    preHandler: guards.member,
    summary: 'The member’s unread (unclaimed) announcements of types B, PL, PU shown now',
    tags: ['content'],
    security: [{ session: [] }],
    failures: [...SESSION_FAILURES],
    handler: async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return contentService.announcementUnreadCount(currentMember(request));
    },
  });

  route(app, 'markAnnouncementRead', {
    preHandler: guards.member,
    summary: 'Mark an announcement read for the member (announcementId, read true); again changes nothing',
    description: 'An unknown announcement (or one not of type B, PL, PU) is 404 NOT_FOUND.',
    tags: ['content'],
    security: [{ session: [] }],
    failures: [...SESSION_FAILURES, 'NOT_FOUND'],
    handler: async (request) =>
      contentService.markAnnouncementRead(currentMember(request), request.body.announcementId),
  });

  // ——— inbox ———

  const inboxFailures = [...SESSION_FAILURES, 'FEATURE_NOT_ENABLED'] as const;

  route(app, 'inboxList', {
    preHandler: guards.member,
    summary: 'The member’s inbox, newest first, paged, with the unread count',
    description:
      'Trial members are refused: 403 FEATURE_NOT_ENABLED { reason: free_reject }. A member gets the ' +
      'welcome messages on first use. pageSize at most 100.',
    tags: ['inbox'],
    security: [{ session: [] }],
    failures: [...inboxFailures],
    handler: async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return contentService.inbox(currentMember(request), request.query, langOf(request, request.query.lang));
    },
  });

  route(app, 'inboxUnreadCount', {
    preHandler: guards.member,
    summary: 'Unread inbox messages of the member (product.md §6: none for trial members: offered false, 0)',
    tags: ['inbox'],
    security: [{ session: [] }],
    failures: [...SESSION_FAILURES],
    handler: async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return contentService.inboxUnreadCount(currentMember(request));
    },
  });

  route(app, 'inboxMessage', {
    preHandler: guards.member,
    summary: 'Open one message of the member’s inbox; it becomes read',
    description: 'A message of another member, a deleted or an unknown one is 404 NOT_FOUND.',
    tags: ['inbox'],
    security: [{ session: [] }],
    failures: [...inboxFailures, 'NOT_FOUND'],
    handler: async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return contentService.readInboxMessage(
        currentMember(request),
        request.query.messageId,
        langOf(request, request.query.lang),
      );
    },
  });

  route(app, 'deleteInboxMessage', {
    preHandler: guards.member,
    summary: 'Delete one message of the member’s inbox (deleting it again succeeds)',
    description: 'A message of another member or an unknown one is 404 NOT_FOUND.',
    tags: ['inbox'],
    security: [{ session: [] }],
    failures: [...inboxFailures, 'NOT_FOUND'],
    handler: async (request) =>
      contentService.deleteInboxMessage(currentMember(request), request.body.messageId),
  });

  // ——— help centre ———

  route(app, 'helpCentre', {
    summary: 'Help centre: topics with their items (title, HTML content, tag), for a device and language',
    description:
      'device MOBILE (default) or WEB, lang vi or en (else Accept-Language), tag for one topic (an unknown ' +
      'tag answers no topics). Contents are HTML as written: sanitise before showing.',
    tags: ['help'],
    handler: async (request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE).header('vary', 'Accept-Language');
      const { device, tag, lang } = request.query;
      return contentService.helpCentre(
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
    failures: ['NOT_FOUND'],
    handler: async (request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE).header('vary', 'Accept-Language');
      return contentService.helpItem(merchantCode, request.query.itemId, langOf(request, request.query.lang));
    },
  });

  // ——— service and footer links ———

  route(app, 'service', {
    summary:
      'Customer-service links (every csType) and resources (every resourceType), with the social links',
    description:
      'The customer service and resources of the status info, for the service popup and quick-nav.',
    tags: ['content'],
    handler: async (request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE).header('vary', 'Accept-Language');
      return contentService.serviceLinks(merchantCode, langOf(request, request.query.lang));
    },
  });

  route(app, 'footerLinks', {
    summary: 'Footer: partner logos, badges and social links (Facebook, Telegram, Telegram2)',
    tags: ['content'],
    handler: async (request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE).header('vary', 'Accept-Language');
      return contentService.footerLinks(merchantCode, langOf(request, request.query.lang));
    },
  });

  // ——— head icon ———

  route(app, 'headIcon', {
    preHandler: guards.member,
    summary: 'The member’s head icon and the icons to choose from',
    tags: ['content'],
    security: [{ session: [] }],
    failures: [...SESSION_FAILURES],
    handler: async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return contentService.headIcon(currentMember(request));
    },
  });

  route(app, 'setHeadIcon', {
    preHandler: guards.member,
    summary: 'Choose the member’s head icon (headIconId 1–12)',
    tags: ['content'],
    security: [{ session: [] }],
    failures: [...SESSION_FAILURES],
    handler: async (request) => contentService.setHeadIcon(currentMember(request), request.body.headIconId),
  });

  // ——— generated pictures ———

  app.route({
    method: 'GET',
    url: `${BANNER_ART_PREFIX}:file`,
    config: { moduleId: 'COMM3', rateLimit: false },
    schema: {
      summary: 'Picture of a banner in a language (SVG)',
      tags: ['content'],
      params: z.object({ file: z.string().regex(/^[0-9]{1,12}-(vi|en)\.svg$/) }),
      response: svgResponses,
    },
    handler: async (request, reply) => {
      const [id = '', lang] = request.params.file.slice(0, -4).split('-');
      return sendSvg(
        request,
        reply,
        await contentService.bannerArt(merchantCode, Number(id), lang === 'en' ? 'en' : 'vi'),
      );
    },
  });

  app.route({
    method: 'GET',
    url: `${AVATAR_PREFIX}:file`,
    config: { moduleId: 'PROFPIC3', rateLimit: false },
    schema: {
      summary: 'A head icon (SVG)',
      tags: ['content'],
      params: z.object({ file: z.string().regex(/^[0-9]{1,2}\.svg$/) }),
      response: svgResponses,
    },
    handler: async (request, reply) =>
      sendSvg(request, reply, contentService.avatar(Number(request.params.file.slice(0, -4)))),
  });

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
        await contentService.linkArt(merchantCode, Number(request.params.file.slice(0, -4))),
      ),
  });
};
