import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { useAfterHydration } from '../hooks/use-after-hydration.ts';

/** How far below the screen a lazy part starts to load. */
const AHEAD = '800px 0px';
/**
 * While the page is still filling in (sections waiting for their games are short), everything looks
 * near: the watch starts at the first scroll, or after this long when there is no scrolling.
 */
const SETTLE_MS = 3_000;

/**
 * Renders its children once their place comes within reach of the screen (right away where the
 * browser cannot tell, after the first render): the code and data of what lies far below the first screen wait until the
 * user scrolls towards it.
 */
export function WhenNear({ children, minHeight }: { children: ReactNode; minHeight: number }) {
  // Not near at first on both sides of the server rendering, so that the browser's first render
  // matches the server's page (docs/decisions/005-web-first-load.md).
  const [near, setNear] = useState(false);
  const unobservable = useAfterHydration() && typeof IntersectionObserver === 'undefined';
  const marker = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = marker.current;
    if (near || unobservable || !element) return;
    let observer: IntersectionObserver | undefined;
    const watch = () => {
      if (observer) return;
      observer = new IntersectionObserver(
        (entries) => {
          // Drawn as a transition: the part yields to the browser while it is drawn (docs/performance.md).
          if (entries.some((entry) => entry.isIntersecting)) startTransition(() => setNear(true));
        },
        { rootMargin: AHEAD },
      );
      observer.observe(element);
    };
    const timer = window.setTimeout(watch, SETTLE_MS);
    window.addEventListener('scroll', watch, { once: true, passive: true });
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('scroll', watch);
      observer?.disconnect();
    };
  }, [near, unobservable]);
  if (near || unobservable) return <>{children}</>;
  return <div ref={marker} style={{ minHeight }} aria-hidden="true" />;
}
