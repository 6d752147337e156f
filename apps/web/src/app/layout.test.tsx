import { SESSION_STORAGE_KEY } from '@kl/contracts/constants';
import { HOME_PATH, ROUTES, chromeFor, type RouteDefinition } from '@kl/contracts/routes';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import { useUiStore } from '../shared/stores/ui-store.ts';
import { createSystemStatus } from '../test/factories.ts';
import { refuseOtherCalls } from '../test/fake-api.ts';
import { sessionOf } from '../test/fake-data.ts';
import { findScreen, renderApp } from '../test/render-app.tsx';

/** A concrete path of a route pattern (parameters filled in). */
const pathOf = (route: RouteDefinition) =>
  `/m/${route.pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => `${name}1`)}`;

/** The English title a route shows. */
const titleOf = (route: RouteDefinition) =>
  route.category
    ? en.category[route.category]
    : en.route[route.titleKey.slice('route.'.length) as keyof typeof en.route];

/** Screens built so far (the others show the empty state). */
const BUILT = new Set([
  'home',
  'login',
  'register',
  'forget',
  'changePsw',
  'trail',
  ...['game', 'gameList', 'lott', 'elott', 'live-games', 'slot-games', 'sport-games', 'esport-games'],
  ...['fishing-games', 'poker-games', 'hot-games', 'inhouse'],
  ...['message', 'messages', 'notice', 'webEmail', 'help', 'helpDetail', 'service'],
  'app',
  'feedback',
  'voucherCenter',
  ...['member/agent/getSalaryContract', 'member/agent/getDevidendContract', 'member/agent/getHourContract'],
  'withdraw',
  'member/security',
  'member/kyc',
  'member/responsibleGaming',
  ...['member/home', 'member/history', 'member/gameRecords', 'member/profile', 'verify-email'],
  ...['activity', 'activityDetail', 'member/benefits', 'inviteFriends'],
  'slotsCenter',
  'provider/:kind',
  ...['launchGame', 'lotto-h5/:mui/:playType/games/:gameId', 'lottery', 'startLottery'],
  'gameCenter',
  'agent',
]);

/** A member's browser (gated routes are for members; visitors go to /m/login, see auth tests). */
const memberBrowser = () => ({
  storage: { [SESSION_STORAGE_KEY]: JSON.stringify(sessionOf(0, 'member01')) },
});

describe('header, footer and back arrow of every route (product.md §2)', () => {
  it.each(ROUTES.map((route) => [route.pattern, route] as const))('%s', async (_pattern, route) => {
    // The frame of every screen is looked at, not the screen's content: its calls are refused.
    refuseOtherCalls();
    const status = createSystemStatus();
    const member = route.gated ? memberBrowser() : {};
    await renderApp(`${pathOf(route)}?lang=en`, { status, cachedStatus: status, ...member });
    const page = await findScreen();
    const chrome = chromeFor(route.page);

    expect(page).toHaveAttribute('data-page', route.page);
    expect(window.location.pathname).toBe(pathOf(route));
    if (!BUILT.has(route.pattern)) {
      expect(within(page).getByTestId('empty-state')).toHaveTextContent(en.in_no_data);
    }

    const header = screen.queryByTestId('app-header');
    if (chrome.header === 'none') {
      expect(header).toBeNull();
      // A provider's game names itself: here, without a launch token, the failure to open it.
      const heading = route.page === 'provider' ? en.providerGames.errors.title : titleOf(route);
      expect(within(page).getByRole('heading', { level: 1 })).toHaveTextContent(heading);
    } else {
      expect(header).toHaveAttribute('data-kind', chrome.header);
    }
    if (chrome.header === 'title') {
      expect(within(header!).getByRole('heading', { level: 1 })).toHaveTextContent(titleOf(route));
      expect(within(header!).getByRole('button', { name: en.common.back })).toHaveAttribute(
        'data-back',
        chrome.back,
      );
    }
    if (chrome.header === 'special' && route.gated) {
      expect(within(header!).getByTestId('header-member')).toHaveTextContent('member01');
    } else if (chrome.header === 'special') {
      expect(within(header!).getByRole('link', { name: en.header.login })).toHaveAttribute(
        'href',
        '/m/login',
      );
      expect(within(header!).getByRole('link', { name: en.header.register })).toHaveAttribute(
        'href',
        '/m/register',
      );
      expect(within(header!).getByRole('button', { name: en.header.menu })).toBeInTheDocument();
    }

    const footer = screen.queryByTestId('app-footer');
    if (chrome.footer) expect(footer).toBeInTheDocument();
    else expect(footer).toBeNull();
    expect(document.title).toBe(`${titleOf(route)} | Kim Long`);
  });
});

describe('the document title', () => {
  it("is left as it stands when it is already the screen's, as in the page the server rendered", async () => {
    const status = createSystemStatus();
    const title = `${en.route.home} | ${status.info.whitelabel.siteName}`;
    document.title = title;
    const setTitle = vi.spyOn(document, 'title', 'set');
    try {
      await renderApp('/m/home?lang=en', { status, cachedStatus: status });
      await findScreen();
      expect(document.title).toBe(title);
      expect(setTitle).not.toHaveBeenCalled();
    } finally {
      setTitle.mockRestore();
    }
  });
});

describe('paths that land on home', () => {
  it.each(['/', '/m', '/m/', '/m/index', '/m/index.html', '/m/no-such-page', '/elsewhere/deep'])(
    '%s goes to /m/home without a new history entry',
    async (path) => {
      const entriesBefore = window.history.length;
      await renderApp(path);
      expect(await findScreen()).toHaveAttribute('data-page', 'home');
      expect(window.location.pathname).toBe(HOME_PATH);
      expect(window.history.length).toBe(entriesBefore);
      expect(screen.getByTestId('app-header')).toHaveAttribute('data-kind', 'special');
    },
  );
});

describe('categories', () => {
  it('a category path selects its category and shows its title', async () => {
    await renderApp('/m/live-games?lang=en');
    await findScreen();
    expect(useUiStore.getState().category).toBe('LIVE');
    expect(within(screen.getByTestId('app-header')).getByRole('heading', { level: 1 })).toHaveTextContent(
      'Live casino',
    );
  });

  it('the footer home item goes home and resets the category to HOT', async () => {
    const { user } = await renderApp('/m/fishing-games?lang=en');
    await findScreen();
    expect(useUiStore.getState().category).toBe('FISH');
    await user.click(within(screen.getByTestId('app-footer')).getByRole('link', { name: 'Home' }));
    expect(await findScreen()).toHaveAttribute('data-page', 'home');
    expect(window.location.pathname).toBe(HOME_PATH);
    expect(useUiStore.getState().category).toBe('HOT');
  });

  it.each([
    ['uploaded in the back office, shown whole', '/api/images/0123456789abcdef0123456789abcdef.webp', true],
    ['drawn, whose mark a phone shows', undefined, false],
  ])('shows the logo %s, named by the site', async (_kind, uploaded, whole) => {
    const status = createSystemStatus();
    if (uploaded) status.info.whitelabel.logoUrl = uploaded;
    await renderApp('/m/login?lang=en', { status, cachedStatus: status });
    await findScreen();
    const logo = within(screen.getByRole('link', { name: 'Kim Long' })).getByRole('img', {
      name: 'Kim Long',
    });
    expect(logo).toHaveAttribute('src', status.info.whitelabel.logoUrl);
    expect(logo.classList.contains('kl-header__logo-image--whole')).toBe(whole);
  });

  it('the logo goes home and selects HOT', async () => {
    const status = createSystemStatus();
    const { user } = await renderApp('/m/login?lang=en', { status, cachedStatus: status });
    await findScreen();
    useUiStore.getState().selectCategory('LIVE');
    await user.click(screen.getByRole('link', { name: 'Kim Long' }));
    expect(await findScreen()).toHaveAttribute('data-page', 'home');
    expect(useUiStore.getState().category).toBe('HOT');
  });
});

describe('back arrow', () => {
  it('goes home on the back-home pages', async () => {
    const { user } = await renderApp('/m/home?lang=en');
    await findScreen();
    await user.click(within(screen.getByTestId('app-footer')).getByRole('link', { name: 'Promotions' }));
    expect(await findScreen()).toHaveAttribute('data-page', 'activity');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(window.location.pathname).toBe(HOME_PATH));
  });

  it('goes back in history elsewhere', async () => {
    const { user } = await renderApp('/m/activity?lang=en');
    await findScreen();
    await user.click(within(screen.getByTestId('app-footer')).getByRole('link', { name: 'Invite' }));
    await waitFor(() => expect(window.location.pathname).toBe('/m/inviteFriends'));
    expect(screen.getByRole('button', { name: 'Back' })).toHaveAttribute('data-back', 'history');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(window.location.pathname).toBe('/m/activity'));
  });

  it('goes home when the page was the first one opened', async () => {
    refuseOtherCalls();
    const { user } = await renderApp('/m/notice?lang=en');
    await findScreen();
    const entriesBefore = window.history.length;
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(window.location.pathname).toBe(HOME_PATH));
    expect(window.history.length).toBe(entriesBefore);
  });
});

describe('footer menu', () => {
  it('marks the current item and leads to the agent centre inside the site', async () => {
    const status = createSystemStatus();
    await renderApp('/m/activity?lang=en', { status, cachedStatus: status });
    await findScreen();
    const footer = within(screen.getByTestId('app-footer'));
    expect(footer.getByRole('link', { name: 'Promotions' })).toHaveAttribute('aria-current', 'page');
    for (const name of ['Home', 'Invite', 'Member']) {
      expect(footer.getByRole('link', { name })).not.toHaveAttribute('aria-current');
    }
    const agent = footer.getByRole('link', { name: 'Agent' });
    expect(agent).toHaveAttribute('href', '/m/agent');
    expect(agent).not.toHaveAttribute('target');
    expect(agent).not.toHaveAttribute('aria-current');
    expect(footer.getByRole('link', { name: 'Member' })).toHaveAttribute('href', '/m/member/home');
  });

  it('marks member centre on its sub-pages', async () => {
    refuseOtherCalls();
    await renderApp('/m/member/benefits?lang=en', memberBrowser());
    await findScreen();
    expect(within(screen.getByTestId('app-footer')).getByRole('link', { name: 'Member' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('keeps the agent item without an AGENT resource (the agent centre is inside the site)', async () => {
    const status = createSystemStatus({ info: { resources: [] } });
    await renderApp('/m/home?lang=en', { status, cachedStatus: status });
    await findScreen();
    const footer = within(screen.getByTestId('app-footer'));
    expect(footer.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(footer.getByRole('link', { name: 'Agent' })).toHaveAttribute('href', '/m/agent');
  });
});

describe('page transition (product.md §2)', () => {
  /** jsdom has no Web Animations API: the frame's `animate` is watched, as a browser would run it. */
  function watchAnimations() {
    const animate = vi.fn(() => ({ cancel: vi.fn() }) as unknown as Animation);
    Object.defineProperty(HTMLElement.prototype, 'animate', { value: animate, configurable: true });
    return {
      calls: () => animate.mock.calls as unknown as [Keyframe[], KeyframeAnimationOptions][],
      restore: () => Reflect.deleteProperty(HTMLElement.prototype, 'animate'),
    };
  }

  /** jsdom has no matchMedia either: the device's setting, as a browser answers it. */
  function reducedMotion(reduce: boolean) {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: reduce && query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
  }

  /** Home, then promotions by the footer: the fades asked for on the first screen and after the step. */
  async function homeToPromotions(reduce: boolean) {
    const animations = watchAnimations();
    try {
      reducedMotion(reduce);
      const { user } = await renderApp('/m/home?lang=en');
      await findScreen();
      const first = [...animations.calls()];
      await user.click(within(screen.getByTestId('app-footer')).getByRole('link', { name: 'Promotions' }));
      expect(await findScreen()).toHaveAttribute('data-page', 'activity');
      return { first, all: [...animations.calls()] };
    } finally {
      animations.restore();
    }
  }

  it('fades a screen reached inside the site in over 300 ms, and not the first screen', async () => {
    const { first, all } = await homeToPromotions(false);
    expect(first).toEqual([]);
    expect(all).toEqual([[[{ opacity: 0 }, { opacity: 1 }], { duration: 300, easing: 'ease-out' }]]);
  });

  it('does not move anything when the device asks for reduced motion', async () => {
    const { all } = await homeToPromotions(true);
    expect(all).toEqual([]);
  });
});
