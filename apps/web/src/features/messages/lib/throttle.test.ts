import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { badgeText } from './badge.ts';
import { spacedQueue, throttleCalls } from './throttle.ts';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('throttleCalls (product.md §7 unread counts, 250 ms)', () => {
  it('runs the first call at once and folds the calls of the next 250 ms into one trailing call', async () => {
    const starts: number[] = [];
    let answer = 0;
    const count = throttleCalls(async () => {
      starts.push(Date.now());
      answer += 1;
      return answer;
    }, 250);

    await expect(count()).resolves.toBe(1);
    const second = count();
    const third = count();
    expect(second).toBe(third);
    expect(starts).toEqual([1_000_000]);
    await vi.advanceTimersByTimeAsync(249);
    expect(starts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(second).resolves.toBe(2);
    await expect(third).resolves.toBe(2);
    expect(starts).toEqual([1_000_000, 1_000_250]);

    // Once the interval is over, a call runs at once again.
    await vi.advanceTimersByTimeAsync(400);
    await expect(count()).resolves.toBe(3);
    expect(starts.at(-1)).toBe(1_000_650);
  });

  it('lets a failed call be asked again', async () => {
    let fail = true;
    const count = throttleCalls(async () => {
      if (fail) throw new Error('offline');
      return 7;
    }, 250);
    await expect(count()).rejects.toThrow('offline');
    fail = false;
    const again = count();
    await vi.advanceTimersByTimeAsync(250);
    await expect(again).resolves.toBe(7);
  });
});

describe('spacedQueue (product.md §7 mark read, 150 ms)', () => {
  it('runs every task, each at least 150 ms after the previous one ended', async () => {
    const starts: [string, number][] = [];
    const queue = spacedQueue(150);
    // Each task takes `ms` before it answers (the first one longest, as a first request that waits
    // for a chunk does).
    const task = (name: string, ms: number) => async () => {
      starts.push([name, Date.now()]);
      await new Promise((resolve) => setTimeout(resolve, ms));
      return name;
    };
    const results = [queue(task('a', 40)), queue(task('b', 10)), queue(task('c', 0))];
    await vi.advanceTimersByTimeAsync(0);
    expect(starts).toEqual([['a', 1_000_000]]);
    await vi.advanceTimersByTimeAsync(189);
    expect(starts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(400);
    await expect(Promise.all(results)).resolves.toEqual(['a', 'b', 'c']);
    expect(starts).toEqual([
      ['a', 1_000_000],
      ['b', 1_000_190],
      ['c', 1_000_350],
    ]);
  });

  it('goes on after a failed task', async () => {
    const queue = spacedQueue(150);
    const failed = queue(async () => {
      throw new Error('no');
    });
    const next = queue(async () => 'yes');
    await expect(failed).rejects.toThrow('no');
    await vi.advanceTimersByTimeAsync(150);
    await expect(next).resolves.toBe('yes');
  });
});

describe('badgeText (product.md §9 badge cap)', () => {
  it('shows the count up to 99, 99+ above, nothing for none', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(undefined)).toBeNull();
    expect(badgeText(null)).toBeNull();
    expect(badgeText(-3)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(12_345)).toBe('99+');
  });
});
