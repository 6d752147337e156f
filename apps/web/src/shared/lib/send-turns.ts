/**
 * Requests started in one task go out one per task. Each `fetch()` call costs the main thread a few
 * milliseconds on a slow phone, more in a browser that records its requests; a screen's first render
 * that asks for several answers at once (home's sections, as their effects run after the taking
 * over) would otherwise pay for all of them in one long task (docs/performance.md). The first
 * request of a task goes at once; the others wait a task each (`nextTask()`), a delay of a millisecond
 * or two.
 */

import { nextTask } from './next-task.ts';

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
    void nextTask().then(() => {
      sentInThisTask = false;
    });
    return undefined;
  }
  const turn = (lastTurn ?? Promise.resolve()).then(nextTask);
  lastTurn = turn;
  void turn.then(() => {
    if (lastTurn === turn) lastTurn = undefined;
  });
  return turn;
}
