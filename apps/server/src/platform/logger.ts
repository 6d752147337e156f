import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { LogLevel } from './config.ts';

/** Header values that never reach the logs. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-login-key"]',
  'req.headers["x-gateway-signature"]',
  'res.headers["set-cookie"]',
];

/**
 * Pino options of the server: JSON lines with the request id (`reqId`), the request headers (secrets
 * redacted) and the status of each answer.
 */
export function loggerOptions(level: LogLevel, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream && { stream }),
    redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: request.url,
          ip: request.ip,
          headers: { ...request.headers },
        };
      },
    },
  };
}
