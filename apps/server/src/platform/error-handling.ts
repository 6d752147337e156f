import type { ErrorCode } from '@kl/contracts/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from './api-route.ts';
import { DomainError, failureBody } from './errors.ts';

/**
 * The one error handler (docs/conventions.md, "Calls and data"): every failure leaves as the failure envelope
 * `{ success: false, code, message, value? }` with the catalogue's HTTP status and the message in the
 * caller's language. Bad input is a 4xx with a code, never a 500; a 500 tells the client nothing more
 * than SYSTEM_ERROR and is logged with the request id.
 */

export interface ValidationIssue {
  /** Where the bad value was: body, querystring, params or headers. */
  location: string;
  /** Dotted path of the field inside that part (`register.ageLimit`), empty for the part itself. */
  path: string;
  message: string;
}

interface Failure {
  code: ErrorCode;
  status: number;
  value?: Record<string, unknown>;
}

const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  401: 'NOT_LOGGED_IN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

function validationIssues(error: FastifyError): ValidationIssue[] {
  const location = error.validationContext ?? 'body';
  return (error.validation ?? []).map((entry) => ({
    location,
    path: entry.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    message: entry.message ?? 'Invalid value',
  }));
}

/** Maps anything thrown while answering to a catalogue failure; undefined when it is unexpected. */
export function failureOf(error: unknown): Failure | undefined {
  if (error instanceof DomainError) {
    return { code: error.code, status: error.statusCode, ...(error.value && { value: error.value }) };
  }
  if (typeof error !== 'object' || error === null) return undefined;
  const fastifyError = error as FastifyError;
  if (Array.isArray(fastifyError.validation)) {
    return { code: 'INVALID_INPUT', status: 400, value: { issues: validationIssues(fastifyError) } };
  }
  const status = fastifyError.statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  const code = STATUS_CODES[status] ?? 'INVALID_INPUT';
  return { code, status: code === 'INVALID_INPUT' ? 400 : status };
}

function sendFailure(request: FastifyRequest, reply: FastifyReply, failure: Failure) {
  return reply
    .code(failure.status)
    .type('application/json; charset=utf-8')
    .send(failureBody(failure.code, request.headers['accept-language'], failure.value));
}

export const errorHandlingPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error, request, reply) => {
      const failure = failureOf(error);
      if (failure) {
        request.log.info({ code: failure.code, status: failure.status }, 'request refused');
        return sendFailure(request, reply, failure);
      }
      request.log.error({ err: error }, 'unexpected error');
      return sendFailure(request, reply, { code: 'SYSTEM_ERROR', status: 500 });
    });

    app.setNotFoundHandler((request, reply) => {
      // A known /api path asked with another method is a 405 that names the methods it takes.
      if (isApiPath(request.url)) {
        const path = request.url.split('?')[0] ?? request.url;
        const allowed = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter(
          (method) => method !== request.method && app.findRoute({ method, url: path }) !== null,
        );
        if (allowed.length > 0) {
          reply.header('allow', allowed.join(', '));
          return sendFailure(request, reply, { code: 'METHOD_NOT_ALLOWED', status: 405 });
        }
      }
      return sendFailure(request, reply, { code: 'NOT_FOUND', status: 404 });
    });
  },
  { name: 'error-handling' },
);
