import type {
  ApiEntry,
  BodyOut,
  ParamsOut,
  QueryOut,
  UndeclaredFields,
  ValueIn,
} from '@kl/contracts/api-call';
import { API, type ApiCall } from '@kl/contracts/api-paths';
import { successEnvelope } from '@kl/contracts/envelope';
import type { ErrorCode } from '@kl/contracts/errors';
import type { ModuleId } from '@kl/contracts/modules';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import { z } from 'zod';
import { answerNotModified } from './etag.ts';
import { failureResponses } from './responses.ts';
import { refusesCrossSite } from './same-origin.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Module id of the call (product.md §7); every route under /api declares one. */
    moduleId?: ModuleId;
    /** The route answers the JSON envelope (set by `route`): it gets the API's security headers. */
    jsonAnswer?: true;
  }
}

export const API_PREFIX = '/api';

/** Answers under /api that are not calls of the API table (the OpenAPI document and its viewer). */
export const DOCS_PREFIX = '/api/docs';

/** The module id of /api answers that match no call (unknown paths, the docs viewer). */
export const COMMON_MODULE_ID: ModuleId = 'COMM3';

export function isApiPath(url: string): boolean {
  return url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`);
}

/**
 * Method, URL and module id of a call of the contracts API table, to spread into a route definition:
 * `app.route({ ...apiRoute('status'), schema, handler })`.
 */
export function apiRoute<C extends ApiCall>(call: C) {
  const { method, path, moduleId } = API[call];
  return { method, url: path, config: { moduleId } } as const;
}

/** The API table entry of a method and URL pattern, if any. */
export function findApiCall(method: string, url: string): (typeof API)[ApiCall] | undefined {
  return Object.values(API).find((entry) => entry.method === method && entry.path === url);
}

type Entry<C extends ApiCall> = (typeof API)[C];
/** Calls of the table answering an envelope (not `raw`). */
export type EnvelopeCall = { [C in ApiCall]: Entry<C> extends { response: z.ZodType } ? C : never }[ApiCall];

/** The request a route handler receives: query and body validated and typed by the call's table entry. */
export type ApiRequest<C extends ApiCall> = FastifyRequest<{
  Params: ParamsOut<Entry<C>>;
  Querystring: QueryOut<Entry<C>>;
  Body: BodyOut<Entry<C>>;
}>;

export interface RouteDefinition<C extends ApiCall, R> {
  /** OpenAPI: one line, and the rules of the call. */
  summary: string;
  description?: string;
  tags: readonly string[];
  /** OpenAPI security of the call (e.g. `[{ session: [] }]`). */
  security?: readonly Record<string, readonly string[]>[];
  /** Catalogue codes the call can fail with, for the OpenAPI document (400, 429 and 500 always). */
  failures?: readonly ErrorCode[];
  onRequest?: onRequestHookHandler | onRequestHookHandler[];
  preHandler?: preHandlerHookHandler | preHandlerHookHandler[];
  /** Extra route config (e.g. `{ rateLimit: false }`); the module id comes from the table. */
  config?: Omit<FastifyContextConfig, 'moduleId' | 'jsonAnswer'>;
  /**
   * A strong ETag from the value, and a bodiless 304 when If-None-Match names it (answers browsers and
   * shared caches keep; their Cache-Control is the handler's; docs/decisions/022-api-caching.md).
   */
  etag?: boolean;
  /** Answers the envelope's value; the helper wraps it in `{ success: true, value }`. */
  handler: (request: ApiRequest<C>, reply: FastifyReply) => Promise<R> | R;
}

/**
 * Registers a call of the API table (docs/conventions.md, "One typed API table"): method, URL, module
 * id, query, body and response schemas all come from the call's entry, and the handler answers only
 * the value. The value must fit the entry's response schema, and the compiler refuses one carrying a
 * field the schema does not declare (the `undeclared` argument then becomes required, and is never
 * given); at run time the answer is serialised through the schema as well.
 */
export function route<C extends EnvelopeCall, R extends ValueIn<Entry<C>>>(
  app: FastifyInstance,
  call: C,
  definition: RouteDefinition<C, R>,
  ...undeclared: [UndeclaredFields<ValueIn<Entry<C>>, R>] extends [never]
    ? []
    : [error: 'the answer has a field that the call’s API table entry does not declare']
): void {
  void undeclared;
  const entry: ApiEntry = API[call];
  const { method, path, moduleId } = entry;
  const { summary, description, tags, security, failures = [], handler, config, etag, ...hooks } = definition;
  app.route({
    method,
    url: path,
    config: { ...config, moduleId, jsonAnswer: true },
    ...hooks,
    schema: {
      summary,
      ...(description !== undefined && { description }),
      tags: [...tags],
      ...(security !== undefined && { security: security.map((scheme) => ({ ...scheme })) }),
      ...(entry.params !== undefined && { params: entry.params }),
      ...(entry.query !== undefined && { querystring: entry.query }),
      ...(entry.body !== undefined && { body: entry.body }),
      response: {
        200: successEnvelope(entry.response ?? z.unknown()),
        // A state-changing call can be refused as cross-site (platform/same-origin.ts).
        ...failureResponses(
          ...failures,
          ...(refusesCrossSite(entry) ? (['CROSS_SITE_REQUEST'] as const) : []),
        ),
      },
    },
    handler: async (request, reply) => {
      const value = await handler(request as ApiRequest<C>, reply);
      if (etag && reply.statusCode === 200 && answerNotModified(request, reply, value)) return reply.send();
      return { success: true as const, value };
    },
  });
}
