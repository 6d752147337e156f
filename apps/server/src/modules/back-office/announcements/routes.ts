import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import { actorOf, type BackOfficeGuard, GUARD_FAILURES } from '../guard.ts';
import type { AnnouncementAdmin } from './service.ts';

/** Announcements: list, create, update (docs/back-office.md, "Content"). */
export function registerAnnouncementRoutes(
  app: FastifyInstance,
  deps: { guard: BackOfficeGuard; announcementAdmin: AnnouncementAdmin },
): void {
  const { guard, announcementAdmin } = deps;

  route(app, 'adminAnnouncements', {
    ...guard.guarded('adminAnnouncements'),
    summary: 'Every announcement (B, PL, PU), shown now or not, newest published first',
    failures: GUARD_FAILURES,
    handler: (request, reply) => {
      reply.header('cache-control', 'no-store');
      return announcementAdmin.list(request.query);
    },
  });

  route(app, 'adminCreateAnnouncement', {
    ...guard.guarded('adminCreateAnnouncement'),
    summary: 'Publish an announcement, shown everywhere (now unless publishedAt says when)',
    description:
      'Title and content in Vietnamese, and in English when given (else the Vietnamese is shown). The ' +
      'content is kept as written (simple HTML allowed; the site sanitises it). popular puts it in the ' +
      'marquee. expiresAt not after publishedAt: 400 INVALID_INPUT. Audited as announcement.create.',
    failures: GUARD_FAILURES,
    handler: (request) => announcementAdmin.create(actorOf(request), request.body),
  });

  route(app, 'adminUpdateAnnouncement', {
    ...guard.guarded('adminUpdateAnnouncement'),
    summary: 'Save a new version of an announcement (active false takes it off the site)',
    description:
      'publishedAt and expiresAt left out keep theirs; expiresAt null clears it. Unknown announcement: 404. ' +
      'Audited as announcement.update with the before and after.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND'],
    handler: (request) =>
      announcementAdmin.update(actorOf(request), request.params.announcementId, request.body),
  });
}
