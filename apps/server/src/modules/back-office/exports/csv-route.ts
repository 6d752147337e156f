import type { AdminCall } from '@kl/contracts/admin/calls';
import type { ApiCall } from '@kl/contracts/api-paths';
import type { ErrorCode } from '@kl/contracts/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { API } from '@kl/contracts/api-paths';
import { apiRoute } from '../../../platform/api-route.ts';
import { failureResponses } from '../../../platform/responses.ts';
import { type BackOfficeGuard, GUARD_FAILURES } from '../guard.ts';
import type { CsvFile } from './csv-export.ts';

/** The raw calls of the table that answer a CSV file (each declares its query). */
type CsvCall = AdminCall & ApiCall;
type QueryOf<C extends CsvCall> = (typeof API)[C] extends { query: infer S extends z.ZodType }
  ? z.output<S>
  : never;

/**
 * A back-office CSV download (docs/back-office.md, "Exports"): a raw call of the API table (a file, not an
 * envelope), behind the call's guard like every other; its query checked by the call's schema (400
 * INVALID_INPUT). The file is sent as an attachment, whole or chunk after chunk as the export writes it.
 */
export function csvRoute<C extends CsvCall>(
  app: FastifyInstance,
  guard: BackOfficeGuard,
  call: C,
  definition: {
    summary: string;
    description: string;
    failures?: readonly ErrorCode[];
    handler: (query: QueryOf<C>, request: FastifyRequest) => Promise<CsvFile>;
  },
): void {
  const guarded = guard.guarded(call);
  if (!('onRequest' in guarded)) throw new Error(`the CSV download ${call} must be guarded`);
  const entry = API[call] as { query?: z.ZodType };
  app.route({
    ...apiRoute(call),
    onRequest: guarded.onRequest,
    schema: {
      summary: definition.summary,
      description:
        `${definition.description} UTF-8 with a byte order mark, RFC 4180; text cells that look like ` +
        "formulas start with '.",
      tags: [...guarded.tags],
      security: (guarded.security ?? []).map((scheme) => ({ ...scheme })),
      ...(entry.query && { querystring: entry.query }),
      response: {
        200: { description: 'CSV file', content: { 'text/csv': { schema: z.string() } } },
        ...failureResponses(...GUARD_FAILURES, ...(definition.failures ?? [])),
      },
    },
    handler: async (request, reply) => {
      const file = await definition.handler(request.query as QueryOf<C>, request);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .type('text/csv; charset=utf-8')
        .send(typeof file.body === 'string' ? file.body : Readable.from(file.body));
    },
  });
}
