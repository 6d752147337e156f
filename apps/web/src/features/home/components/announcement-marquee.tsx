import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePopularAnnouncements } from '../api/get-popular-announcements.ts';
import { useReducedMotion } from '../../../shared/hooks/use-reduced-motion.ts';
import { marqueeSeconds, marqueeText } from '../lib/marquee.ts';
import { NOTICE_PATH } from '../lib/paths.ts';
import { SpeakerIcon } from './icons.tsx';

/**
 * The announcement marquee of product.md §2: the popular announcements on one line moving right to left at
 * the speed of product.md §9 (50 px a second), standing still when the device asks for reduced motion and
 * while pointed at or focused; 'no_announcement' when there are none. A tap opens /m/notice.
 */
export function AnnouncementMarquee() {
  const { t } = useTranslation();
  const { data, isPending } = usePopularAnnouncements();
  const reducedMotion = useReducedMotion();
  const moving = useRef<HTMLSpanElement>(null);
  const [distance, setDistance] = useState(0);
  const text = data && data.length > 0 ? marqueeText(data) : isPending ? '' : t('no_announcement');
  const animated = !reducedMotion && text !== '' && data !== undefined && data.length > 0;

  useLayoutEffect(() => {
    const element = moving.current;
    if (!element || !animated) return;
    // The moving line starts just off the right edge (its left padding is the window's width) and
    // ends just off the left one: it travels its own full width.
    const measure = () => setDistance(element.offsetWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [animated, text]);

  const style = { '--kl-marquee-seconds': `${marqueeSeconds(distance)}s` } as CSSProperties;
  return (
    <Link
      to={NOTICE_PATH}
      className="kl-marquee"
      aria-label={text ? `${t('home.marquee.label')}: ${text}` : t('home.marquee.label')}
      data-testid="marquee"
      data-moving={animated}
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
