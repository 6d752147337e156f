/** The current time. Services take it as a dependency so that tests can move time (expiry, renewal). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export const addMs = (date: Date, ms: number) => new Date(date.getTime() + ms);

/** The start (midnight) of the day that `now` falls in at a fixed offset from UTC, as an instant. */
export function dayStartIn(now: Date, utcOffsetHours: number): Date {
  const offset = utcOffsetHours * HOUR_MS;
  const local = now.getTime() + offset;
  return new Date(local - (((local % DAY_MS) + DAY_MS) % DAY_MS) - offset);
}

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
