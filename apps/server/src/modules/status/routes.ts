import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/api-route.ts';
import type { StatusService } from './service.ts';

export interface StatusRoutesOptions {
  statusService: StatusService;
  merchantCode: string;
}

export const statusRoutes: FastifyPluginAsyncZod<StatusRoutesOptions> = async (app, options) => {
  const { statusService, merchantCode } = options;

  route(app, 'status', {
    summary: 'System status: maintenance, region restriction and the site information',
    description:
      'status is 0 normal, 1 maintenance (even when the region is also restricted), 2 region restriction.',
    tags: ['status'],
    // The answer names the caller's address and country: browsers keep it, shared caches do not, and
    // it is asked again each time, answered 304 when unchanged (docs/decisions/022-api-caching.md).
    etag: true,
    handler: (request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      return statusService.getSystemStatus(merchantCode, request.ip);
    },
  });
};
