import type { BodyOut, QueryOut, ValueIn } from '@kl/contracts/api-call';
import { DomainError, failureBody } from '@kl/contracts/domain-error';
import { successEnvelope } from '@kl/contracts/envelope';
import type { ErrorCode } from '@kl/contracts/errors';
import { providerReportCalls } from '@kl/contracts/provider-report';
import { sandboxProviderCalls } from '@kl/contracts/sandbox-provider';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

/**
 * The sandbox provider's API on the sandboxes process (docs/decisions/036-sandboxes-process.md): its
 * calls come from the contracts (`sandboxProviderCalls`, the report), validated by their schemas, and
 * every failure leaves as the catalogue's failure envelope, as the site's do.
 */

export { DomainError };

export const PROVIDER_API = { ...sandboxProviderCalls, ...providerReportCalls } as const;
export type ProviderCall = keyof typeof PROVIDER_API;
type EnvelopeCall = {
  [C in ProviderCall]: (typeof PROVIDER_API)[C] extends { response: z.ZodType } ? C : never;
}[ProviderCall];
type Entry<C extends ProviderCall> = (typeof PROVIDER_API)[C];

/** The request a handler receives: query and body validated and typed by the call's entry. */
export type ProviderRequest<C extends ProviderCall> = FastifyRequest<{
  Querystring: QueryOut<Entry<C>>;
  Body: BodyOut<Entry<C>>;
}>;

export interface ProviderRouteDefinition<C extends ProviderCall, R> {
  /** One line, and the rules of the call (kept beside the route for whoever reads it). */
  summary: string;
  description?: string;
  tags: readonly string[];
  security?: readonly Record<string, readonly string[]>[];
  /** Catalogue codes the call can fail with. */
  failures?: readonly ErrorCode[];
  /** Answers the envelope's value; the helper wraps it in `{ success: true, value }`. */
  handler: (request: ProviderRequest<C>, reply: FastifyReply) => Promise<R> | R;
}

/** Method and URL of a call, to spread into a route definition. */
export function apiRoute<C extends ProviderCall>(call: C) {
  const { method, path } = PROVIDER_API[call];
  return { method, url: path } as const;
}

/** Registers a call of the provider's API: method, URL, query, body and answer from its entry. */
export function route<C extends EnvelopeCall, R extends ValueIn<Entry<C>>>(
  app: FastifyInstance,
  call: C,
  definition: ProviderRouteDefinition<C, R>,
): void {
  const entry: { method: string; path: string; query?: z.ZodType; body?: z.ZodType; response: z.ZodType } =
    PROVIDER_API[call];
  app.route({
    method: entry.method as 'GET' | 'POST',
    url: entry.path,
    schema: {
      ...(entry.query !== undefined && { querystring: entry.query }),
      ...(entry.body !== undefined && { body: entry.body }),
      response: { 200: successEnvelope(entry.response) },
    },
    handler: async (request, reply) => {
      reply.header('x-module-id', PROVIDER_API[call].moduleId);
      const value = await definition.handler(request as ProviderRequest<C>, reply);
      return { success: true as const, value };
    },
  });
}

const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

/** Every failure as the failure envelope: a DomainError's code, bad input 400, anything else 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  const send = (
    request: FastifyRequest,
    reply: FastifyReply,
    code: ErrorCode,
    status: number,
    value?: Record<string, unknown>,
  ) =>
    reply
      .code(status)
      .type('application/json; charset=utf-8')
      .send(failureBody(code, request.headers['accept-language'], value));
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (error instanceof DomainError) return send(request, reply, error.code, error.statusCode, error.value);
    if (Array.isArray((error as FastifyError).validation)) {
      const issues = ((error as FastifyError).validation ?? []).map((entry) => ({
        location: (error as FastifyError).validationContext ?? 'body',
        path: entry.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: entry.message ?? 'Invalid value',
      }));
      return send(request, reply, 'INVALID_INPUT', 400, { issues });
    }
    const status = (error as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const code = STATUS_CODES[status] ?? 'INVALID_INPUT';
      return send(request, reply, code, code === 'INVALID_INPUT' ? 400 : status);
    }
    request.log.error({ err: error }, 'unexpected error');
    return send(request, reply, 'SYSTEM_ERROR', 500);
  });
  app.setNotFoundHandler((request, reply) => send(request, reply, 'NOT_FOUND', 404));
}
