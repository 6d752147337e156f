import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { BASE_PATH } from '@kl/contracts/routes';
import { SERVER_RENDERED_PATHS } from '@kl/contracts/server-rendering';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../platform/errors.ts';
import type { SessionResolver } from '../../platform/member-guard.ts';
import { createHomeData, type HomeServices } from './home-data.ts';
import { createHomeRendering } from './home-rendering.ts';

/** Hashed build output: cached for a year and never revalidated. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, service worker, manifest, icons): revalidated on every use. */
export const REVALIDATE_CACHE = 'no-cache';
export const WEB_APP_NOT_BUILT = 'web app not built: run npm run build';
export const HOME_PATH = `${BASE_PATH}/home`;
/**
 * Build files that are never a screen of the app: when missing they answer 404, not index.html
 * (a browser must not run index.html as a script, nor take it for the service worker, the web app
 * manifest or an icon).
 */
const BUILD_FILES = [`${BASE_PATH}/sw.js`, `${BASE_PATH}/manifest.webmanifest`];
const BUILD_FOLDERS = [`${BASE_PATH}/assets/`, `${BASE_PATH}/icons/`];
/**
 * Build folders never served: the server rendering module and the build manifest
 * (docs/decisions/005-web-first-load.md).
 */
const PRIVATE_FOLDERS = ['/server/', '/.vite/'];

/**
 * The built web app (Vite, base /m/) under /m/: precompressed files (.br, .gz beside each file) are
 * served as they are; any other GET under /m answers index.html, with the system status in it, so the
 * app's router shows the screen (product.md §2: unknown paths fall back to home on the client); `/`
 * redirects to /m/home. /m/home, the game list and the lottery list are rendered on the server when the
 * build has its server module, with their data from `homeServices` (docs/decisions/005-web-first-load.md).
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: { webDist: string; homeServices: HomeServices; resolveSession?: SessionResolver },
): Promise<void> {
  const { webDist } = options;
  const assetsDir = join(webDist, 'assets');
  // Without the folder at start there is nothing to serve until a restart.
  const served = existsSync(webDist);
  let built = false;
  const isBuilt = () => (built ||= served && existsSync(join(webDist, 'index.html')));

  const pages = createHomeRendering(createHomeData(options.homeServices), webDist, options.resolveSession);
  /** index.html, with the status in it when the build can write it (a GET's page, not a HEAD's). */
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isBuilt())
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(WEB_APP_NOT_BUILT);
    if (request.method === 'GET' && (await pages.sendShell(request, reply))) return reply;
    return reply.sendFile('index.html');
  };

  await app.register(
    async (web) => {
      if (served) {
        await web.register(fastifyStatic, {
          root: webDist,
          prefix: '/',
          preCompressed: true,
          cacheControl: false,
          allowedPath: (path) => !PRIVATE_FOLDERS.some((folder) => path.startsWith(folder)),
          setHeaders: (res, path) => {
            res.header(
              'cache-control',
              path.startsWith(assetsDir + sep) ? IMMUTABLE_CACHE : REVALIDATE_CACHE,
            );
          },
        });
      }
      for (const page of SERVER_RENDERED_PATHS) {
        web.get(page.slice(BASE_PATH.length), { schema: { hide: true } }, async (request, reply) => {
          // HEAD asks only for the headers: no rendering for it.
          if (request.method === 'GET' && isBuilt() && (await pages.renderPage(request, reply))) return reply;
          return sendIndex(request, reply);
        });
      }
      web.setNotFoundHandler((request, reply) => {
        const path = request.url.split('?', 1)[0] ?? '';
        const missingFile =
          BUILD_FILES.includes(path) ||
          [...BUILD_FOLDERS, ...PRIVATE_FOLDERS.map((folder) => BASE_PATH + folder)].some((folder) =>
            path.startsWith(folder),
          );
        if ((request.method !== 'GET' && request.method !== 'HEAD') || missingFile) {
          throw new DomainError('NOT_FOUND');
        }
        return sendIndex(request, reply);
      });
    },
    { prefix: BASE_PATH },
  );

  app.get('/', { schema: { hide: true } }, (request, reply) => {
    const query = request.url.indexOf('?');
    return reply.redirect(query === -1 ? HOME_PATH : `${HOME_PATH}${request.url.slice(query)}`, 302);
  });
}
