import type { Locale } from '@kl/contracts/i18n';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { renewSessionOnLoad } from '../features/auth/index.ts';
import {
  preloadStatusPage,
  primeSystemStatus,
  rememberSystemStatus,
} from '../features/system-status/index.ts';
import { initI18n, resolveInitialLanguage, warmTexts } from '../shared/lib/i18n.ts';
import { nextTask } from '../shared/lib/next-task.ts';
import { initSessionStore } from '../shared/stores/session-store.ts';
import { initUiStore } from '../shared/stores/ui-store.ts';
import { keepPreferenceCookies } from './preference-cookies.ts';
import { FIRST_SCREEN_CODE } from './first-screen-code.ts';
import { createQueryClient } from './query-client.ts';
import { preloadScreenFor } from './router.tsx';

import {
  renderedSearch,
  SSR_STATE_ID as SERVER_STATE_ID,
  type ServerRenderedPath,
} from '@kl/contracts/server-rendering';

export { SERVER_STATE_ID };

/** What the server rendered the page with, when it did (docs/decisions/005-web-first-load.md). */
interface ServerState {
  language: Locale;
  /** The path the page was rendered for. */
  path?: string;
  /** Its query, without `lang` (`renderedSearch`). */
  search?: string;
  queries: DehydratedState;
}

function readServerState(): ServerState | null {
  const text = document.getElementById(SERVER_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    const state = JSON.parse(text) as Partial<ServerState> | null;
    return state && typeof state.language === 'string' && typeof state.queries === 'object'
      ? (state as ServerState)
      : null;
  } catch {
    return null;
  }
}

/**
 * Everything the first render needs, fetched in parallel: the texts of the current language, the
 * cached system status (checked against its schema) and the chunk of the screen being opened.
 * The theme is applied at once. `url` is the address the page was opened at.
 *
 * A page the server rendered (home, the game list) brings its data: it goes into the query cache, and the first
 * render hydrates the server's markup (`hydrate: true`) when it draws the same thing, that is in the
 * same language and for a visitor (the server renders no member's view: the browser alone knows the
 * stored session). Otherwise the app renders over it.
 */
export async function bootstrap(
  url: URL,
): Promise<{ queryClient: ReturnType<typeof createQueryClient>; hydrate: boolean }> {
  const served = readServerState();
  initUiStore();
  // product.md §4: a session the browser believes in is renewed on load (forgotten quietly if refused).
  const session = initSessionStore();
  if (session) void renewSessionOnLoad();
  const language = resolveInitialLanguage(url.search);
  dropLanguageParameter(url);
  preloadScreenFor(url.pathname, session === null);
  // The stores read, the screen's download asked for: the texts and the query cache are set up in
  // the next task, so that neither half holds the page for long (docs/performance.md).
  await nextTask();
  const queryClient = createQueryClient();
  await Promise.all([
    initI18n(language),
    // A cached maintenance or region status shows its page on the first render.
    primeSystemStatus(queryClient).then(preloadStatusPage),
  ]);
  await nextTask();
  warmTexts();
  keepPreferenceCookies();
  const sameLanguage = served?.language === language;
  // Newer than the cached status (which is marked stale): the server's answer wins.
  if (served && sameLanguage) {
    hydrate(queryClient, served.queries);
    rememberSystemStatus(queryClient);
  }
  // The app starts after the page is drawn: by then the address may have moved on (history), and
  // the markup is no longer what the first render draws.
  const samePage = served?.path === url.pathname && (served.search ?? '') === renderedSearch(url.search);
  const code = FIRST_SCREEN_CODE[url.pathname as ServerRenderedPath] as (() => Promise<void>) | undefined;
  const hydrating = sameLanguage && samePage && session === null && code !== undefined;
  // The page is on the screen already: its code is fetched (preloaded by the page) before the
  // first render takes it over, so that no part of it is drawn again.
  if (hydrating) await code().catch(() => undefined);
  return { queryClient, hydrate: hydrating };
}

/**
 * `?lang=` has done its work once the choice is stored: take it out of the address (before the
 * router reads it), so that a reload shows whatever language is chosen later in the side menu.
 */
function dropLanguageParameter(url: URL): void {
  if (!url.searchParams.has('lang')) return;
  const next = new URL(url);
  next.searchParams.delete('lang');
  window.history.replaceState(window.history.state, '', `${next.pathname}${next.search}${next.hash}`);
}
