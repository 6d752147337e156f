import { successEnvelope } from '@kl/contracts/envelope';
import { health } from '@kl/contracts/platform';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute } from '../../platform/api-route.ts';
import { failureResponses } from '../../platform/responses.ts';
import type { HealthService } from './service.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ healthService: HealthService }> = async (app, options) => {
  app.route({
    ...apiRoute('health'),
    config: { ...apiRoute('health').config, rateLimit: false },
    schema: {
      summary: 'Liveness and readiness: answers when the server and its database work',
      tags: ['platform'],
      response: { 200: successEnvelope(health), ...failureResponses() },
    },
    handler: async () => ({ success: true as const, value: await options.healthService.check() }),
  });
};
