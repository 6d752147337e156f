/**
 * The provider's time: a function the app is given (the system's, or the development clock), so tests and
 * the end-to-end journeys move it.
 */
export type Clock = () => Date;

export const MINUTE_MS = 60 * 1000;
export const DAY_MS = 24 * 60 * MINUTE_MS;

/** `date` moved on by `ms`. */
export function addMs(date: Date, ms: number): Date {
  return new Date(date.getTime() + ms);
}
