import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { ADMIN_BASE_PATH } from '@kl/contracts/admin/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../platform/errors.ts';

/** Hashed build output: cached for a year and never revalidated. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, icons): revalidated on every use. */
export const REVALIDATE_CACHE = 'no-cache';
export const ADMIN_APP_NOT_BUILT = 'back office not built: run npm run build';
/** Where Vite puts the hashed build output; a missing file there is a 404, never the app. */
const ASSETS_PREFIX = `${ADMIN_BASE_PATH}/assets/`;

/** A screen of the app (answered with index.html): a GET or HEAD outside the build's assets. */
function isScreenRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const [pathname = ''] = request.url.split('?', 1);
  return !pathname.startsWith(ASSETS_PREFIX);
}

/**
 * The built back office (Vite, base /admin/, apps/admin) under /admin/: precompressed files (.br, .gz
 * beside each file) are served as they are; any other GET under /admin/ answers index.html so the app's
 * router shows the screen; `/admin` redirects to `/admin/`. Until it is built, /admin/ answers 503.
 */
export async function registerAdminApp(app: FastifyInstance, options: { adminDist: string }): Promise<void> {
  const root = options.adminDist;
  const hashedFiles = join(root, 'assets') + sep;
  // Without the folder at start there is nothing to serve until a restart; index.html may come later.
  const folderExists = existsSync(root);
  let indexExists = false;

  const answerIndex = (reply: FastifyReply) => {
    indexExists ||= folderExists && existsSync(join(root, 'index.html'));
    if (indexExists) return reply.sendFile('index.html');
    return reply
      .code(503)
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send(ADMIN_APP_NOT_BUILT);
  };

  await app.register(
    async (scope) => {
      if (folderExists) {
        await scope.register(fastifyStatic, {
          root,
          prefix: '/',
          preCompressed: true,
          cacheControl: false,
          setHeaders: (res, file) =>
            res.header('cache-control', file.startsWith(hashedFiles) ? IMMUTABLE_CACHE : REVALIDATE_CACHE),
        });
      }
      scope.setNotFoundHandler((request, reply) => {
        if (!isScreenRequest(request)) throw new DomainError('NOT_FOUND');
        return answerIndex(reply);
      });
    },
    { prefix: ADMIN_BASE_PATH },
  );

  // The app's router works under /admin/ (Vite's base): the bare path moves there, keeping the query.
  app.get(ADMIN_BASE_PATH, { schema: { hide: true } }, (request, reply) => {
    const search = request.url.slice(ADMIN_BASE_PATH.length);
    return reply.redirect(`${ADMIN_BASE_PATH}/${search}`, 302);
  });
}
