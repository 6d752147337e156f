interface TaskScheduler {
  yield?: () => Promise<void>;
}

/**
 * Ends the current task: what follows the `await` runs in a task of its own, once the browser has
 * had its turn (a frame drawn, a tap answered). One long task split in two blocks the page for less
 * than the whole (docs/performance.md). `scheduler.yield()` where the browser has it (the rest comes
 * back ahead of other waiting tasks), elsewhere a message the page sends itself: it comes back as
 * soon as the browser has had its turn, where a timer may be held back (nested timers wait at least
 * 4 ms), and a test's fake clock does not hold it.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: TaskScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
