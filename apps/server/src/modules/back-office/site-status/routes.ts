import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import { actorOf, type BackOfficeGuard, GUARD_FAILURES } from '../guard.ts';
import type { SiteStatusAdmin } from './service.ts';

/** The site switches: maintenance and the region restriction (docs/back-office.md, "Site status"). */
export function registerSiteStatusRoutes(
  app: FastifyInstance,
  deps: { guard: BackOfficeGuard; siteStatusAdmin: SiteStatusAdmin },
): void {
  const { guard, siteStatusAdmin } = deps;

  route(app, 'adminSiteStatus', {
    ...guard.guarded('adminSiteStatus'),
    summary: 'The site switches: maintenance (and when it ends), the region restriction and its countries',
    failures: GUARD_FAILURES,
    handler: (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return siteStatusAdmin.get();
    },
  });

  route(app, 'adminSetSiteStatus', {
    ...guard.guarded('adminSetSiteStatus'),
    summary: 'Set the site switches (every one given); the player site follows at once',
    description:
      'maintenance on answers players status 1 (maintenance) from GET /api/status; maintenanceUntil (only ' +
      'while in maintenance, not in the past) is shown on the maintenance page. regionRestriction on lists ' +
      'at least one country (ISO 3166 alpha-2) and turns visitors from others away; off lists none. A bad ' +
      'combination: 400 INVALID_INPUT. Audited as status.update with the before and after.',
    failures: GUARD_FAILURES,
    handler: (request) => siteStatusAdmin.set(actorOf(request), request.body),
  });
}
