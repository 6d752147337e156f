import { PREFERENCE_COOKIES } from '@kl/contracts/constants';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../shared/lib/i18n.ts';
import { useUiStore } from '../shared/stores/ui-store.ts';
import { bootstrap, SERVER_STATE_ID } from './bootstrap.ts';

/** The cookies the page can read, by name. */
function cookies(): Record<string, string> {
  return Object.fromEntries(
    document.cookie
      .split(';')
      .map((part) => part.trim().split('='))
      .filter(([name]) => name)
      .map(([name, value]) => [name, decodeURIComponent(value ?? '')]),
  );
}

function forgetEverything() {
  for (const name of Object.keys(cookies())) document.cookie = `${name}=; Path=/; Max-Age=0`;
  window.localStorage.clear();
  document.getElementById(SERVER_STATE_ID)?.remove();
  window.history.replaceState(null, '', '/m/home');
}

beforeEach(forgetEverything);
afterEach(forgetEverything);

describe('the language and theme cookies (docs/decisions/005-web-first-load.md)', () => {
  it('are written at load, from ?lang= and the stored theme', async () => {
    window.localStorage.setItem('theme', 'light');
    window.history.replaceState(null, '', '/m/home?lang=en');
    await bootstrap(new URL(window.location.href));
    expect(cookies()).toMatchObject({
      [PREFERENCE_COOKIES.language]: 'en',
      [PREFERENCE_COOKIES.theme]: 'light',
    });
  });

  it('follow a language or theme chosen later', async () => {
    await bootstrap(new URL(window.location.href));
    expect(cookies()).toMatchObject({
      [PREFERENCE_COOKIES.language]: 'vi',
      [PREFERENCE_COOKIES.theme]: 'dark',
    });
    await setLanguage('en');
    useUiStore.getState().setTheme('light');
    expect(cookies()).toMatchObject({
      [PREFERENCE_COOKIES.language]: 'en',
      [PREFERENCE_COOKIES.theme]: 'light',
    });
    await setLanguage('vi');
    useUiStore.getState().setTheme('dark');
    expect(cookies()).toMatchObject({
      [PREFERENCE_COOKIES.language]: 'vi',
      [PREFERENCE_COOKIES.theme]: 'dark',
    });
  });
});

describe('a page the server rendered', () => {
  function serverState(language: string, path = window.location.pathname, search = '') {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = SERVER_STATE_ID;
    script.textContent = JSON.stringify({
      language,
      theme: 'dark',
      path,
      search,
      queries: {
        mutations: [],
        queries: [
          {
            queryKey: ['content', 'announcements', 'popular'],
            queryHash: '["content","announcements","popular"]',
            state: { data: [], dataUpdatedAt: Date.now(), status: 'success', fetchStatus: 'idle' },
          },
        ],
      },
    });
    document.body.append(script);
  }

  it('is hydrated with its data when it is in the same language', async () => {
    serverState('vi');
    const { queryClient, hydrate } = await bootstrap(new URL(window.location.href));
    expect(hydrate).toBe(true);
    expect(queryClient.getQueryData(['content', 'announcements', 'popular'])).toEqual([]);
  });

  it('is drawn again by the browser when the address moved on before the app started', async () => {
    const before = window.location.pathname;
    serverState('vi', '/m/home');
    window.history.pushState(null, '', '/m/login');
    const { hydrate } = await bootstrap(new URL(window.location.href));
    window.history.pushState(null, '', before);
    expect(hydrate).toBe(false);
  });

  it('is hydrated at the game list the server rendered, whose address keeps its query but lang', async () => {
    serverState('en', '/m/gameList', 'gameType=FISH');
    window.history.replaceState(null, '', '/m/gameList?gameType=FISH&lang=en');
    const { hydrate } = await bootstrap(new URL(window.location.href));
    expect(hydrate).toBe(true);
  });

  it('is drawn again by the browser when the address asks for another list than the page shows', async () => {
    serverState('en', '/m/gameList', 'gameType=FISH');
    window.history.replaceState(null, '', '/m/gameList?gameType=PVP&lang=en');
    const { hydrate } = await bootstrap(new URL(window.location.href));
    expect(hydrate).toBe(false);
  });

  it('is drawn again by the browser at a page the server does not render', async () => {
    serverState('en', '/m/promotions');
    window.history.replaceState(null, '', '/m/promotions?lang=en');
    const { hydrate } = await bootstrap(new URL(window.location.href));
    expect(hydrate).toBe(false);
  });

  it('is drawn again by the browser in another language, without its data', async () => {
    serverState('en');
    const { queryClient, hydrate } = await bootstrap(new URL(window.location.href));
    expect(hydrate).toBe(false);
    expect(queryClient.getQueryData(['content', 'announcements', 'popular'])).toBeUndefined();
  });
});
