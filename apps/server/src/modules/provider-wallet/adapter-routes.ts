import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * What the routes of a provider's published protocol share (`hub88/routes.ts`, docs/decisions/066-hub88-adapter.md;
 * `pragmatic/routes.ts`, docs/decisions/068-pragmatic-adapter.md): each call a POST under the protocol's
 * path and the provider's code, module id FUNDTRANS3 and no per-address rate limit (a provider's few
 * servers send every player's calls), listed in the OpenAPI document with its summary; every answer HTTP
 * 200 with the protocol's JSON, never stored by a cache.
 */

/** One call of the protocol: `<path>/:provider/<call>`. */
export function adapterRoute(
  app: FastifyInstance,
  route: {
    url: string;
    summary: string;
    description: string;
    handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  },
): void {
  app.route({
    method: 'POST',
    url: route.url,
    config: { moduleId: 'FUNDTRANS3', rateLimit: false },
    schema: {
      summary: route.summary,
      description: route.description,
      tags: ['provider wallet'],
      params: z.object({ provider: z.string() }),
    },
    handler: route.handler,
  });
}

/** The provider's code the path names ('' when none). */
export const pathProviderCode = (request: FastifyRequest): string =>
  (request.params as { provider?: string }).provider ?? '';

/**
 * Logs a call answered, never its body (it may carry the launch token): `protocol call`, or at warn
 * `protocol call refused` when its caller was refused as an unknown one (a bad signature or hash, or an
 * address outside its provider's allowed ones: `reason`), with the address it came from.
 */
export function logAdapterCall(
  request: FastifyRequest,
  protocol: string,
  fields: Record<string, unknown>,
  refused: { unknownCaller: boolean; reason?: string | undefined },
): void {
  if (!refused.unknownCaller) request.log.info(fields, `${protocol} call`);
  else
    request.log.warn({ ...fields, reason: refused.reason, address: request.ip }, `${protocol} call refused`);
}

/** An answer sent: HTTP 200, its JSON text as is (signed, for a protocol that signs it). */
export const sendAdapterAnswer = (reply: FastifyReply, body: string) =>
  reply.code(200).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(body);
