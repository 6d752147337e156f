import { startTransition, useEffect, useRef, useState, type RefObject } from 'react';

/**
 * While the page is still filling in (sections waiting for their games are short), everything looks
 * near: a watch that waits for the page to settle starts at the first scroll, or after this long
 * when there is no scrolling.
 */
export const SETTLE_MS = 3_000;

export interface NearScreenOptions {
  /** Start watching at the first scroll or after `SETTLE_MS`, not at once. */
  afterSettling?: boolean;
  /** Nothing to watch (what the element holds is drawn anyway): no observer is made. */
  skip?: boolean;
}

/**
 * Whether the element `ref` is given has come within `ahead` pixels of the screen, below or above it
 * (or onto it); once true, it stays true. False on the server and in the first render in the
 * browser, so that hydration matches; true after the first render where the browser cannot tell.
 * The switch is a transition: what it draws yields to the browser (docs/performance.md).
 */
export function useNearScreen<T extends Element>(
  ahead: number,
  { afterSettling = false, skip = false }: NearScreenOptions = {},
): { ref: RefObject<T | null>; near: boolean } {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || skip || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      startTransition(() => setNear(true));
      return;
    }
    let observer: IntersectionObserver | undefined;
    const watch = () => {
      if (observer) return;
      observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) startTransition(() => setNear(true));
        },
        { rootMargin: `${ahead}px 0px` },
      );
      observer.observe(element);
    };
    if (!afterSettling) {
      watch();
      return () => observer?.disconnect();
    }
    const timer = window.setTimeout(watch, SETTLE_MS);
    window.addEventListener('scroll', watch, { once: true, passive: true });
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('scroll', watch);
      observer?.disconnect();
    };
  }, [near, ahead, afterSettling, skip]);
  return { ref, near };
}
