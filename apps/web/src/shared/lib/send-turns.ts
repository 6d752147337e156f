/**
 * Requests started in one task go out one per task. Each `fetch()` call costs the main thread a few
 * milliseconds on a slow phone, more in a browser that records its requests; a screen's first render
 * that asks for several answers at once (home's sections, as their effects run after the taking
 * over) would otherwise pay for all of them in one long task (docs/performance.md). The first
 * request of a task goes at once; the others wait a task each, a delay of a millisecond or two.
 */

/**
 * Ends the current task: `scheduler.yield()` where the browser has it, a message to itself
 * elsewhere (not a timer, which a test's fake clock would hold).
 */
function afterThisTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
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

/** Whether a request has gone out in the current task. */
let sentInThisTask = false;
/** The turn of the last request waiting for one, until it has gone. */
let lastTurn: Promise<void> | undefined;

/**
 * Nothing when a request may go out now; otherwise the promise of its turn, in a later task than
 * every request waiting before it.
 */
export function turnToSend(): Promise<void> | undefined {
  if (!sentInThisTask && lastTurn === undefined) {
    sentInThisTask = true;
    void afterThisTask().then(() => {
      sentInThisTask = false;
    });
    return undefined;
  }
  const turn = (lastTurn ?? Promise.resolve()).then(afterThisTask);
  lastTurn = turn;
  void turn.then(() => {
    if (lastTurn === turn) lastTurn = undefined;
  });
  return turn;
}
