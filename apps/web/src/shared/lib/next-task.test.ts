import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from './next-task.ts';
import { microtasksDone } from '../../test/microtasks.ts';

describe('nextTask', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('goes on in a later task, once this task and its microtasks are done', async () => {
    const order: string[] = [];
    const resuming = nextTask().then(() => void order.push('after the await'));
    void Promise.resolve().then(() => order.push('microtask'));
    order.push('rest of the task');
    await microtasksDone();
    expect(order).toEqual(['rest of the task', 'microtask']);
    await resuming;
    expect(order).toEqual(['rest of the task', 'microtask', 'after the await']);
  });

  it('is not held by a test’s fake clock', async () => {
    const realTimeout = globalThis.setTimeout;
    vi.useFakeTimers();
    const outcome = await Promise.race([
      nextTask().then(() => 'went on'),
      new Promise((resolve) => realTimeout(() => resolve('held'), 1_000)),
    ]);
    expect(outcome).toBe('went on');
  });

  it('uses the browser’s scheduler.yield where there is one', async () => {
    const yieldToBrowser = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldToBrowser });
    await nextTask();
    expect(yieldToBrowser).toHaveBeenCalledTimes(1);
  });
});
