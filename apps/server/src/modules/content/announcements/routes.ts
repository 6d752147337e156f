import { SESSION_COOKIE } from '@kl/contracts/accounts';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import { readCookie } from '../../../platform/cookies.ts';
import { currentMember, type MemberGuards, type SessionResolver } from '../../../platform/member-guard.ts';
import { type ContentApp, langOf, PRIVATE, PUBLIC_SHORT_CACHE, SESSION_FAILURES } from '../http.ts';
import type { AnnouncementService } from './service.ts';

/**
 * The announcement calls (product.md §2 home marquee, /m/notice and the side menu's unread count): open to
 * visitors, with a member's read flags and counts when a session cookie comes along.
 */

export interface AnnouncementRoutesOptions {
  announcementService: AnnouncementService;
  guards: MemberGuards;
  /** Finds the member of a session cookie: calls open to visitors add a member's read flags and counts. */
  resolveSession: SessionResolver;
  merchantCode: string;
}

export function announcementRoutes(app: ContentApp, options: AnnouncementRoutesOptions): void {
  const { announcementService, guards, merchantCode } = options;

  /**
   * preHandler of calls open to visitors: a live session's member becomes the viewer; no cookie, or one
   * that is unknown, expired or revoked, is a visitor (the call still answers).
   */
  const viewer: preHandlerAsyncHookHandler = async function optionalMember(request) {
    const token = readCookie(request, SESSION_COOKIE);
    request.member = token ? ((await options.resolveSession(token)) ?? null) : null;
  };

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
    etag: true,
    handler: async (request, reply) => {
      reply
        .header('cache-control', request.member ? PRIVATE : PUBLIC_SHORT_CACHE)
        .header('vary', 'Accept-Language, Cookie');
      return announcementService.announcements(
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
    etag: true,
    handler: async (request, reply) => {
      reply
        .header('cache-control', request.member ? PRIVATE : PUBLIC_SHORT_CACHE)
        .header('vary', 'Accept-Language, Cookie');
      return announcementService.notice(
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
    etag: true,
    handler: async (request, reply) => {
      reply.header('cache-control', PUBLIC_SHORT_CACHE).header('vary', 'Accept-Language');
      return announcementService.popular(merchantCode, langOf(request, request.query.lang));
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
      return announcementService.announcementUnreadCount(currentMember(request));
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
      announcementService.markAnnouncementRead(currentMember(request), request.body.announcementId),
  });
}
