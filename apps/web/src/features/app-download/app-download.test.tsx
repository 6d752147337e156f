import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSystemStatus } from '../../test/factories.ts';
import { findScreen, renderApp } from '../../test/render-app.tsx';
import { GUIDE_DISMISSED_KEY } from './components/home-screen-guide.tsx';
import { resetPlatform } from './lib/platform.ts';
import { UA } from './testing/user-agents.ts';

const withResources = (resources: ReturnType<typeof createSystemStatus>['info']['resources']) =>
  createSystemStatus({ info: { resources } });
const APPS = withResources([
  { resourceType: 'IOS', url: 'https://kl.example.test/ios', labelNameEn: 'iOS app' },
  { resourceType: 'Android', url: 'https://kl.example.test/kl.apk', labelNameEn: 'Android app' },
  { resourceType: 'ANDROID2', url: 'https://kl.example.test/kl-lite.apk', labelNameEn: 'Android lite' },
]);
const PROFILE_ONLY = withResources([
  {
    resourceType: 'MOBILECONFIG',
    url: 'https://kl.example.test/kl.mobileconfig',
    labelNameEn: 'iOS profile',
  },
]);

function useUserAgent(userAgent: string) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  resetPlatform();
}

function openedFromHomeScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('standalone'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  resetPlatform();
}

/** Links in jsdom would try to navigate; the tests only look at where they point. */
const keepPage = (event: Event) => event.preventDefault();

beforeEach(() => {
  resetPlatform();
  document.addEventListener('click', keepPage);
});

afterEach(() => {
  document.removeEventListener('click', keepPage);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  resetPlatform();
});

describe('header download button (product.md §2)', () => {
  it('shows on home with app links and opens the download popup', async () => {
    const { user } = await renderApp('/m/home?lang=en', { status: APPS });
    await findScreen();
    const button = within(screen.getByTestId('app-header')).getByRole('button', { name: 'Download the app' });
    await user.click(button);
    const popup = await screen.findByRole('dialog', { name: 'Download the app' });
    expect(within(popup).getByRole('link', { name: /iPhone \/ iPad/ })).toHaveAttribute(
      'href',
      'https://kl.example.test/ios',
    );
    expect(within(popup).getByRole('link', { name: /^Android\s*\(opens/ })).toHaveAttribute(
      'href',
      'https://kl.example.test/kl.apk',
    );
    expect(within(popup).getByRole('link', { name: /Android \(lite\)/ })).toHaveAttribute('target', '_blank');
    expect(within(popup).getByRole('link', { name: 'All download options' })).toHaveAttribute(
      'href',
      '/m/app',
    );
    await user.click(within(popup).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Download the app' })).toBeNull());
  });

  it('is absent without app links', async () => {
    await renderApp('/m/home?lang=en');
    await findScreen();
    expect(screen.queryByTestId('header-download')).toBeNull();
  });

  it('is absent off home (the other pages with the same header)', async () => {
    await renderApp('/m/login?lang=en', { status: APPS });
    await findScreen();
    expect(screen.queryByTestId('header-download')).toBeNull();
  });

  it('is absent inside the installed web app and inside the native app', async () => {
    openedFromHomeScreen();
    const first = await renderApp('/m/home?lang=en', { status: APPS });
    await findScreen();
    expect(screen.queryByTestId('header-download')).toBeNull();
    first.unmount();
    vi.unstubAllGlobals();

    useUserAgent(UA.nativeApp);
    await renderApp('/m/home?lang=en', { status: APPS });
    await findScreen();
    expect(screen.queryByTestId('header-download')).toBeNull();
  });
});

describe('iOS download (product.md §4)', () => {
  it('asks for Safari in another browser when there is only the profile', async () => {
    useUserAgent(UA.iphoneChrome);
    const { user } = await renderApp('/m/app?lang=en', { status: PROFILE_ONLY });
    await findScreen();
    await user.click(await screen.findByRole('button', { name: 'iPhone / iPad' }));
    expect(await screen.findByText('Please use Safari for download App.')).toBeInTheDocument();
    await waitFor(() => user.click(screen.getByRole('button', { name: 'OK' })));
    await waitFor(() => expect(screen.queryByText('Please use Safari for download App.')).toBeNull());
  });

  it('opens the profile in Safari and, back on the page, says to go to the settings', async () => {
    useUserAgent(UA.iphoneSafari);
    const { user } = await renderApp('/m/app?lang=en', { status: PROFILE_ONLY });
    await findScreen();
    const link = await screen.findByRole('link', { name: 'iPhone / iPad' });
    expect(link).toHaveAttribute('href', 'https://kl.example.test/kl.mobileconfig');
    await user.click(link);
    window.dispatchEvent(new Event('blur'));
    window.dispatchEvent(new Event('focus'));
    expect(await screen.findByText(/Open Settings › General/)).toBeInTheDocument();
    await waitFor(() => user.click(screen.getByRole('button', { name: 'OK' })));
    await waitFor(() => expect(screen.queryByText(/Open Settings › General/)).toBeNull());
  });
});

describe('/m/app', () => {
  it('lists the app links', async () => {
    await renderApp('/m/app?lang=en', { status: APPS });
    const page = await findScreen();
    expect(page).toHaveAttribute('data-page', 'app');
    await waitFor(() => expect(within(page).getAllByRole('link')).toHaveLength(3));
  });

  it('has nothing to download without links', async () => {
    await renderApp('/m/app?lang=en');
    const page = await findScreen();
    expect(await within(page).findByTestId('empty-state')).toBeInTheDocument();
  });

  it('has nothing to download inside the installed web app', async () => {
    openedFromHomeScreen();
    await renderApp('/m/app?lang=en', { status: APPS });
    const page = await findScreen();
    await waitFor(() => expect(page).toHaveTextContent('You are already using the app.'));
    expect(within(page).queryByRole('link')).toBeNull();
  });
});

describe('add-to-home-screen guide (product.md §4)', () => {
  it('shows on home in iOS Safari with tip type 2, and stays closed once closed', async () => {
    useUserAgent(UA.iphoneSafari);
    const { user } = await renderApp('/m/home?lang=en');
    const guide = await screen.findByTestId('home-screen-guide');
    expect(guide).toHaveAttribute('data-tip-type', '2');
    expect(guide).toHaveTextContent("Tap the Share button in Safari's toolbar below.");
    await user.click(within(guide).getByRole('button', { name: 'Close the home-screen guide' }));
    expect(screen.queryByTestId('home-screen-guide')).toBeNull();
    expect(Number(window.localStorage.getItem(GUIDE_DISMISSED_KEY))).toBeGreaterThan(0);
  });

  it('gives the legacy tip before iOS 12.2', async () => {
    useUserAgent(UA.iphone12_1Safari);
    await renderApp('/m/home?lang=en');
    expect(await screen.findByTestId('home-screen-guide')).toHaveTextContent(
      'Swipe the lower row of icons to the left',
    );
  });

  it('does not show in other browsers nor when opened from the home screen', async () => {
    useUserAgent(UA.iphoneChrome);
    const first = await renderApp('/m/home?lang=en');
    await findScreen();
    expect(screen.queryByTestId('home-screen-guide')).toBeNull();
    first.unmount();

    useUserAgent(UA.iphoneSafari);
    openedFromHomeScreen();
    await renderApp('/m/home?lang=en');
    await findScreen();
    expect(screen.queryByTestId('home-screen-guide')).toBeNull();
  });
});
