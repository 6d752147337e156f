/** The current time. Services take it as a dependency so that tests can move time (expiry, renewal). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export const addMs = (date: Date, ms: number) => new Date(date.getTime() + ms);
