import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Runs each test of the file on a fake clock that still moves with real time (shouldAdvanceTime): a test
 * moves it on (vi.advanceTimersByTimeAsync) instead of waiting out polls, countdowns and animations.
 */
export function withFakeClock(): void {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
