import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/api-route.ts';
import { OUTBOX_LIST_LIMIT, type OutboxService } from './service.ts';

/** Registered only when DEV_OUTBOX is on outside production; otherwise the path answers 404. */
export const outboxRoutes: FastifyPluginAsyncZod<{ outboxService: OutboxService }> = async (app, options) => {
  route(app, 'outbox', {
    summary:
      'Development outbox: SMS codes, e-mails and captcha answers the site recorded instead of sending',
    description: `Newest first, at most ${OUTBOX_LIST_LIMIT}. Exists only when DEV_OUTBOX=1 and NODE_ENV is not production.`,
    tags: ['development'],
    handler: (request) => options.outboxService.listMessages(request.query.kind),
  });
};
