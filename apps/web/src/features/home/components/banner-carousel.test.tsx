import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/lib/i18n.ts';
import { stubScreenObserver } from '../../../test/screen-observer.ts';
import { createBanner, DEFAULT_BANNERS } from '../testing/fake-home.ts';
import { bannersOf, homeCarouselGroups } from '../lib/banners.ts';
import { BannerCarousel } from './banner-carousel.tsx';

const HOME_BANNERS = bannersOf(DEFAULT_BANNERS, ['m_home']);

/** Whether the page has settled (use-page-settled.ts has tests of its own): the test says. */
const page = vi.hoisted(() => ({ settled: true }));
vi.mock('../../../shared/hooks/use-page-settled.ts', () => ({ usePageSettled: () => page.settled }));

function renderCarousel(banners = HOME_BANNERS) {
  return render(
    <MemoryRouter>
      <BannerCarousel banners={banners} label="Promotions" />
    </MemoryRouter>,
  );
}

const current = () => screen.getAllByTestId('banner').findIndex((slide) => slide.dataset.current === 'true');
const dot = (name: string) => screen.getByRole('button', { name });

/** matchMedia answering `reduce` for the reduced-motion query. */
function prefersReducedMotion() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('reduced-motion'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

beforeEach(async () => {
  await initI18n('en');
  vi.useFakeTimers();
  page.settled = true;
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('banner carousel (product.md §2, §9)', () => {
  it('moves on every 5000 ms and loops back to the first', () => {
    renderCarousel();
    expect(screen.getAllByTestId('banner')).toHaveLength(3);
    expect(current()).toBe(0);
    act(() => vi.advanceTimersByTime(4_999));
    expect(current()).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toBe(1);
    expect(dot('Show banner 2 of 3')).toHaveAttribute('aria-current', 'true');
    act(() => vi.advanceTimersByTime(5_000));
    expect(current()).toBe(2);
    act(() => vi.advanceTimersByTime(5_000));
    expect(current()).toBe(0);
  });

  it('stands still until the page has settled, then moves on every 5000 ms', () => {
    page.settled = false;
    const view = renderCarousel();
    act(() => vi.advanceTimersByTime(20_000));
    expect(current()).toBe(0);
    expect(screen.getByTestId('banner-carousel')).toHaveAttribute('data-playing', 'false');
    page.settled = true;
    view.rerender(
      <MemoryRouter>
        <BannerCarousel banners={HOME_BANNERS} label="Promotions" />
      </MemoryRouter>,
    );
    act(() => vi.advanceTimersByTime(4_999));
    expect(current()).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toBe(1);
  });

  it('rests while scrolled off the screen', () => {
    const screenWatch = stubScreenObserver();
    renderCarousel();
    expect(screenWatch.watching()).toBe(1);
    screenWatch.report(false);
    act(() => vi.advanceTimersByTime(20_000));
    expect(current()).toBe(0);
    expect(screen.getByTestId('banner-carousel')).toHaveAttribute('data-playing', 'false');
    screenWatch.report(true);
    act(() => vi.advanceTimersByTime(5_000));
    expect(current()).toBe(1);
  });

  it('a single banner neither moves nor offers controls', () => {
    renderCarousel([createBanner(1)]);
    act(() => vi.advanceTimersByTime(20_000));
    expect(current()).toBe(0);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByTestId('banner-carousel')).toHaveAttribute('data-playing', 'false');
  });

  it('has named controls: previous and next loop round, a dot per banner, pause', () => {
    renderCarousel();
    const carousel = screen.getByRole('region', { name: 'Promotions' });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    fireEvent.click(dot('Previous banner'));
    expect(current()).toBe(2);
    fireEvent.click(dot('Next banner'));
    expect(current()).toBe(0);
    fireEvent.click(dot('Show banner 3 of 3'));
    expect(current()).toBe(2);

    fireEvent.click(dot('Pause the banners'));
    act(() => vi.advanceTimersByTime(15_000));
    expect(current()).toBe(2);
    fireEvent.click(dot('Play the banners'));
    act(() => vi.advanceTimersByTime(5_000));
    expect(current()).toBe(0);
  });

  it('rests while pointed at or focused', () => {
    renderCarousel();
    const carousel = screen.getByTestId('banner-carousel');
    fireEvent.pointerEnter(carousel, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(10_000));
    expect(current()).toBe(0);
    fireEvent.pointerLeave(carousel, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(5_000));
    expect(current()).toBe(1);

    fireEvent.focus(screen.getByRole('link', { name: 'First deposit bonus' }));
    act(() => vi.advanceTimersByTime(10_000));
    expect(current()).toBe(1);
  });

  it('does not move when the device asks for reduced motion', () => {
    prefersReducedMotion();
    renderCarousel();
    act(() => vi.advanceTimersByTime(15_000));
    expect(current()).toBe(0);
    expect(screen.getByTestId('banner-carousel')).toHaveAttribute('data-playing', 'false');
  });

  it('leaves out a banner whose picture fails', () => {
    renderCarousel();
    fireEvent.error(screen.getByRole('img', { name: 'Daily rebate' }));
    expect(screen.queryByRole('img', { name: 'Daily rebate' })).toBeNull();
    expect(screen.getAllByTestId('banner')).toHaveLength(2);
    expect(dot('Show banner 2 of 2')).toBeInTheDocument();
  });

  it('is left out altogether when every picture fails', () => {
    renderCarousel([createBanner(1)]);
    fireEvent.error(screen.getByRole('img'));
    expect(screen.queryByTestId('banner-carousel')).toBeNull();
  });

  it('fetches the first picture at once and the others lazily, each with its size', () => {
    renderCarousel();
    const [first, ...others] = screen.getAllByRole('img');
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    for (const image of others) expect(image).toHaveAttribute('loading', 'lazy');
    for (const image of [first, ...others]) {
      expect(image).toHaveAttribute('width', '750');
      expect(image).toHaveAttribute('height', '300');
    }
  });

  it('follows a site path in the app and opens other sites in a new tab', () => {
    renderCarousel();
    const inApp = screen.getByRole('link', { name: 'First deposit bonus' });
    expect(inApp).toHaveAttribute('href', '/m/activity');
    expect(inApp).not.toHaveAttribute('target');
    const external = screen.getByRole('link', { name: /Daily rebate/ });
    expect(external).toHaveAttribute('href', 'https://partner.example.test/promo');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external.getAttribute('rel')).toContain('noopener');
    expect(within(screen.getAllByTestId('banner')[2]!).queryByRole('link')).toBeNull();
  });
});

describe('banner groups (product.md §2 m_live)', () => {
  const toggles = (CBS3: boolean) => ({ CBS3 }) as unknown as Parameters<typeof homeCarouselGroups>[0];

  it('shows m_live banners only with the live-host feature', () => {
    expect(homeCarouselGroups(toggles(false))).toEqual(['m_home']);
    expect(homeCarouselGroups(toggles(true))).toEqual(['m_home', 'm_live']);
    expect(bannersOf(DEFAULT_BANNERS, homeCarouselGroups(toggles(false))).map((b) => b.title)).not.toContain(
      'Live hosts',
    );
    expect(bannersOf(DEFAULT_BANNERS, homeCarouselGroups(toggles(true))).at(-1)?.title).toBe('Live hosts');
  });

  it('orders each group by its sort', () => {
    const banners = [createBanner(5, { sort: 2 }), createBanner(6, { sort: 1 })];
    expect(bannersOf(banners, ['m_home']).map((banner) => banner.id)).toEqual([6, 5]);
  });
});
