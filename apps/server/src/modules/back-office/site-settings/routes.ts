import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import { actorOf, type BackOfficeGuard, GUARD_FAILURES } from '../guard.ts';
import type { SiteSettingsAdmin } from './service.ts';

/** The merchant's settings (docs/back-office.md, "Site settings"). */
export function registerSiteSettingsRoutes(
  app: FastifyInstance,
  deps: { guard: BackOfficeGuard; siteSettingsAdmin: SiteSettingsAdmin },
): void {
  const { guard, siteSettingsAdmin } = deps;

  route(app, 'adminSiteSettings', {
    ...guard.guarded('adminSiteSettings'),
    summary: 'The merchant’s settings: name, domains, theme colour, time zone, toggles, field rules, links',
    failures: GUARD_FAILURES,
    handler: (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return siteSettingsAdmin.get();
    },
  });

  route(app, 'adminSetSiteSettings', {
    ...guard.guarded('adminSetSiteSettings'),
    summary: 'Set the merchant’s settings (every part given); the player site follows at once',
    description:
      'Writes only what differs from the stored settings, audited as merchant.update with those fields ' +
      'before and after (nothing written when nothing differs). A bad value: 400 INVALID_INPUT. Switching ' +
      'on SMS verification or SMS sign-in without an SMS sender: 409 SMS_NOT_CONFIGURED; Google or ' +
      'Facebook sign-in without the Firebase configuration: 409 SOCIAL_LOGIN_NOT_CONFIGURED.',
    failures: [...GUARD_FAILURES, 'SMS_NOT_CONFIGURED', 'SOCIAL_LOGIN_NOT_CONFIGURED'],
    handler: (request) => siteSettingsAdmin.set(actorOf(request), request.body),
  });
}
