/**
 * How long the browser may stay busy before it counts as idle anyway, and how long after the load
 * a browser that cannot say when it is idle (no `requestIdleCallback`) waits.
 */
const IDLE_TIMEOUT_MS = 2_000;
const NO_IDLE_CALLBACK_MS = 300;

/**
 * Calls `callback` once the page's load has finished (the window's `load` event) and the browser is
 * then idle: for work that is no part of the first screen and should not compete with it
 * (docs/performance.md). Returns a function that cancels the call.
 */
export function afterLoadWhenIdle(callback: () => void): () => void {
  let cancel = () => {};
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
      cancel = () => window.cancelIdleCallback?.(handle);
    } else {
      const timer = window.setTimeout(callback, NO_IDLE_CALLBACK_MS);
      cancel = () => window.clearTimeout(timer);
    }
  };
  if (document.readyState === 'complete') {
    whenIdle();
  } else {
    window.addEventListener('load', whenIdle, { once: true });
    cancel = () => window.removeEventListener('load', whenIdle);
  }
  return () => cancel();
}
