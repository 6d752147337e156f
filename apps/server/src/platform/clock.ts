/** The current time. Services take it as a dependency so that tests can move time (expiry, renewal). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export const addMs = (date: Date, ms: number) => new Date(date.getTime() + ms);

/**
 * A clock a development call can move (DEV_CLOCK, never in production): the end-to-end tests close a
 * GMT+8 day to settle it without waiting for midnight. `offsetMs` is added to `base`.
 */
export function createShiftableClock(base: Clock = systemClock) {
  let offsetMs = 0;
  return {
    clock: (() => new Date(base().getTime() + offsetMs)) as Clock,
    offsetMs: () => offsetMs,
    setOffset(ms: number): void {
      offsetMs = ms;
    },
  };
}
export type ShiftableClock = ReturnType<typeof createShiftableClock>;
