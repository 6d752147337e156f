/**
 * Timings of the slot screen. Tests set them to 0 (no animation, no pause between auto-spins); the
 * member's reduced-motion preference does the same for the reels.
 */
export const slotTiming = {
  /** How long the first reel spins; each next reel stops `reelStaggerMs` later. */
  reelMs: 700,
  reelStaggerMs: 180,
  /** Pause between two rounds of an auto-spin. */
  autoPauseMs: 450,
};

/** True when the member asked the system for less motion. */
export function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}
