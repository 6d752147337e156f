import { startTransition, useEffect, useState } from 'react';
import { useAfterHydration } from './use-after-hydration.ts';

/**
 * How long the browser may stay busy before the page counts as settled anyway, and how long after
 * the load a browser that cannot say when it is idle (no `requestIdleCallback`) waits.
 */
const IDLE_TIMEOUT_MS = 2_000;
const NO_IDLE_CALLBACK_MS = 300;

let settled = false;
let started = false;
const waiting = new Set<() => void>();

function markSettled(): void {
  settled = true;
  for (const callback of [...waiting]) callback();
  waiting.clear();
}

function waitForIdle(): void {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(markSettled, { timeout: IDLE_TIMEOUT_MS });
  } else {
    window.setTimeout(markSettled, NO_IDLE_CALLBACK_MS);
  }
}

/**
 * Calls `callback` once the page has settled: its load has finished (the window's `load` event) and
 * the browser has then been idle once. At once (in a task) when it already has. Returns a function
 * that cancels the call.
 */
export function onPageSettled(callback: () => void): () => void {
  if (settled) {
    const timer = window.setTimeout(callback, 0);
    return () => window.clearTimeout(timer);
  }
  waiting.add(callback);
  if (!started) {
    started = true;
    if (document.readyState === 'complete') waitForIdle();
    else window.addEventListener('load', waitForIdle, { once: true });
  }
  return () => waiting.delete(callback);
}

/**
 * False on the server, while hydrating and until the page has settled (onPageSettled), true after.
 * For what only decorates the page and costs the device while it runs, such as a continuous
 * animation: it waits until the page's own loading and taking over are done
 * (docs/performance.md). The switch is a transition, as in useAfterHydration.
 */
export function usePageSettled(): boolean {
  const afterHydration = useAfterHydration();
  const [pageSettled, setPageSettled] = useState(settled);
  useEffect(() => {
    if (pageSettled) return;
    return onPageSettled(() => startTransition(() => setPageSettled(true)));
  }, [pageSettled]);
  return afterHydration && pageSettled;
}
