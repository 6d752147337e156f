import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/api-route.ts';
import type { HealthService } from './service.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ healthService: HealthService }> = async (app, options) => {
  route(app, 'health', {
    summary: 'Liveness and readiness: answers when the server and its database work',
    tags: ['platform'],
    config: { rateLimit: false },
    handler: () => options.healthService.check(),
  });
};
