import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePopularAnnouncements } from '../api/get-popular-announcements.ts';
import { useOnScreen } from '../../../shared/hooks/use-on-screen.ts';
import { usePageSettled } from '../../../shared/hooks/use-page-settled.ts';
import { useReducedMotion } from '../../../shared/hooks/use-reduced-motion.ts';
import { marqueeSeconds, marqueeStartSeconds, marqueeText } from '../lib/marquee.ts';
import { NOTICE_PATH } from '../lib/paths.ts';
import { SpeakerIcon } from './icons.tsx';

/**
 * The announcement marquee of product.md §2: the popular announcements on one line moving right to left at
 * the speed of product.md §9 (50 px a second), standing still when the device asks for reduced motion and
 * while pointed at or focused; 'no_announcement' when there are none. A tap opens /m/notice.
 *
 * The line stands at its start (its first words readable, as in the server's page) until the page has
 * settled (usePageSettled), then moves on from there: an animation running on every frame while the
 * page loads and is taken over would take a slow phone's processor from them (docs/performance.md).
 * It rests, where it stands, while scrolled off the screen.
 */
export function AnnouncementMarquee() {
  const { t } = useTranslation();
  const { data, isPending } = usePopularAnnouncements();
  const reducedMotion = useReducedMotion();
  const settled = usePageSettled();
  const moving = useRef<HTMLSpanElement>(null);
  const marquee = useRef<HTMLAnchorElement>(null);
  const onScreen = useOnScreen(marquee);
  const [geometry, setGeometry] = useState({ line: 0, window: 0 });
  const text = data && data.length > 0 ? marqueeText(data) : isPending ? '' : t('no_announcement');
  const animated = settled && !reducedMotion && text !== '' && data !== undefined && data.length > 0;

  useLayoutEffect(() => {
    const element = moving.current;
    if (!element || !animated) return;
    // The moving line is the window's width of space, then the text: it travels its own full width,
    // from the text just off the right edge to just off the left one. Measured before the first
    // moving frame is painted.
    const measure = () =>
      setGeometry({ line: element.offsetWidth, window: element.parentElement?.clientWidth ?? 0 });
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [animated, text]);

  const style = {
    '--kl-marquee-seconds': `${marqueeSeconds(geometry.line)}s`,
    '--kl-marquee-start': `${marqueeStartSeconds(geometry.window)}s`,
  } as CSSProperties;
  return (
    <Link
      ref={marquee}
      to={NOTICE_PATH}
      className="kl-marquee"
      aria-label={text ? `${t('home.marquee.label')}: ${text}` : t('home.marquee.label')}
      data-testid="marquee"
      data-moving={animated}
      data-offscreen={!onScreen}
    >
      <SpeakerIcon />
      <span className="kl-marquee__window">
        <span ref={moving} className="kl-marquee__line" style={animated ? style : undefined}>
          {text}
        </span>
      </span>
    </Link>
  );
}
