import { INFINITE_SCROLL } from '@kl/contracts/constants';
import { useEffect, useRef } from 'react';
import './load-more.css';

/**
 * Infinite scroll (product.md §9), for the lists of several features: asks for the next page when this marker comes within 300 px of the
 * bottom of the screen, at most once per 300 ms. Re-armed after each page, so a short page that
 * leaves the marker visible asks again.
 */
export function LoadMore({
  active,
  pages,
  onLoadMore,
}: {
  active: boolean;
  pages: number;
  onLoadMore: () => void;
}) {
  const marker = useRef<HTMLDivElement>(null);
  const lastAsked = useRef(0);
  const latest = useRef(onLoadMore);
  useEffect(() => {
    latest.current = onLoadMore;
  });
  useEffect(() => {
    const element = marker.current;
    if (!active || !element || typeof IntersectionObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      const wait = lastAsked.current + INFINITE_SCROLL.throttleMs - Date.now();
      if (wait > 0) {
        timer = setTimeout(ask, wait);
        return;
      }
      lastAsked.current = Date.now();
      latest.current();
    };
    const observer = new IntersectionObserver(
      (entries) => {
        clearTimeout(timer);
        if (entries.some((entry) => entry.isIntersecting)) ask();
      },
      { rootMargin: `0px 0px ${INFINITE_SCROLL.thresholdPx}px 0px` },
    );
    observer.observe(element);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [active, pages]);
  return <div ref={marker} className="kl-load-more" data-testid="load-more" aria-hidden="true" />;
}
