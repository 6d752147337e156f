/**
 * Timings of the slot screen, fixed: tests move a fake clock instead of changing them. The member's
 * reduced-motion preference stops the reels' animation (the result shows at once).
 */
export const SLOT_TIMING = Object.freeze({
  /** How long the first reel spins; each next reel stops `reelStaggerMs` later. */
  reelMs: 700,
  reelStaggerMs: 180,
  /** Pause between two rounds of an auto-spin (half of it between two free spins of a round). */
  autoPauseMs: 450,
} as const);

/** True when the member asked the system for less motion. */
export function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}
