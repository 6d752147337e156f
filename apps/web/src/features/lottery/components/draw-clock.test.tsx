import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inActEnvironment } from '../../../test/act-environment.ts';

/**
 * The lottery list's countdown over a page the server rendered (docs/decisions/005-web-first-load.md):
 * the server and the browser's first render draw it from the same data (the answer's time), whatever
 * the two clocks read; it then ticks on the device's clock, corrected by the offset.
 */

// act() outside Testing Library's render: React must know it runs in a test.
inActEnvironment();

/** Fresh modules: a page whose app has not started yet (use-after-hydration's state), with texts in English. */
async function freshClock() {
  vi.resetModules();
  const { initI18n } = await import('../../../shared/lib/i18n.ts');
  await initI18n('en');
  return import('./draw-clock.tsx');
}

const DRAW = {
  id: 'draw-1',
  issue: '20261203-0601',
  station: 'ST1',
  drawAt: '2026-12-03T10:01:00.000Z',
  closeAt: '2026-12-03T10:00:50.000Z',
  seedHash: 'a'.repeat(64),
};
const ANSWERED_AT = '2026-12-03T10:00:00.000Z';

afterEach(() => {
  vi.useRealTimers();
});

describe('TickingDrawClock over a server-rendered page', () => {
  it('hydrates with the countdown as of the answer, then counts on the device clock with its offset', async () => {
    const { TickingDrawClock } = await freshClock();
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    // The server renders 10 s after its answer was written.
    vi.setSystemTime(Date.parse(ANSWERED_AT) + 10_000);
    const clock = <TickingDrawClock draw={DRAW} offset={0} answeredAt={ANSWERED_AT} />;
    const container = document.createElement('div');
    container.innerHTML = renderToString(clock);
    document.body.append(container);
    const countdown = () => container.querySelector('[data-testid="lottery-countdown"]');
    expect(countdown()?.getAttribute('data-seconds')).toBe('50');
    expect(countdown()?.textContent).toBe('closes in 00:50');

    // The browser's clock is 5 minutes behind the server's; its first render over the page must draw
    // the same text (a mismatch is a console.error, which fails the test), then its own.
    vi.setSystemTime(Date.parse(ANSWERED_AT) - 300_000 + 12_000);
    await act(async () => {
      hydrateRoot(container, <TickingDrawClock draw={DRAW} offset={300_000} answeredAt={ANSWERED_AT} />);
    });
    expect(countdown()?.getAttribute('data-seconds')).toBe('38');
    await act(async () => {
      vi.advanceTimersByTime(3_000);
    });
    expect(countdown()?.getAttribute('data-seconds')).toBe('35');
    container.remove();
  });
});

describe('offsetOf', () => {
  it('dates an answer the page brought from the page’s opening, and a fetched one from its arrival', async () => {
    const { offsetOf } = await import('../lib/clock.ts');
    const opened = Math.round(performance.timeOrigin);
    const serverTime = new Date(opened + 1_234).toISOString();
    expect(offsetOf({ serverTime, receivedAt: null })).toBe(1_234);
    expect(offsetOf({ serverTime, receivedAt: opened + 1_000 })).toBe(234);
  });
});
