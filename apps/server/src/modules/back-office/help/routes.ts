import { HELP_CONTENT_MAX } from '@kl/contracts/admin/help';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import { actorOf, type BackOfficeGuard, GUARD_FAILURES } from '../guard.ts';
import type { HelpAdmin } from './service.ts';

/** The help centre: topics and articles (docs/back-office.md, "Pictures, banners and the help centre"). */
export function registerHelpAdminRoutes(
  app: FastifyInstance,
  deps: { guard: BackOfficeGuard; helpAdmin: HelpAdmin },
): void {
  const { guard, helpAdmin } = deps;

  route(app, 'adminHelp', {
    ...guard.guarded('adminHelp'),
    summary: 'Every help topic and article, active or not',
    failures: GUARD_FAILURES,
    handler: (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return helpAdmin.list();
    },
  });

  route(app, 'adminCreateHelpTopic', {
    ...guard.guarded('adminCreateHelpTopic'),
    summary: 'Add a help topic (its tag is what /m/help?tag= names)',
    description: 'A tag taken already: 400 INVALID_INPUT, reason TAG_TAKEN. Audited as help_topic.create.',
    failures: GUARD_FAILURES,
    handler: (request) => helpAdmin.createTopic(actorOf(request), request.body),
  });

  route(app, 'adminUpdateHelpTopic', {
    ...guard.guarded('adminUpdateHelpTopic'),
    summary: "Change a help topic's names and order",
    description: 'Unknown topic: 404. Audited as help_topic.update.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND'],
    handler: (request) => helpAdmin.updateTopic(actorOf(request), request.params.tag, request.body),
  });

  route(app, 'adminCreateHelpItem', {
    ...guard.guarded('adminCreateHelpItem'),
    summary: 'Add a help article',
    description:
      `Title and HTML content in Vietnamese, and in English when given; at most ${HELP_CONTENT_MAX} ` +
      'characters of content a language (400 INVALID_INPUT beyond). Kept as written: the site sanitises ' +
      'it. An unknown topic: 400 INVALID_INPUT, reason HELP_TOPIC_NOT_FOUND. Audited as help_item.create.',
    failures: GUARD_FAILURES,
    handler: (request) => helpAdmin.createItem(actorOf(request), request.body),
  });

  route(app, 'adminUpdateHelpItem', {
    ...guard.guarded('adminUpdateHelpItem'),
    summary: 'Save a new version of a help article (active false takes it off the site)',
    description: 'Unknown article: 404. Audited as help_item.update with the before and after.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND'],
    handler: (request) => helpAdmin.updateItem(actorOf(request), request.params.itemId, request.body),
  });
}
