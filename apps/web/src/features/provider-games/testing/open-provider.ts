import { SESSION_STORAGE_KEY } from '@kl/contracts/constants';
import { vi } from 'vitest';
import { serveAlsoNext } from '../../../test/fake-server.ts';
import { findScreen, renderApp } from '../../../test/render-app.tsx';
import { createFakeProvider, type FakeProvider, type FakeProviderOptions } from './fake-provider.ts';

/** A logged-in member's session record as the browser keeps it (product.md §3). */
const storedMember = JSON.stringify({
  userName: 'player01',
  merchantCode: 'kimlong',
  type: 0,
  firstTimeLogin: false,
  expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
});

/** A browser whose member asked for less motion (prefers-reduced-motion: reduce), or not. */
export function stubReducedMotion(reduce: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

/**
 * Opens the provider's client at `path` (a launch address) for a logged-in member, against the fake
 * provider (a new one, or `provider` to go on with one: a reload), in a browser asking for less motion
 * unless `motion` is 'full'. The tab's sessionStorage is kept unless `freshTab`.
 */
export async function openProvider({
  path,
  motion = 'reduced',
  provider,
  freshTab = true,
  ...options
}: FakeProviderOptions & {
  path: string;
  motion?: 'reduced' | 'full';
  provider?: FakeProvider;
  freshTab?: boolean;
}) {
  stubReducedMotion(motion === 'reduced');
  if (freshTab) window.sessionStorage.clear();
  const fake = provider ?? createFakeProvider(options);
  serveAlsoNext(fake.handle);
  const view = await renderApp(path, { storage: { [SESSION_STORAGE_KEY]: storedMember } });
  const page = await findScreen();
  return { ...view, provider: fake, page };
}
