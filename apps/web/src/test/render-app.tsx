import { accountsCalls, sessionInfo } from '@kl/contracts/accounts';
import { contentCalls } from '@kl/contracts/content';
import { gamesCalls } from '@kl/contracts/games';
import { promotionsCalls } from '@kl/contracts/promotions';
import { responsibleGamingCalls } from '@kl/contracts/responsible-gaming';
import { slotCalls } from '@kl/contracts/slot';
import { walletCalls } from '@kl/contracts/wallet';
import { CACHE_KEYS, SESSION_STORAGE_KEY } from '@kl/contracts/constants';
import type { SystemStatus } from '@kl/contracts/status';
import { render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../app/app.tsx';
import { bootstrap } from '../app/bootstrap.ts';
import { systemStatusQueryKey } from '../features/system-status/index.ts';
import { createSystemStatus } from './factories.ts';
import { failure, onByDefault } from './fake-api.ts';
import { stubServer, type StatusAnswer } from './fake-server.ts';

export interface RenderAppOptions {
  /** What GET /api/status answers (default: a normal status). */
  status?: StatusAnswer | (() => StatusAnswer);
  /** Content of localStorage `status` before the page opens (an object is stored as JSON). */
  cachedStatus?: SystemStatus | string;
  /** Other localStorage entries before the page opens. */
  storage?: Record<string, string>;
}

/**
 * The calls of the home page and the shell around every screen (menu, header, member's widgets, the
 * login sheet): refused
 * NOT_FOUND unless the test answers them, as a server without that content. Any other call the test does
 * not answer fails it (test/fake-api.ts).
 */
const SHELL_CALLS = [
  ...[gamesCalls.gameSearch, gamesCalls.hotGames, gamesCalls.gameVendors, gamesCalls.winnerBoard],
  ...[gamesCalls.favouriteList, contentCalls.banners, contentCalls.popularAnnouncements],
  ...[contentCalls.footerLinks, contentCalls.service, contentCalls.announcementUnreadCount],
  ...[contentCalls.inboxUnreadCount, walletCalls.wallet, accountsCalls.memberInfo],
  ...[responsibleGamingCalls.responsibleGaming, promotionsCalls.promotions, promotionsCalls.promotionClaims],
  ...[accountsCalls.registrationRules, slotCalls.slotJackpot],
];

/**
 * Opens the app at `path` the way main.tsx does (bootstrap, then render), against the fake
 * server. The URL of the jsdom window is set to `path` first.
 */
export async function renderApp(path: string, options: RenderAppOptions = {}) {
  window.history.replaceState(null, '', path);
  for (const [key, value] of Object.entries(options.storage ?? {})) window.localStorage.setItem(key, value);
  if (options.cachedStatus !== undefined) {
    const raw =
      typeof options.cachedStatus === 'string' ? options.cachedStatus : JSON.stringify(options.cachedStatus);
    window.localStorage.setItem(CACHE_KEYS.status, raw);
  }
  // The browser's stored session is renewed on load: the server still holds it, unless the test says not.
  const stored = sessionInfo.safeParse(JSON.parse(options.storage?.[SESSION_STORAGE_KEY] ?? 'null'));
  onByDefault(accountsCalls.renewSession, () => (stored.success ? stored.data : failure('SESSION_EXPIRED')));
  for (const entry of SHELL_CALLS) onByDefault(entry, failure('NOT_FOUND'));
  const fetchMock = stubServer({
    status: options.status ?? createSystemStatus(),
  });
  const { queryClient } = await bootstrap(new URL(window.location.href));
  const user = userEvent.setup({ delay: null });
  const view = render(<App queryClient={queryClient} />);
  // A status the fake server gives at once: the page is open when the app holds it (the header's logo, the
  // merchant's links and templates follow it), as a visitor sees them a moment after the page shows. A
  // screen's chunk may arrive before the answer or after it: a test never depends on which came first.
  const answer = options.status;
  if (answer === undefined || (typeof answer === 'object' && !(answer instanceof Promise))) {
    await waitFor(() => {
      if (!((queryClient.getQueryState(systemStatusQueryKey)?.dataUpdatedAt ?? 0) > 0)) {
        throw new Error('The app has not received the system status yet');
      }
    });
  }
  return { ...view, user, queryClient, fetchMock };
}

/** Waits until a screen (an element with data-page) is shown, and returns it. */
export function findScreen(): Promise<HTMLElement> {
  return waitFor(() => {
    const found = document.querySelector<HTMLElement>('[data-page]');
    if (!found) throw new Error('No screen (element with data-page) is shown');
    return found;
  });
}
