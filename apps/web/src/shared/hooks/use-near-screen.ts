import { startTransition, useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Whether the element `ref` is given has come within `ahead` pixels below the bottom of the screen
 * (or onto it); once true, it stays true. False on the server and in the first render in the
 * browser, so that hydration matches; true after the first render where the browser cannot tell.
 * The switch is a transition: what it draws yields to the browser (docs/performance.md).
 */
export function useNearScreen<T extends Element>(ahead: number): { ref: RefObject<T | null>; near: boolean } {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      startTransition(() => setNear(true));
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) startTransition(() => setNear(true));
      },
      { rootMargin: `0px 0px ${ahead}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ahead]);
  return { ref, near };
}
