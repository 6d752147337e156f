import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/api-route.ts';
import type { OperatorAuth } from '../../platform/operator-auth.ts';
import type { StatusService } from './service.ts';

export interface StatusRoutesOptions {
  statusService: StatusService;
  merchantCode: string;
  /** OPS_TOKEN's bearer check (platform/operator-auth.ts). */
  opsAuth: OperatorAuth;
}

export const statusRoutes: FastifyPluginAsyncZod<StatusRoutesOptions> = async (app, options) => {
  const { statusService, merchantCode, opsAuth } = options;

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

  route(app, 'opsStatus', {
    summary: 'Operator: switch maintenance or change the allowed countries',
    description:
      'Needs `Authorization: Bearer <OPS_TOKEN>`; answers 404 when OPS_TOKEN is not configured. Wrong ' +
      'operator tokens are counted per address: after 10 in 15 minutes, 429 TOO_MANY_REQUESTS for 15 minutes.',
    tags: ['operator'],
    security: [{ opsToken: [] }],
    failures: ['NOT_LOGGED_IN', 'NOT_FOUND'],
    onRequest: opsAuth.check,
    handler: async (request) => {
      const value = await statusService.updateOperatorStatus(merchantCode, request.body, request.ip);
      request.log.info({ change: request.body, status: value.status }, 'operator changed the system status');
      return value;
    },
  });
};
