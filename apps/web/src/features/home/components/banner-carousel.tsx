import { BANNER_AUTOPLAY_MS } from '@kl/contracts/constants';
import type { Banner } from '@kl/contracts/content';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageVisible } from '../hooks/use-page-visible.ts';
import { useOnScreen } from '../../../shared/hooks/use-on-screen.ts';
import { usePageSettled } from '../../../shared/hooks/use-page-settled.ts';
import { useReducedMotion } from '../../../shared/hooks/use-reduced-motion.ts';
import { bannerLink } from '../lib/banners.ts';
import { ChevronIcon, PauseIcon, PlayIcon } from './icons.tsx';

/** Size of the home banner pictures (the server draws them 750 × 300). */
export const BANNER_WIDTH = 750;
export const BANNER_HEIGHT = 300;

/** Scrolls the track to a slide (at once when the device asks for reduced motion). */
function scrollTrack(element: HTMLElement, slide: number, smooth: boolean) {
  const left = slide * element.clientWidth;
  if (typeof element.scrollTo === 'function')
    element.scrollTo({ left, behavior: smooth ? 'smooth' : 'auto' });
  else element.scrollLeft = left;
}

function BannerPicture({ banner, first, onError }: { banner: Banner; first: boolean; onError: () => void }) {
  return (
    <img
      className="kl-banners__image"
      src={banner.url}
      alt={banner.title}
      width={BANNER_WIDTH}
      height={BANNER_HEIGHT}
      // The first banner is the largest paint of home: fetched at once; the others when near.
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : 'auto'}
      decoding={first ? 'auto' : 'async'}
      draggable={false}
      onError={onError}
    />
  );
}

function BannerTarget({ banner, children }: { banner: Banner; children: ReactNode }) {
  const { t } = useTranslation();
  const link = bannerLink(banner.linkUrl);
  if (link?.kind === 'app') {
    return (
      <Link className="kl-banners__link" to={link.to}>
        {children}
      </Link>
    );
  }
  if (link?.kind === 'external') {
    return (
      <a className="kl-banners__link" href={link.href} target="_blank" rel="noopener noreferrer">
        {children}
        <span className="kl-visually-hidden"> ({t('common.opensInNewTab')})</span>
      </a>
    );
  }
  return <>{children}</>;
}

/**
 * The banner carousel of product.md §2 (§9: autoplay 5000 ms, looping when there is more than one), drawn
 * with CSS scroll snapping so that a finger can swipe it. Its autoplay starts once the page has settled
 * (usePageSettled: a slide's scroll and its picture would compete with the page's load), and it stops
 * while scrolled off the screen, while pointed at or focused, while the tab is hidden, when the device
 * asks for reduced motion, and when its pause button is pressed (docs/performance.md).
 * A banner whose picture fails is left out; a tap follows its link (site paths in the app, other sites
 * in a new tab).
 */
export function BannerCarousel({ banners, label }: { banners: readonly Banner[]; label: string }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<ReadonlySet<number>>(() => new Set());
  const [selected, setSelected] = useState(0);
  const [pointer, setPointer] = useState(false);
  const [focus, setFocus] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = useReducedMotion();
  const visible = usePageVisible();
  const settled = usePageSettled();
  const carousel = useRef<HTMLElement>(null);
  const onScreen = useOnScreen(carousel);
  const track = useRef<HTMLUListElement>(null);

  const shown = banners.filter((banner) => !failed.has(banner.id));
  const count = shown.length;
  const index = Math.min(selected, Math.max(count - 1, 0));
  const several = count > 1;
  const playing =
    several && settled && onScreen && !reducedMotion && !pointer && !focus && !stopped && visible;

  const goTo = (next: number) => {
    const target = ((next % count) + count) % count;
    setSelected(target);
    if (track.current) scrollTrack(track.current, target, !reducedMotion);
  };

  useEffect(() => {
    if (!playing) return;
    const timer = window.setTimeout(() => {
      const next = (index + 1) % count;
      setSelected(next);
      if (track.current) scrollTrack(track.current, next, true);
    }, BANNER_AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [playing, index, count]);

  if (count === 0) return null;

  const anyLink = shown.some((banner) => bannerLink(banner.linkUrl) !== null);
  return (
    <section
      ref={carousel}
      className="kl-banners"
      aria-roledescription={t('home.banners.carousel')}
      aria-label={label}
      data-testid="banner-carousel"
      data-playing={playing}
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') setPointer(true);
      }}
      onPointerLeave={() => setPointer(false)}
      onFocus={() => setFocus(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocus(false);
      }}
    >
      <ul
        ref={track}
        className="kl-banners__track"
        // A track without links still scrolls by keyboard.
        tabIndex={anyLink ? undefined : 0}
        aria-label={anyLink ? undefined : label}
        onScroll={(event) => {
          const element = event.currentTarget;
          if (element.clientWidth === 0) return;
          const at = Math.round(element.scrollLeft / element.clientWidth);
          if (at !== index && at >= 0 && at < count) setSelected(at);
        }}
      >
        {shown.map((banner, position) => (
          <li
            key={banner.id}
            className="kl-banners__slide"
            aria-roledescription={t('home.banners.slide')}
            aria-label={t('home.banners.position', { index: position + 1, total: count })}
            data-testid="banner"
            data-current={position === index}
          >
            <BannerTarget banner={banner}>
              <BannerPicture
                banner={banner}
                first={position === 0}
                onError={() => setFailed((before) => new Set(before).add(banner.id))}
              />
            </BannerTarget>
          </li>
        ))}
      </ul>
      {several && (
        <div className="kl-banners__controls">
          <button
            type="button"
            className="kl-banners__button"
            aria-label={stopped ? t('home.banners.play') : t('home.banners.pause')}
            onClick={() => setStopped((before) => !before)}
          >
            {stopped ? <PlayIcon /> : <PauseIcon />}
          </button>
          <button
            type="button"
            className="kl-banners__button"
            aria-label={t('home.banners.previous')}
            onClick={() => goTo(index - 1)}
          >
            <ChevronIcon direction="left" />
          </button>
          <div className="kl-banners__dots" role="group" aria-label={t('home.banners.choose')}>
            {shown.map((banner, position) => (
              <button
                key={banner.id}
                type="button"
                className="kl-banners__dot"
                aria-label={t('home.banners.show', { index: position + 1, total: count })}
                aria-current={position === index ? 'true' : undefined}
                onClick={() => goTo(position)}
              />
            ))}
          </div>
          <button
            type="button"
            className="kl-banners__button"
            aria-label={t('home.banners.next')}
            onClick={() => goTo(index + 1)}
          >
            <ChevronIcon direction="right" />
          </button>
        </div>
      )}
    </section>
  );
}
