import { MARQUEE_FPS } from '@kl/contracts/constants';
import type { Announcement } from '@kl/contracts/content';

/** product.md §9 marquee 50 fps, one pixel a frame: 50 px a second. */
export const MARQUEE_PX_PER_SECOND = MARQUEE_FPS;
/** Used until the text has been measured (and where nothing is laid out). */
const UNMEASURED_SECONDS = 20;

/** How long the text takes to cross: the window's width plus its own, at the marquee speed. */
export function marqueeSeconds(distancePx: number): number {
  return distancePx > 0 ? distancePx / MARQUEE_PX_PER_SECOND : UNMEASURED_SECONDS;
}

/**
 * Where the first crossing starts, as an animation delay: the line has already travelled the window's
 * width (a negative delay), so the text stands at the window's left edge, where it stood still before
 * moving, instead of coming in from the right.
 */
export function marqueeStartSeconds(windowPx: number): number {
  return windowPx > 0 ? -windowPx / MARQUEE_PX_PER_SECOND : 0;
}

/** The marquee's line: each popular announcement's title and plain-text summary. */
export function marqueeText(announcements: readonly Announcement[]): string {
  return announcements
    .map(({ title, summary }) => (summary && summary !== title ? `${title}: ${summary}` : title))
    .join('   •   ');
}
