import { successEnvelope } from '@kl/contracts/envelope';
import { outboxEntry, outboxQuery } from '@kl/contracts/platform';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute } from '../../platform/api-route.ts';
import { failureResponses } from '../../platform/responses.ts';
import { OUTBOX_LIST_LIMIT, type OutboxService } from './service.ts';

/** Registered only when DEV_OUTBOX is on outside production; otherwise the path answers 404. */
export const outboxRoutes: FastifyPluginAsyncZod<{ outboxService: OutboxService }> = async (app, options) => {
  app.route({
    ...apiRoute('outbox'),
    schema: {
      summary:
        'Development outbox: SMS codes, e-mails and captcha answers the site recorded instead of sending',
      description: `Newest first, at most ${OUTBOX_LIST_LIMIT}. Exists only when DEV_OUTBOX=1 and NODE_ENV is not production.`,
      tags: ['development'],
      querystring: outboxQuery,
      response: { 200: successEnvelope(z.array(outboxEntry)), ...failureResponses() },
    },
    handler: async (request) => ({
      success: true as const,
      value: await options.outboxService.listMessages(request.query.kind),
    }),
  });
};
