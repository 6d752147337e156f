import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from './errors.ts';

/**
 * Content Security Policy of the site. The web app loads only its own scripts, styles, images and fonts;
 * antd-mobile sets inline styles. No `upgrade-insecure-requests`: the site also runs on plain http on
 * loopback and the LAN.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

/** Security headers on every answer. */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
      // Served over plain http on loopback and the LAN; a TLS front end sets its own HSTS.
      strictTransportSecurity: false,
    });
  },
  { name: 'security-headers' },
);

/** A generous limit per client IP on the API; over it, 429 TOO_MANY_REQUESTS. */
export async function registerRateLimit(app: FastifyInstance, maxPerMinute: number): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: maxPerMinute,
    timeWindow: 60_000,
    errorResponseBuilder: (_request, context) =>
      new DomainError('TOO_MANY_REQUESTS', { retryAfterSeconds: Math.ceil(context.ttl / 1000) }),
  });
}
