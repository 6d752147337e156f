import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element `ref` is given is on the screen (any part of it), following it as the page
 * scrolls: what moves or counts only to be seen rests while it is scrolled away (docs/performance.md).
 * True until the browser says otherwise, and where it cannot tell (no IntersectionObserver).
 */
export function useOnScreen(ref: RefObject<Element | null>): boolean {
  const [onScreen, setOnScreen] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      const latest = entries[entries.length - 1];
      if (latest) setOnScreen(latest.isIntersecting);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return onScreen;
}
