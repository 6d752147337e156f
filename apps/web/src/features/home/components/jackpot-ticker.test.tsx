import { slotCalls } from '@kl/contracts/slot';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, failure, on } from '../../../test/fake-api.ts';
import { renderWithQueries } from '../../../test/render-with-queries.tsx';
import { stubScreenObserver } from '../../../test/screen-observer.ts';
import { JACKPOT_REFRESH_MS } from '../api/get-jackpot.ts';
import { JackpotTicker } from './jackpot-ticker.tsx';

/** The footer's counter of the site's progressive jackpot (docs/decisions/061-slot-studio.md). */
describe('jackpot ticker', () => {
  let hidden = false;
  let pool = 12_345_600;
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    hidden = false;
    pool = 12_345_600;
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => (hidden ? 'hidden' : 'visible'));
    on(slotCalls.slotJackpot, () => ({ pool, currency: 'VND' }));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  const shown = () => screen.getByTestId('jackpot').querySelector('[aria-live]');
  const asks = () => callsTo(slotCalls.slotJackpot).length;
  const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  it('shows the pool in whole đồng, and what it holds half a minute later', async () => {
    stubScreenObserver();
    await renderWithQueries(<JackpotTicker />);
    await waitFor(() => expect(shown()).toHaveTextContent('12,345,600'));
    expect(shown()).toHaveAttribute('data-value', '12345600');
    expect(shown()).toHaveAttribute('aria-live', 'off');
    pool = 12_346_100;
    await wait(JACKPOT_REFRESH_MS);
    await waitFor(() => expect(shown()).toHaveTextContent('12,346,100'));
  });

  it('does not ask while the tab is hidden, nor while the counter is off the screen', async () => {
    const screenWatch = stubScreenObserver();
    await renderWithQueries(<JackpotTicker />);
    await waitFor(() => expect(asks()).toBe(1));
    screenWatch.report(false);
    await wait(3 * JACKPOT_REFRESH_MS);
    expect(asks()).toBe(1);
    screenWatch.report(true);
    hidden = true;
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await wait(3 * JACKPOT_REFRESH_MS);
    expect(asks()).toBe(1);
    hidden = false;
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await wait(JACKPOT_REFRESH_MS);
    await waitFor(() => expect(asks()).toBe(2));
  });

  it('keeps its place empty when the pool cannot be had', async () => {
    stubScreenObserver();
    on(slotCalls.slotJackpot, () => failure('SYSTEM_ERROR'));
    await renderWithQueries(<JackpotTicker />);
    await waitFor(() => expect(asks()).toBeGreaterThan(0));
    expect(shown()).not.toHaveAttribute('data-value');
    expect(shown()?.textContent?.trim()).toBe('');
  });
});
