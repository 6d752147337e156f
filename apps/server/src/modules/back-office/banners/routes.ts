import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import { actorOf, type BackOfficeGuard, GUARD_FAILURES } from '../guard.ts';
import type { BannerAdmin } from './service.ts';

/** Banners: list per group, create, update, reorder (docs/back-office.md, "Pictures, banners and the help centre"). */
export function registerBannerAdminRoutes(
  app: FastifyInstance,
  deps: { guard: BackOfficeGuard; bannerAdmin: BannerAdmin },
): void {
  const { guard, bannerAdmin } = deps;

  route(app, 'adminBanners', {
    ...guard.guarded('adminBanners'),
    summary: 'Every banner of a group, shown now or not, in their order',
    failures: GUARD_FAILURES,
    handler: (request, reply) => {
      reply.header('cache-control', 'no-store');
      return bannerAdmin.list(request.query.groupName);
    },
  });

  route(app, 'adminCreateBanner', {
    ...guard.guarded('adminCreateBanner'),
    summary: 'Add a banner, last of its group',
    description:
      'Title and subtitle in Vietnamese, and in English when given. The picture is drawn from motif and ' +
      'colours unless imageId names a picture uploaded for the group (its size; 400 INVALID_INPUT ' +
      'IMAGE_SIZE or IMAGE_NOT_FOUND). linkUrl is a site path or an https address. endsAt after startsAt. ' +
      'Audited as banner.create.',
    failures: GUARD_FAILURES,
    handler: (request) => bannerAdmin.create(actorOf(request), request.body),
  });

  route(app, 'adminUpdateBanner', {
    ...guard.guarded('adminUpdateBanner'),
    summary: 'Save a new version of a banner (active false takes it off the site)',
    description: 'Unknown banner: 404. Audited as banner.update with the before and after.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND'],
    handler: (request) => bannerAdmin.update(actorOf(request), request.params.bannerId, request.body),
  });

  route(app, 'adminReorderBanners', {
    ...guard.guarded('adminReorderBanners'),
    summary: 'Put the banners of a group in a new order (every banner of the group, first first)',
    description: 'Audited as banner.reorder with the order before and after.',
    failures: GUARD_FAILURES,
    handler: (request) => bannerAdmin.reorder(actorOf(request), request.body),
  });
}
