import { JACKPOT_TICKER } from '@kl/contracts/constants';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/lib/i18n.ts';
import { stubScreenObserver } from '../../../test/screen-observer.ts';
import { jackpotDelayMs, jackpotStart, jackpotStep } from '../lib/jackpot.ts';
import { JackpotTicker } from './jackpot-ticker.tsx';

const LOWEST = () => 0;
const HIGHEST = () => 1 - Number.EPSILON;

describe('jackpot ticker figures (product.md §9)', () => {
  it('starts between 50,000,000 and 92,635,863', () => {
    expect(jackpotStart(LOWEST)).toBe(50_000_000);
    expect(jackpotStart(HIGHEST)).toBe(92_635_863);
    for (let i = 0; i < 200; i += 1) {
      const start = jackpotStart();
      expect(start).toBeGreaterThanOrEqual(JACKPOT_TICKER.startMin);
      expect(start).toBeLessThanOrEqual(JACKPOT_TICKER.startMax);
      expect(Number.isInteger(start)).toBe(true);
    }
  });

  it('rises by 100 to 500 every 1 to 3 seconds', () => {
    expect([jackpotStep(LOWEST), jackpotStep(HIGHEST)]).toEqual([100, 500]);
    expect([jackpotDelayMs(LOWEST), jackpotDelayMs(HIGHEST)]).toEqual([1_000, 3_000]);
  });
});

describe('jackpot ticker', () => {
  let hidden = false;
  beforeEach(async () => {
    await initI18n('en');
    vi.useFakeTimers();
    hidden = false;
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => (hidden ? 'hidden' : 'visible'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  const value = () =>
    Number(screen.getByTestId('jackpot').querySelector('[data-value]')!.getAttribute('data-value'));

  it('shows whole numbers and rises by the step after the delay', () => {
    // start 50,000,000 + 0.5 × range; then step 300 after 2 s, as the half-way random draws.
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    render(<JackpotTicker />);
    const start = value();
    expect(screen.getByTestId('jackpot')).toHaveTextContent(
      new Intl.NumberFormat('en', { maximumFractionDigits: 0 }).format(start),
    );
    expect(screen.getByTestId('jackpot').textContent).not.toMatch(/\.\d/);
    const shown = screen.getByTestId('jackpot').querySelector('[data-value]')!;
    expect(shown).toHaveAttribute('aria-live', 'off');

    act(() => vi.advanceTimersByTime(1_999));
    expect(value()).toBe(start);
    act(() => vi.advanceTimersByTime(1));
    expect(value()).toBe(start + 300);
    act(() => vi.advanceTimersByTime(2_000));
    expect(value()).toBe(start + 600);
  });

  it('rests while scrolled off the screen', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const screenWatch = stubScreenObserver();
    render(<JackpotTicker />);
    const start = value();
    expect(screenWatch.watching()).toBe(1);
    screenWatch.report(false);
    act(() => vi.advanceTimersByTime(10_000));
    expect(value()).toBe(start);
    screenWatch.report(true);
    act(() => vi.advanceTimersByTime(1_000));
    expect(value()).toBe(start + 100);
  });

  it('rests while the tab is hidden', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    render(<JackpotTicker />);
    const start = value();
    hidden = true;
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    act(() => vi.advanceTimersByTime(10_000));
    expect(value()).toBe(start);
    hidden = false;
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    act(() => vi.advanceTimersByTime(1_000));
    expect(value()).toBe(start + 100);
  });
});
