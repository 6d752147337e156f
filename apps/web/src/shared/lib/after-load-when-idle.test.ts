import { describe, expect, it, vi } from 'vitest';
import { idleBrowser, setReadyState } from '../../test/idle-browser.ts';
import { afterLoadWhenIdle } from './after-load-when-idle.ts';

describe('afterLoadWhenIdle', () => {
  it('waits for the load, then for the browser to be idle (two seconds at most)', () => {
    const idle = idleBrowser();
    setReadyState('loading');
    const called = vi.fn();
    afterLoadWhenIdle(called);
    expect(idle.size).toBe(0);

    window.dispatchEvent(new Event('load'));
    expect(called).not.toHaveBeenCalled();
    expect([...idle.values()].map(({ timeout }) => timeout)).toEqual([2_000]);

    [...idle.values()][0]!.callback();
    expect(called).toHaveBeenCalledTimes(1);
  });

  it('asks for idleness at once on a page that has loaded', () => {
    const idle = idleBrowser();
    const called = vi.fn();
    afterLoadWhenIdle(called);
    expect(idle.size).toBe(1);
    [...idle.values()][0]!.callback();
    expect(called).toHaveBeenCalledTimes(1);
  });

  it('is cancelled before the load and while waiting for idleness', () => {
    const idle = idleBrowser();
    setReadyState('loading');
    const beforeLoad = vi.fn();
    afterLoadWhenIdle(beforeLoad)();
    const whileWaiting = vi.fn();
    const cancel = afterLoadWhenIdle(whileWaiting);
    window.dispatchEvent(new Event('load'));
    expect(idle.size).toBe(1);
    cancel();
    expect(idle.size).toBe(0);
    expect(beforeLoad).not.toHaveBeenCalled();
    expect(whileWaiting).not.toHaveBeenCalled();
  });

  it('waits a moment after the load where the browser cannot say when it is idle', () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal('requestIdleCallback', undefined);
      const called = vi.fn();
      afterLoadWhenIdle(called);
      const cancelled = vi.fn();
      afterLoadWhenIdle(cancelled)();
      vi.advanceTimersByTime(299);
      expect(called).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(called).toHaveBeenCalledTimes(1);
      expect(cancelled).not.toHaveBeenCalled();
    } finally {
      // Before the project's own after-each hooks, which wait with real timers.
      vi.useRealTimers();
    }
  });
});
