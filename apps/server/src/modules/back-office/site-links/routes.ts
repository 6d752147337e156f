import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import { actorOf, type BackOfficeGuard, GUARD_FAILURES } from '../guard.ts';
import type { SiteLinksAdmin } from './service.ts';

/** Footer and social links: list, create, update, delete, reorder (docs/back-office.md, "Footer and social links"). */
export function registerSiteLinkAdminRoutes(
  app: FastifyInstance,
  deps: { guard: BackOfficeGuard; siteLinksAdmin: SiteLinksAdmin },
): void {
  const { guard, siteLinksAdmin } = deps;

  route(app, 'adminSiteLinks', {
    ...guard.guarded('adminSiteLinks'),
    summary: 'Every partner logo, badge and social link, by kind, each kind in its order',
    failures: GUARD_FAILURES,
    handler: (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return siteLinksAdmin.list();
    },
  });

  route(app, 'adminCreateSiteLink', {
    ...guard.guarded('adminCreateSiteLink'),
    summary: 'Add a partner logo, badge or social link, last of its kind',
    description:
      'Name in Vietnamese, and in English when given. url is a site path (/m/…) or an https address; a ' +
      'social link needs it and its socialType, a partner or badge has no socialType (400 INVALID_INPUT). ' +
      'Players see it at once. Audited as site_link.create.',
    failures: GUARD_FAILURES,
    handler: (request) => siteLinksAdmin.create(actorOf(request), request.body),
  });

  route(app, 'adminUpdateSiteLink', {
    ...guard.guarded('adminUpdateSiteLink'),
    summary: 'Save a new version of a link (moved to another kind, it goes last there)',
    description: 'Unknown link: 404. Audited as site_link.update with the before and after.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND'],
    handler: (request) => siteLinksAdmin.update(actorOf(request), request.params.linkId, request.body),
  });

  route(app, 'adminDeleteSiteLink', {
    ...guard.guarded('adminDeleteSiteLink'),
    summary: 'Delete a link; players no longer see it',
    description: 'Unknown link: 404. Audited as site_link.delete with the link as it was.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND'],
    handler: (request) => siteLinksAdmin.remove(actorOf(request), request.params.linkId),
  });

  route(app, 'adminReorderSiteLinks', {
    ...guard.guarded('adminReorderSiteLinks'),
    summary: 'Put the links of a kind in a new order (every link of the kind, first first)',
    description:
      'A list that is not every link of the kind once: 400 INVALID_INPUT, reason ORDER_NOT_THE_KIND. ' +
      'Audited as site_link.reorder with the order before and after.',
    failures: GUARD_FAILURES,
    handler: (request) => siteLinksAdmin.reorder(actorOf(request), request.body),
  });
}
