import { successEnvelope } from '@kl/contracts/envelope';
import { opsStatusUpdate, systemStatus } from '@kl/contracts/status';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute } from '../../platform/api-route.ts';
import type { OperatorAuth } from '../../platform/operator-auth.ts';
import { failureResponses } from '../../platform/responses.ts';
import type { StatusService } from './service.ts';

export interface StatusRoutesOptions {
  statusService: StatusService;
  merchantCode: string;
  /** OPS_TOKEN's bearer check (platform/operator-auth.ts). */
  opsAuth: OperatorAuth;
}

export const statusRoutes: FastifyPluginAsyncZod<StatusRoutesOptions> = async (app, options) => {
  const { statusService, merchantCode, opsAuth } = options;

  app.route({
    ...apiRoute('status'),
    schema: {
      summary: 'System status: maintenance, region restriction and the site information',
      description:
        'status is 0 normal, 1 maintenance (even when the region is also restricted), 2 region restriction.',
      tags: ['status'],
      response: { 200: successEnvelope(systemStatus), ...failureResponses() },
    },
    handler: async (request) => ({
      success: true as const,
      value: await statusService.getSystemStatus(merchantCode, request.ip),
    }),
  });

  app.route({
    ...apiRoute('opsStatus'),
    onRequest: opsAuth.check,
    schema: {
      summary: 'Operator: switch maintenance or change the allowed countries',
      description:
        'Needs `Authorization: Bearer <OPS_TOKEN>`; answers 404 when OPS_TOKEN is not configured. Wrong ' +
        'operator tokens are counted per address: after 10 in 15 minutes, 429 TOO_MANY_REQUESTS for 15 minutes.',
      tags: ['operator'],
      security: [{ opsToken: [] }],
      body: opsStatusUpdate,
      response: { 200: successEnvelope(systemStatus), ...failureResponses('NOT_LOGGED_IN', 'NOT_FOUND') },
    },
    handler: async (request) => {
      const value = await statusService.updateOperatorStatus(merchantCode, request.body, request.ip);
      request.log.info({ change: request.body, status: value.status }, 'operator changed the system status');
      return { success: true as const, value };
    },
  });
};
