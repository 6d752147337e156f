import { TIMING_MS } from '@kl/contracts/constants';
import { type RefObject, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * The page transition (product.md §2): a screen reached by a navigation inside the site fades in over
 * `TIMING_MS.pageTransition` (300 ms). The first screen does not (it is the server's page, and fading it
 * would hold back its first paint), nor a change of the query alone (a filter of the same screen), nor
 * anything when the device asks for reduced motion.
 *
 * Opacity alone: a moving (transformed) frame would hold the screen's fixed bars for the time of the
 * transition. The Web Animations API runs it, so nothing is left on the element once it has ended.
 */
export function usePageTransition(frame: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const shown = useRef<string | null>(null);
  useLayoutEffect(() => {
    const previous = shown.current;
    shown.current = pathname;
    const element = frame.current;
    if (previous === null || previous === pathname || typeof element?.animate !== 'function') return;
    if (typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches) return;
    const animation = element.animate([{ opacity: 0 }, { opacity: 1 }], {
      duration: TIMING_MS.pageTransition,
      easing: 'ease-out',
    });
    return () => animation.cancel();
  }, [pathname, frame]);
}
