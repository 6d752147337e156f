/**
 * Timings of the provider's tables, fixed: tests move a fake clock instead of changing them. A member
 * asking for less motion sees the cards without the deal's pace.
 */
export const TABLE_TIMING = Object.freeze({
  /** How often the table is asked for its state while the page is visible. */
  pollMs: 1_000,
  /** How often the countdown is redrawn. */
  tickMs: 250,
  /** The pause between two cards of a baccarat deal. */
  dealMs: 600,
} as const);
