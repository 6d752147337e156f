import { contentCalls } from '@kl/contracts/content';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createSystemStatus } from '../../test/factories.ts';
import { gamesCalls, type VendorStructure } from '@kl/contracts/games';
import { walletCalls } from '@kl/contracts/wallet';
import { callsTo, on } from '../../test/fake-api.ts';
import { walletOf } from '../../test/fake-data.ts';
import { stubScreenObserver } from '../../test/screen-observer.ts';
import { HOME_LOAD_QUIET_MS } from './components/home-load-status.tsx';
import { marqueeSeconds } from './lib/marquee.ts';
import { createAnnouncement, createVendorStructure } from './testing/fake-home.ts';
import { openHome } from './testing/open-home.ts';

const statusWith = (toggles: Partial<ReturnType<typeof createSystemStatus>['info']['toggles']>) => {
  const status = createSystemStatus();
  return createSystemStatus({ info: { toggles: { ...status.info.toggles, ...toggles } } });
};

const bannerTitles = () =>
  within(screen.getByTestId('banner-carousel'))
    .getAllByRole('img')
    .map((image) => image.getAttribute('alt'));

describe('home banners', () => {
  it('shows the m_home banners, without m_live when the live-host feature is off', async () => {
    await openHome('/m/home?lang=en', { status: statusWith({ CBS3: false }) });
    await screen.findByTestId('banner-carousel');
    expect(bannerTitles()).toEqual(['First deposit bonus', 'Daily rebate', 'VIP club']);
  });

  it('adds the m_live banners when the live-host feature is on', async () => {
    await openHome('/m/home?lang=en', { status: statusWith({ CBS3: true }) });
    await screen.findByTestId('banner-carousel');
    expect(bannerTitles()).toEqual(['First deposit bonus', 'Daily rebate', 'VIP club', 'Live hosts']);
  });

  it("ends the new-games section with the m_newgame banners, and no other group's", async () => {
    await openHome('/m/home?lang=en');
    const section = await screen.findByRole('region', { name: 'New games' });
    const banners = await within(section).findByRole('list', { name: 'New games on offer' });
    expect(
      within(banners)
        .getAllByRole('img')
        .map((image) => image.getAttribute('alt')),
    ).toEqual(['New slots week']);
    expect(within(banners).getByRole('link', { name: 'New slots week' })).toHaveAttribute(
      'href',
      '/m/gameList?gameType=RNG',
    );
  });

  it('offers the floating promo button only with m_popup banners, opening them in a dialog', async () => {
    const { user } = await openHome('/m/home?lang=en');
    await user.click(await screen.findByRole('button', { name: 'Open the promotions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Promotions' });
    expect(within(dialog).getByRole('link', { name: 'Get the app' })).toHaveAttribute('href', '/m/app');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Promotions' })).toBeNull());
  });

  it('has no promo button without m_popup banners', async () => {
    on(contentCalls.banners, { list: [] });
    await openHome('/m/home?lang=en');
    await screen.findByTestId('marquee');
    await waitFor(() => expect(screen.queryByTestId('banner-carousel')).toBeNull());
    expect(screen.queryByTestId('promo-button')).toBeNull();
  });
});

describe('announcement marquee', () => {
  it('runs the popular announcements and opens /m/notice when tapped', async () => {
    // The notice page it opens: no announcement listed.
    on(contentCalls.notice, { list: [], pageNum: 1, totalPages: 1, total: 0 });
    const maintenance = createAnnouncement(1, { title: 'Maintenance', summary: 'Sunday 02:00' });
    on(contentCalls.popularAnnouncements, { list: [maintenance] });
    const { user } = await openHome('/m/home?lang=en');
    const marquee = screen.getByTestId('marquee');
    await waitFor(() => expect(marquee).toHaveTextContent('Maintenance: Sunday 02:00'));
    expect(marquee).toHaveAccessibleName('Announcements: Maintenance: Sunday 02:00');
    // It moves once the page has settled (a moment after the load where jsdom cannot say it is idle).
    await waitFor(() => expect(marquee).toHaveAttribute('data-moving', 'true'));
    await user.click(marquee);
    await waitFor(() => expect(window.location.pathname).toBe('/m/notice'));
  });

  it('rests where it stands while scrolled off the screen', async () => {
    const screenWatch = stubScreenObserver();
    await openHome('/m/home?lang=en');
    const marquee = screen.getByTestId('marquee');
    await waitFor(() => expect(marquee).toHaveAttribute('data-moving', 'true'));
    expect(marquee).toHaveAttribute('data-offscreen', 'false');
    screenWatch.report(false);
    expect(marquee).toHaveAttribute('data-offscreen', 'true');
    expect(marquee).toHaveAttribute('data-moving', 'true');
    screenWatch.report(true);
    expect(marquee).toHaveAttribute('data-offscreen', 'false');
    vi.unstubAllGlobals();
  });

  it("shows 'no_announcement' when there are none", async () => {
    on(contentCalls.popularAnnouncements, { list: [] });
    await openHome('/m/home?lang=en');
    await waitFor(() => expect(screen.getByTestId('marquee')).toHaveTextContent('No announcements'));
    expect(screen.getByTestId('marquee')).toHaveAttribute('data-moving', 'false');
  });

  it('moves at 50 px a second over its measured width, from where its text stood still', async () => {
    // The line: a window of 300 px, then 700 px of text.
    const width = vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(1_000);
    const windowWidth = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    await openHome('/m/home?lang=en');
    const line = screen.getByTestId('marquee').querySelector<HTMLElement>('.kl-marquee__line')!;
    await waitFor(() => expect(line.style.getPropertyValue('--kl-marquee-seconds')).toBe('20s'));
    // The first crossing starts 300 px in (6 s at 50 px a second): the text at the window's left edge.
    expect(line.style.getPropertyValue('--kl-marquee-start')).toBe('-6s');
    width.mockRestore();
    windowWidth.mockRestore();
    expect(marqueeSeconds(500)).toBe(10);
  });

  it('stands still when the device asks for reduced motion', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('reduced-motion'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    await openHome('/m/home?lang=en');
    await waitFor(() => expect(screen.getByTestId('marquee')).toHaveTextContent('Notice 1: Body 1'));
    expect(screen.getByTestId('marquee')).toHaveAttribute('data-moving', 'false');
    vi.unstubAllGlobals();
  });
});

describe('home footer block', () => {
  it('shows partners, badges, social icons, at most 28 vendors, the jackpot and the copyright', async () => {
    on(gamesCalls.gameVendors, createVendorStructure(31));
    await openHome('/m/home?lang=en');
    const footer = await screen.findByTestId('home-footer');
    await waitFor(() => expect(within(footer).getAllByRole('img', { name: /^Vendor / })).toHaveLength(28));
    // In the order of the vendor structure: its first category (LIVE) first.
    expect(within(footer).getAllByRole('img', { name: /^Vendor / })[0]).toHaveAccessibleName('Vendor 2');
    // Each part is drawn when its own answer arrives.
    expect(await within(footer).findByRole('img', { name: 'Sen Pay' })).toBeInTheDocument();
    expect(await within(footer).findByRole('link', { name: /USDT/ })).toHaveAttribute('target', '_blank');
    expect(await within(footer).findByRole('img', { name: '18+' })).toBeInTheDocument();
    const social = await within(footer).findByRole('list', { name: 'Social networks' });
    expect(within(social).getAllByRole('link')).toHaveLength(3);
    expect(await within(footer).findByText('© 2025 Kim Long. All rights reserved.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(footer).getByTestId('jackpot')).toHaveTextContent(/^Jackpot\s*48,250,700$/),
    );
  });

  it('shows the app buttons when the merchant has app links', async () => {
    const status = createSystemStatus({
      info: {
        resources: [
          { resourceType: 'Android', url: 'https://kl.example.test/app.apk', labelNameEn: 'Android' },
        ],
      },
    });
    await openHome('/m/home?lang=en', { status });
    const area = await screen.findByTestId('download-area');
    expect(within(area).getByRole('link', { name: /Android/ })).toHaveAttribute(
      'href',
      'https://kl.example.test/app.apk',
    );
  });
});

describe('home load (product.md §4)', () => {
  const toastText = () => document.querySelector('.adm-toast-main')?.textContent ?? null;

  it('shows the loading message until the vendor data arrives, when it takes more than a moment', async () => {
    let answer: (structure: VendorStructure) => void = () => {};
    on(gamesCalls.gameVendors, () => new Promise<VendorStructure>((resolve) => (answer = resolve)));
    await openHome('/m/home?lang=en');
    await waitFor(() => expect(toastText()).toBe('Please wait...'), { timeout: 3_000 });
    answer(createVendorStructure(3));
    await waitFor(() => expect(document.querySelector('.adm-toast-mask')).toBeNull(), { timeout: 3_000 });
  });

  it('shows no loading message when the vendor data comes at once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await openHome('/m/home?lang=en');
      await waitFor(() => expect(callsTo(gamesCalls.gameVendors)).not.toHaveLength(0));
      // The vendor data is on the page (the footer lists the vendors)…
      await screen.findByTestId('footer-vendors');
      // (and the games part of home, its own chunk, has loaded)
      await screen.findByTestId('category-content');
      // …and the clock moves well past the quiet time: no loading message was asked for (it would be
      // announced to screen readers too).
      await act(() => vi.advanceTimersByTimeAsync(HOME_LOAD_QUIET_MS * 3));
      expect(document.querySelector('.adm-toast-mask')).toBeNull();
      expect(document.body).not.toHaveTextContent('Please wait...');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('home wallet widget (product.md §2, §4 Balance)', () => {
  it("shows a member's balance with hide/show, and nothing to a visitor", async () => {
    on(walletCalls.wallet, walletOf(2_500_000));
    const { user } = await openHome('/m/home?lang=en', { role: 'member' });
    const widget = await screen.findByTestId('wallet-balance');
    await waitFor(() => expect(within(widget).getByTestId('wallet-amount')).toHaveTextContent('₫2,500,000'));
    await user.click(within(widget).getByRole('button', { name: 'Hide balance' }));
    expect(within(widget).getByTestId('wallet-amount')).toHaveTextContent('****.**');
    await user.click(within(widget).getByRole('button', { name: 'Show balance' }));
  });

  it('is not offered to a visitor', async () => {
    await openHome('/m/home?lang=en');
    await screen.findByTestId('banner-carousel');
    expect(screen.queryByTestId('wallet-balance')).toBeNull();
  });
});
