import { startTransition, useEffect, useState } from 'react';

/** Whether the browser's own render of the app is on the screen (after hydration, or without one). */
let clientRendered = false;

/**
 * The app starts without a server-rendered page (createRoot): what depends on the device renders in
 * the first render. Called before that render; the server never calls it.
 */
export function markClientRendered(): void {
  clientRendered = true;
}

/**
 * False on the server and in the browser's first render over the server's page, true after (and in
 * a render of the browser alone): what depends on the device renders after it, so that the first
 * render matches the server's page (docs/decisions/005-web-first-load.md). The switch after
 * hydration is a transition: the parts it adds are drawn in slices that yield to the browser, not in
 * one synchronous render of the whole screen (docs/performance.md).
 */
export function useAfterHydration(): boolean {
  const [after, setAfter] = useState(clientRendered);
  useEffect(() => {
    clientRendered = true;
    if (!after) startTransition(() => setAfter(true));
  }, [after]);
  return after;
}
