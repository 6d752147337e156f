import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { SESSION_COOKIE } from '@kl/contracts/accounts';
import { PREFERENCE_COOKIES } from '@kl/contracts/constants';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@kl/contracts/i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie } from '../../platform/cookies.ts';
import type { SessionResolver } from '../../platform/member-guard.ts';
import { FIRST_SCREEN_CHUNKS, renderedSearch, SSR_STATE_ID } from '@kl/contracts/server-rendering';
import type { HomeDataGet } from './home-data.ts';

/** The server rendering module of the web build (`vite build --ssr`, apps/web/vite.ssr.config.ts). */
export const SSR_ENTRY = 'server/entry-server.js';
/** The browser build's manifest (`vite build --manifest`): which CSS and chunks a module needs. */
const MANIFEST = '.vite/manifest.json';
export { FIRST_SCREEN_CHUNKS, SSR_STATE_ID };

export type Theme = 'dark' | 'light';
const THEMES: readonly string[] = ['dark', 'light'];

/** What the web build's entry-server.tsx exports (checked when it is loaded). */
interface SsrModule {
  loadState(options: {
    url: string;
    language: Locale;
    get: (url: string, headers: Record<string, string>) => Promise<{ status: number; body: unknown }>;
  }): Promise<unknown>;
  render(
    url: string,
    options: { language: Locale; theme: Theme; dehydratedState: unknown },
  ): Promise<{ html: string; lcpImage: string | null; title: string }>;
  /**
   * The data every other page carries (the status; a member's first answers), and its largest picture,
   * when the build has it.
   */
  loadShellState?(options: {
    url: string;
    language: Locale;
    get: (url: string, headers: Record<string, string>) => Promise<{ status: number; body: unknown }>;
    member: { userName: string; type: number } | null;
  }): Promise<{ queries: unknown; lcpImage: string | null }>;
  /** By page path: the source modules of its first screen. */
  FIRST_SCREEN_MODULES: Readonly<Record<string, readonly string[]>>;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

const isSsrModule = (value: unknown): value is SsrModule => {
  const module = value as Partial<SsrModule> | null;
  return (
    typeof module?.render === 'function' &&
    typeof module.loadState === 'function' &&
    typeof module.FIRST_SCREEN_MODULES === 'object' &&
    module.FIRST_SCREEN_MODULES !== null
  );
};

/** The page's language: `?lang=`, else the language cookie, else Vietnamese (product.md §9). */
export function languageOf(request: FastifyRequest): Locale {
  const query = request.url.indexOf('?');
  const fromQuery =
    query === -1 ? null : new URLSearchParams(request.url.slice(query + 1)).get('lang')?.toLowerCase();
  if (isLocale(fromQuery)) return fromQuery;
  const fromCookie = readCookie(request, PREFERENCE_COOKIES.language);
  return isLocale(fromCookie) ? fromCookie : DEFAULT_LOCALE;
}

/** The page's theme: the theme cookie, else dark (product.md §3). */
export function themeOf(request: FastifyRequest): Theme {
  const fromCookie = readCookie(request, PREFERENCE_COOKIES.theme);
  return fromCookie !== undefined && THEMES.includes(fromCookie) ? (fromCookie as Theme) : 'dark';
}

/** JSON that stays data inside a `<script>`: no `<`, `>`, `&` or line separators as themselves. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Text for an attribute or an element of the page: & " < > escaped. */
const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The CSS files and JavaScript chunks of some modules of the build, with those of their static imports. */
function chunksOf(manifest: Record<string, ManifestChunk>, modules: readonly string[]) {
  const css = new Set<string>();
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return { css: [...css], files: [...files] };
}

/**
 * The parts of a page that do not change between requests, read once from the build: index.html,
 * and the first screen's CSS (put in the page: nothing blocks the first paint) and chunks (preloaded).
 */
function readShell(webDist: string, modules: readonly string[]) {
  let template = readFileSync(join(webDist, 'index.html'), 'utf8');
  const manifestPath = join(webDist, MANIFEST);
  if (!existsSync(manifestPath)) return { template, head: '' };
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  // The entry is small and starts the app by a dynamic import (apps/web src/main.tsx): the app's own
  // CSS (layout, header) comes with that import, and is the page's too.
  const entry = chunksOf(manifest, ['index.html', ...(manifest['index.html']?.dynamicImports ?? [])]);
  const screen = chunksOf(manifest, modules);
  const styles: string[] = [];
  const inlined: string[] = [];
  for (const file of new Set([...entry.css, ...screen.css])) {
    styles.push(readFileSync(join(webDist, file), 'utf8'));
    inlined.push(file);
    // The entry's stylesheet link goes: its rules are in the page.
    template = template.replace(
      new RegExp(`<link rel="stylesheet"[^>]*href="[^"]*/${file}"[^>]*>\\s*`),
      () => '',
    );
  }
  // The app's chunks and the first screen's are named for the entry, which preloads them once the
  // page is drawn, a few per task (apps/web src/main.tsx): asked for from the head, they would share a
  // slow line with the banner. The app's own come first: they run first.
  const entryFiles = entry.files.filter(
    (file) => file.endsWith('.js') && file !== manifest['index.html']?.file,
  );
  const chunks = [...new Set([...entryFiles, ...screen.files])].map((file) => `/m/${file}`);
  const preloads = chunks.length
    ? `<meta name="${FIRST_SCREEN_CHUNKS}" content="${escapeHtml(chunks.join(' '))}">`
    : '';
  // The app's loader adds a stylesheet link for a chunk's CSS unless the page has one (and waits for
  // it before running the chunk): a disabled link says the rules are here, and is neither fetched nor
  // applied, so the page is not styled twice nor the app held back by a download (docs/performance.md).
  const markers = inlined
    .map((file) => `<link rel="stylesheet" href="/m/${escapeHtml(file)}" disabled>`)
    .join('');
  const head = `${preloads}<style>${styles.join('\n').replace(/<\/style/gi, '<\\/style')}</style>${markers}`;
  return { template, head };
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Sends the page compressed like the built files are (brotli, else gzip, else plain). A page with a
 * member's data in it is `private`: no shared cache keeps it.
 */
async function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string, { own = false } = {}) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply
    .code(200)
    .type('text/html; charset=utf-8')
    .header('cache-control', own ? 'private, no-cache' : 'no-cache')
    .header('vary', 'accept-encoding, cookie');
  if (/\bbr\b/.test(accepted)) {
    const body = await brotli(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(await gzipAsync(html));
  return reply.send(html);
}

/** The page's `<html>` opening, in its language and theme. */
const htmlOpening = (template: string, language: Locale, theme: Theme) =>
  template.replace(/<html[^>]*>/, () => `<html lang="${language}" data-theme="${theme}">`);

/** The page's largest picture asked for from the head, before any script; nothing without one. */
const preloadLink = (picture: string | null) =>
  picture ? `<link rel="preload" as="image" href="${escapeHtml(picture)}" fetchpriority="high">` : '';

/** The embedded state's script (`scriptSafeJson` text), read by the app before its first render. */
const stateScript = (state: string) =>
  `<script type="application/json" id="${SSR_STATE_ID}">${state}</script>`;

/**
 * The server's pages (docs/decisions/005-web-first-load.md). `renderPage`: the pages of
 * SERVER_RENDERED_PATHS, /m/home, /m/gameList and /m/lottery, rendered — the first screen's data from the
 * services the API answers it from (`homeData`, with the visitor's address), the markup from the web
 * build's server module, in the page's language and theme. `sendShell`: any other page of the app (and
 * a member's), index.html with the system status in it, and a signed-in member's first answers. Each
 * answers false when it could not (no module in the build, a page it does not render, or it failed:
 * logged), for the caller to send index.html.
 */
export function createHomeRendering(
  homeData: HomeDataGet,
  webDist: string,
  /** The member of a live session cookie (as the API's calls open to visitors find it). */
  resolveSession?: SessionResolver,
) {
  let loading:
    | Promise<{ ssr: SsrModule; index: string; shells: Map<string, ReturnType<typeof readShell>> } | null>
    | undefined;
  const load = () =>
    (loading ??= (async () => {
      const path = join(webDist, SSR_ENTRY);
      if (!existsSync(path)) return null;
      const ssr: unknown = await import(pathToFileURL(path).href);
      if (!isSsrModule(ssr)) throw new Error(`${SSR_ENTRY} does not export render and loadState`);
      // Each page's shell, read once.
      const shells = new Map(
        Object.entries(ssr.FIRST_SCREEN_MODULES).map(([page, modules]) => [
          page,
          readShell(webDist, modules),
        ]),
      );
      return { ssr, index: readFileSync(join(webDist, 'index.html'), 'utf8'), shells };
    })());

  // Loaded at start rather than by the first visitor (a failure is logged at the first request).
  load().catch(() => undefined);

  /**
   * index.html with the status in it, and for a member with a live session the member's first answers
   * (their info, balance; the member centre's avatar and unread count, its avatar preloaded): the app
   * draws the screen once, from its first render, instead of again as each answer arrives. Not
   * /m/index.html itself, which the service worker keeps as the app's shell for every later visit (a
   * status kept there would be shown long after it changed): fastify-static answers that file as it is.
   */
  async function sendShell(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    try {
      const loaded = await load();
      if (!loaded?.ssr.loadShellState) return false;
      const language = languageOf(request);
      const theme = themeOf(request);
      const token = readCookie(request, SESSION_COOKIE);
      const member = token && resolveSession ? ((await resolveSession(token)) ?? null) : null;
      const { queries, lcpImage } = await loaded.ssr.loadShellState({
        url: request.url,
        language,
        get: (call, headers) => homeData(call, headers, { ip: request.ip, member, log: request.log }),
        member: member && { userName: member.username, type: member.type },
      });
      const html = htmlOpening(loaded.index, language, theme)
        .replace(/<meta charset="[^"]*"\s*\/?>|<head>/i, (opening) => `${opening}${preloadLink(lcpImage)}`)
        .replace(
          '<div id="root"></div>',
          () => `<div id="root"></div>${stateScript(scriptSafeJson({ language, theme, queries }))}`,
        );
      await sendHtml(request, reply, html, { own: member !== null });
      return true;
    } catch (error) {
      request.log.error({ err: error }, 'the status of a page could not be put in it: sending index.html');
      return false;
    }
  }

  async function renderPage(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    // A member's pages (balance, VIP, their own lists) are drawn by the app: the server renders the
    // visitor's first screen only, so a member never sees a visitor's page replaced by their own.
    if (readCookie(request, SESSION_COOKIE) !== undefined) return false;
    const query = request.url.indexOf('?');
    const path = query === -1 ? request.url : request.url.slice(0, query);
    try {
      const loaded = await load();
      const shell = loaded?.shells.get(path);
      if (!loaded || !shell) return false;
      const { ssr } = loaded;
      const language = languageOf(request);
      const theme = themeOf(request);
      // The page as the app finds it once started: without `lang`, which it takes out of the address.
      const search = renderedSearch(query === -1 ? '' : request.url.slice(query + 1));
      const url = search ? `${path}?${search}` : path;
      const dehydratedState = await ssr.loadState({
        url,
        language,
        get: (call, headers) => homeData(call, headers, request),
      });
      const page = await ssr.render(url, { language, theme, dehydratedState });
      const state = scriptSafeJson({ language, theme, path, search, queries: dehydratedState });
      const lcp = preloadLink(page.lcpImage);
      const html = htmlOpening(shell.template, language, theme)
        // The largest picture (home's first banner, the list's first game) is asked for before any
        // script: on a slow line the chunks would otherwise take the bandwidth it needs to be drawn first.
        .replace(/<meta charset="[^"]*"\s*\/?>|<head>/i, (opening) => `${opening}${lcp}`)
        // The screen's title, as the app sets it: the app then finds it in place.
        .replace(/<title>[^<]*<\/title>/i, (original) =>
          page.title ? `<title>${escapeHtml(page.title)}</title>` : original,
        )
        .replace('</head>', () => `${shell.head}</head>`)
        .replace(
          '<div id="root"></div>',
          () => `<div id="root" data-server-rendered="">${page.html}</div>${stateScript(state)}`,
        );
      await sendHtml(request, reply, html);
      return true;
    } catch (error) {
      request.log.error({ err: error, path }, 'server rendering of a page failed: sending index.html');
      return false;
    }
  }

  return { renderPage, sendShell };
}
