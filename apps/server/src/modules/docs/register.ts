import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { DOCS_PREFIX } from '../../platform/api-route.ts';
import { SESSION_COOKIE } from '@kl/contracts/accounts';

export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * The OpenAPI document of every call (from the routes' zod schemas) at /api/docs/json and its viewer at
 * /api/docs. Register before the routes it should describe, in the same context.
 */
export async function registerDocs(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Kim Long mobile site API',
        description:
          'Every answer is `{ success: true, value }` or `{ success: false, code, message, value? }`; ' +
          'every call carries its module id in the `x-module-id` header and `Accept-Language` (vi or en).',
        version,
      },
      components: {
        securitySchemes: {
          operatorSession: {
            type: 'apiKey',
            in: 'cookie',
            name: 'kl_op',
            description:
              'The back-office operator session (POST /api/admin/session), sent to /api/admin only',
          },
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The HttpOnly session cookie set by login, registration and trial login',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });

  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { docExpansion: 'list', deepLinking: false },
    // The viewer's own policy: it loads its bundle from here and sets inline styles; no
    // upgrade-insecure-requests, the site also runs on plain http.
    staticCSP: DOCS_CONTENT_SECURITY_POLICY,
  });
}
