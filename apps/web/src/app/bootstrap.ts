import { renewSessionOnLoad } from '../features/auth/index.ts';
import { preloadStatusPage, primeSystemStatus } from '../features/system-status/index.ts';
import { initI18n, resolveInitialLanguage } from '../shared/lib/i18n.ts';
import { initSessionStore } from '../shared/stores/session-store.ts';
import { initUiStore } from '../shared/stores/ui-store.ts';
import { createQueryClient } from './query-client.ts';
import { preloadScreenFor } from './router.tsx';

/**
 * Everything the first render needs, fetched in parallel: the texts of the current language, the
 * cached system status (checked against its schema) and the chunk of the screen being opened.
 * The theme is applied at once. `url` is the address the page was opened at.
 */
export async function bootstrap(url: URL) {
  initUiStore();
  // product.md §4: a session the browser believes in is renewed on load (forgotten quietly if refused).
  if (initSessionStore()) void renewSessionOnLoad();
  const language = resolveInitialLanguage(url.search);
  dropLanguageParameter(url);
  preloadScreenFor(url.pathname);
  const queryClient = createQueryClient();
  await Promise.all([
    initI18n(language),
    // A cached maintenance or region status shows its page on the first render.
    primeSystemStatus(queryClient).then(preloadStatusPage),
  ]);
  return { queryClient };
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
