/**
 * What the service worker does with each request, as pure functions (shared with the page for the
 * message it sends, and tested without a browser).
 *
 * - Navigations to a page of the app (any path under the scope that is not a file) answer the
 *   precached app shell, index.html: the app opens without the network, and a new version takes
 *   over only when the user accepts it (see register.ts).
 * - Precached files (hashed build assets, the public files) answer from the cache.
 * - Everything else goes to the network untouched and is never stored: above all the API under
 *   /api, whose answers carry the member's data.
 */

/** The build's list of precached files, written into the worker script at build time. */
export interface ShellManifest {
  /** Changes whenever a precached file changes; names the cache, and so the worker's bytes. */
  readonly version: string;
  /** Path of the app shell answered for every navigation in scope (`/m/index.html`). */
  readonly shell: string;
  /** Every precached path, the shell included. */
  readonly files: readonly string[];
}

export type Handling = 'shell' | 'precached' | 'network';

export interface RequestFacts {
  readonly method: string;
  readonly mode: string;
  readonly url: string;
}

export interface Scope {
  /** Origin of the site (the worker's own). */
  readonly origin: string;
  /** Path the worker controls, with its trailing slash (`/m/`). */
  readonly path: string;
  /** Precached paths. */
  readonly precached: ReadonlySet<string>;
}

/** Never answered by the worker nor stored, whatever the scope: the member's data lives here. */
export const API_PREFIX = '/api/';

/**
 * A static route: requests whose path matches go, without a fetch event, to the network or to the
 * worker's cache (and to the network when the cache has no copy).
 */
export interface StaticRoute {
  /** A URL pattern's pathname, on the worker's origin. */
  readonly pathname: string;
  readonly source: 'network' | 'cache';
}

/**
 * The static routing rules the worker adds when it installs, where the browser has them: the same answers
 * `handlingOf` gives, without waking the worker. The API goes to the network; the build's hashed files come
 * from the cache. Only navigations (the app shell) and the few public files still reach the fetch handler.
 *
 * Why it matters beyond speed: a page keeps asking (API calls, game art, the toast's files fetched at the first
 * touch — which may be the touch on Reload). Were each a fetch event, one arriving in the instant between the
 * outgoing version's stop and the activation of the version the user chose would start the outgoing one
 * again, and the activation would wait until it next fell idle (half a minute; indefinitely under DevTools).
 */
export function staticRoutesOf(scopePath: string): readonly StaticRoute[] {
  return [
    { pathname: `${API_PREFIX}*`, source: 'network' },
    { pathname: `${scopePath}assets/*`, source: 'cache' },
  ];
}

/** Prefix of the worker's caches; the version follows. */
export const CACHE_PREFIX = 'kl-shell-';

/** The message a page posts to a waiting worker to let it take over (the user chose to reload). */
export const SKIP_WAITING = 'kl-skip-waiting';

export const cacheNameFor = (version: string) => `${CACHE_PREFIX}${version}`;

/** A cache of an earlier version of the app shell, removed once the current one is active. */
export const isStaleCache = (name: string, current: string) =>
  name.startsWith(CACHE_PREFIX) && name !== current;

export const isSkipWaiting = (data: unknown) =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SKIP_WAITING;

/** A page of the app rather than a file: the last segment has no extension (or is index.html). */
function isAppPage(pathname: string): boolean {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return last === 'index.html' || !last.includes('.');
}

/** How the worker answers a request made by a page it controls. */
export function handlingOf(request: RequestFacts, scope: Scope): Handling {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== scope.origin) return 'network';
  if (url.pathname.startsWith(API_PREFIX) || !url.pathname.startsWith(scope.path)) return 'network';
  if (request.mode === 'navigate') return isAppPage(url.pathname) ? 'shell' : 'network';
  return url.search === '' && scope.precached.has(url.pathname) ? 'precached' : 'network';
}

/** Hashed build output: a copy from an earlier version is as good as a new download. */
export const isHashedAsset = (pathname: string, scopePath: string) =>
  pathname.startsWith(`${scopePath}assets/`);
