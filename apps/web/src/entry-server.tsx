/**
 * The server rendering of home, the game list and the lottery list (docs/decisions/005-web-first-load.md): built by
 * `vite build --ssr` into dist/server/ and loaded by the server, which asks it for a page's first-screen
 * data (`loadState`, through its own API in-process) and its markup (`render`). The browser then
 * hydrates the same tree (main.tsx) with the same data, so nothing is fetched again. Every other page
 * carries the status and a member's first answers (`loadShellState`).
 */
import { ERROR_MESSAGES } from '@kl/contracts/error-messages';
import type { Locale } from '@kl/contracts/i18n';
import type { ServerRenderedPath } from '@kl/contracts/server-rendering';
import type { SystemStatus } from '@kl/contracts/status';
import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { createInstance, type i18n as I18n } from 'i18next';
import { StrictMode, type ReactNode } from 'react';
// The edge build: Node's build keeps each render's state in an AsyncLocalStorage, and on Node 20 the
// first one switches on async hooks for the whole process, making every promise of every API call
// slower from then on (docs/performance.md). The edge build uses one only where the runtime has it as a
// global (not Node 20), and renders to a web stream.
import { prerender } from 'react-dom/static.edge';
import { I18nextProvider } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { App } from './app/app.tsx';
import { FIRST_SCREEN_CODE } from './app/first-screen-code.ts';
import { createQueryClient } from './app/query-client.ts';
import { documentTitle, routeAt, routeTitle } from './app/route-meta.ts';
import { firstListGame, gameListRequests } from './features/games/server-state.ts';
import { HOME_CHUNKS } from './features/home/first-screen-modules.ts';
import { firstHomeBanner, homeRequests } from './features/home/server-state.ts';
import { lotteryListRequests } from './features/lottery/server-state.ts';
import { memberPagePicture, memberPageRequests, type PageMember } from './features/member/server-state.ts';
import { systemStatusQueryKey } from './features/system-status/index.ts';
import { STATUS_REQUEST } from './features/system-status/server-state.ts';
import { KEY_SEPARATORS } from './shared/lib/i18n.ts';
import { withPlainTexts } from './shared/lib/plain-texts.ts';
import { loadServerState, type ServerGet, type ServerRequest } from './shared/lib/server-state.ts';
import type { Theme } from './shared/lib/theme.ts';
import en from './locales/en.json';
import vi from './locales/vi.json';

export type { ServerGet };

/** What the server renders of each page: its first screen's modules, data and largest picture. */
interface RenderedScreen {
  /** Source modules whose chunks (and their CSS) the page needs at once, for the build manifest. */
  modules: readonly string[];
  requests: (search: URLSearchParams, language: Locale) => ServerRequest[];
  /** The picture the page paints largest, to preload from the head. */
  largestPicture: (queryClient: QueryClient, search: URLSearchParams) => string | null;
}

const SCREENS: Record<ServerRenderedPath, RenderedScreen> = {
  '/m/home': {
    modules: HOME_CHUNKS,
    requests: (_search, language) => homeRequests(language),
    largestPicture: firstHomeBanner,
  },
  '/m/gameList': {
    modules: ['src/features/games/game-list-screen.tsx'],
    requests: gameListRequests,
    largestPicture: firstListGame,
  },
  '/m/lottery': {
    modules: ['src/features/lottery/lottery-list-screen.tsx'],
    requests: lotteryListRequests,
    // The list is text: its largest paint is in the page itself.
    largestPicture: () => null,
  },
};

function screenAt(path: string): RenderedScreen {
  const screen = SCREENS[path as ServerRenderedPath] as RenderedScreen | undefined;
  if (!screen) throw new Error(`${path} is not rendered by the server`);
  return screen;
}

/** By page: source modules whose chunks (and their CSS) it needs at once, for the build manifest. */
export const FIRST_SCREEN_MODULES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(SCREENS).map(([path, screen]) => [path, screen.modules]),
);

// Node 20 has no `navigator` (21 and later have one): the parts that read the device see a plain one,
// like a browser that is neither an installed web app nor the native app.
globalThis.navigator ??= { userAgent: 'Node.js', maxTouchPoints: 0, onLine: true } as Navigator;

const TEXTS: Record<Locale, object> = { vi, en };
const instances = new Map<Locale, I18n>();

/** One i18next per language, with every text in memory (the server does not load them lazily). */
function i18nFor(language: Locale): I18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = withPlainTexts(createInstance());
    void instance.init({
      lng: language,
      fallbackLng: false,
      ns: ['translation', 'errors'],
      defaultNS: 'translation',
      resources: { [language]: { translation: TEXTS[language], errors: ERROR_MESSAGES[language] } },
      interpolation: { escapeValue: false },
      ...KEY_SEPARATORS,
      returnNull: false,
      initAsync: false,
    });
    instances.set(language, instance);
  }
  return instance;
}

export interface RenderOptions {
  language: Locale;
  theme: Theme;
  dehydratedState: DehydratedState;
}

/**
 * Asks the server for the first-screen data of the page at `url` (a path of SERVER_RENDERED_PATHS and its
 * query), in the page's language, as the dehydrated state of TanStack Query.
 */
export async function loadState({
  url,
  language,
  get,
}: {
  url: string;
  language: Locale;
  get: ServerGet;
}): Promise<DehydratedState> {
  const { pathname, searchParams } = new URL(url, 'http://page');
  return loadServerState(screenAt(pathname).requests(searchParams, language), { language, get });
}

/**
 * The data every other page brings, in the page's language, as the dehydrated state of TanStack Query:
 * the system status, and a signed-in member's first answers (`memberPageRequests`). A page the browser
 * draws alone (a member's, or one the server does not render) then draws the merchant's templates and
 * the member's data from its first render, without waiting for them nor drawing the screen again as
 * each arrives. `lcpImage`: the page's largest picture when it is one of those answers (the member
 * centre's avatar), to preload.
 */
export async function loadShellState({
  url,
  language,
  get,
  member,
}: {
  url: string;
  language: Locale;
  get: ServerGet;
  member: PageMember | null;
}): Promise<{ queries: DehydratedState; lcpImage: string | null }> {
  const path = new URL(url, 'http://page').pathname.replace(/\/+$/, '');
  const requests = [STATUS_REQUEST, ...(member ? memberPageRequests(path, member) : [])];
  const queries = await loadServerState(requests, { language, get });
  return { queries, lcpImage: member ? memberPagePicture(queries, path, member) : null };
}

export interface RenderedPage {
  /** The markup of `#root`. */
  html: string;
  /** The picture the page paints largest (home's first banner, the list's first game), to preload; none for a page of text. */
  lcpImage: string | null;
  /** The document's title, as the app sets it (app/route-meta.ts `documentTitle`). */
  title: string;
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

/**
 * The markup of the page at `url` (a path of SERVER_RENDERED_PATHS and its query), in `language`, with
 * the data of `dehydratedState`, as a visitor sees it: whatever depends on the browser's own state
 * renders its placeholder, like the browser's first render does before it takes that state in.
 */
export async function render(
  url: string,
  { language, dehydratedState }: RenderOptions,
): Promise<RenderedPage> {
  const { pathname, searchParams } = new URL(url, 'http://page');
  const screen = screenAt(pathname);
  await FIRST_SCREEN_CODE[pathname as ServerRenderedPath]();
  const queryClient = createQueryClient();
  hydrate(queryClient, dehydratedState);
  const router = (routes: ReactNode) => <StaticRouter location={url}>{routes}</StaticRouter>;
  // A part that fails on the server would be drawn by the browser alone: the whole page is then left
  // to the browser instead (the server answers the plain index.html).
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <I18nextProvider i18n={i18nFor(language)}>
        <App queryClient={queryClient} router={router} />
      </I18nextProvider>
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // Every part inline, in order: no boundary moved to the end of the page and put in place by an
      // inline script (the site's policy runs no inline script).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  if (errors.length > 0) throw errors[0];
  const html = await readAll(prelude);
  const status = queryClient.getQueryData<SystemStatus>(systemStatusQueryKey);
  const title = documentTitle(
    routeTitle(routeAt(pathname), i18nFor(language).getFixedT(language)),
    status?.info.whitelabel.siteName,
  );
  return { html, lcpImage: screen.largestPicture(queryClient, searchParams), title };
}
