/**
 * The service worker of the installable web app, served at /m/sw.js with scope /m/ (bundled into
 * one classic script at build time, with the build's file list in place of `__KL_SHELL__`).
 * What it answers is decided in rules.ts. It installs the whole precache or nothing, waits while
 * an older version still controls pages, and takes over when a page posts SKIP_WAITING.
 */
import {
  cacheNameFor,
  handlingOf,
  isHashedAsset,
  isSkipWaiting,
  isStaleCache,
  staticRoutesOf,
  type Scope,
  type ShellManifest,
} from './rules.ts';

declare const __KL_SHELL__: ShellManifest;

// The parts of the worker's global scope used here (the DOM library does not describe workers).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
/** The static routing API (Chromium 123 on): rules the browser applies before any fetch event. */
interface RouterRule {
  condition: { urlPattern: unknown };
  source: 'network' | { cacheName: string };
}
interface InstallEvent extends ExtendableEvent {
  addRoutes?(rules: RouterRule[]): Promise<void>;
}
declare const URLPattern: (new (init: { pathname: string; baseURL: string }) => unknown) | undefined;
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  readonly location: { readonly origin: string };
  readonly registration: { readonly scope: string };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install', listener: (event: InstallEvent) => void): void;
  addEventListener(type: 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
}

const worker = self as unknown as WorkerScope;
const manifest = __KL_SHELL__;
const cacheName = cacheNameFor(manifest.version);
const scope: Scope = {
  origin: worker.location.origin,
  path: new URL(worker.registration.scope).pathname,
  precached: new Set(manifest.files),
};

/** A response as the cache should keep it: a redirected one cannot answer a navigation. */
async function storable(response: Response): Promise<Response> {
  if (!response.redirected) return response;
  const { status, statusText, headers } = response;
  return new Response(await response.blob(), { status, statusText, headers });
}

async function fetchForCache(path: string): Promise<Response> {
  const hashed = isHashedAsset(path, scope.path);
  if (hashed) {
    const earlier = await caches.match(path, { ignoreVary: true });
    if (earlier) return earlier;
  }
  // A hashed file may come from the HTTP cache (the page has just loaded most of them); anything
  // else is revalidated with the server, never an outdated index.html.
  const response = await fetch(
    new Request(path, { cache: hashed ? 'default' : 'no-cache', credentials: 'same-origin' }),
  );
  if (!response.ok) throw new Error(`precache: ${path} answered ${response.status}`);
  return storable(response);
}

/** Stores every file of this version; one failure fails the install (the old version stays). */
async function precache(): Promise<void> {
  const cache = await caches.open(cacheName);
  const stored = new Set((await cache.keys()).map((request) => new URL(request.url).pathname));
  await Promise.all(
    manifest.files
      .filter((path) => !stored.has(path))
      .map(async (path) => cache.put(path, await fetchForCache(path))),
  );
}

async function removeStaleCaches(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => isStaleCache(name, cacheName)).map((name) => caches.delete(name)));
}

async function answer(request: Request, path: string): Promise<Response> {
  const cache = await caches.open(cacheName);
  const hit = await cache.match(path, { ignoreVary: true, ignoreSearch: true });
  return hit ?? fetch(request);
}

/**
 * Adds the static routes (rules.ts, staticRoutesOf). `addRoutes` is only callable while the install event
 * is dispatched. Each route is added on its own: a browser without the API, or refusing one kind of source,
 * leaves those requests to the fetch handler, which answers them the same way.
 */
function addStaticRoutes(event: InstallEvent): Promise<unknown> {
  const { addRoutes } = event;
  if (typeof addRoutes !== 'function' || typeof URLPattern !== 'function') return Promise.resolve();
  return Promise.all(
    staticRoutesOf(scope.path).map(async ({ pathname, source }) => {
      try {
        await addRoutes.call(event, [
          {
            condition: { urlPattern: new URLPattern({ pathname, baseURL: worker.location.origin }) },
            source: source === 'cache' ? { cacheName } : 'network',
          },
        ]);
      } catch {
        // Not routed: the fetch handler answers it.
      }
    }),
  );
}

worker.addEventListener('install', (event) => {
  const routed = addStaticRoutes(event);
  event.waitUntil(Promise.all([precache(), routed]));
});

worker.addEventListener('activate', (event) => event.waitUntil(removeStaleCaches()));

worker.addEventListener('message', (event) => {
  if (isSkipWaiting(event.data)) void worker.skipWaiting();
});

worker.addEventListener('fetch', (event) => {
  const handling = handlingOf(event.request, scope);
  if (handling === 'network') return;
  const path = handling === 'shell' ? manifest.shell : new URL(event.request.url).pathname;
  event.respondWith(answer(event.request, path));
});
