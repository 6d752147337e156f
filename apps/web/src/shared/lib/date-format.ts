import { DEFAULT_SITE_TIME_ZONE } from '@kl/contracts/constants';
import type { TFunction } from 'i18next';

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * `HH:mm:ss | DD/MM/YYYY` of an instant at a fixed offset from UTC (the side menu's GMT+8 clock).
 * The offset is applied by arithmetic, so no time-zone database is needed.
 */
export function formatClock(instant: Date, utcOffsetHours: number): string {
  const wall = wallAtOffset(instant, utcOffsetHours * 60);
  const time = `${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}`;
  return `${time} | ${pad(wall.day)}/${pad(wall.month)}/${wall.year}`;
}

/** An instant's wall time at a fixed offset from UTC, in minutes, by arithmetic. */
function wallAtOffset(instant: Date, offsetMinutes: number) {
  const shifted = new Date(instant.getTime() + offsetMinutes * 60_000);
  return {
    ...{ year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() },
    ...{ hour: shifted.getUTCHours(), minute: shifted.getUTCMinutes(), second: shifted.getUTCSeconds() },
  };
}

let siteTimeZone: string = DEFAULT_SITE_TIME_ZONE;
const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * Zones whose offset from UTC has not changed since FIXED_SINCE (Vietnam's, +7, since June 1975), in
 * minutes: their wall time is arithmetic. A page's first Intl date or number format loads the locale's
 * and the zones' data, 20–70 ms of main thread on a phone, which the draw times of the lottery list need
 * not pay (docs/performance.md); date-format.test.ts compares the two.
 */
const FIXED_OFFSET_MINUTES: Readonly<Record<string, number>> = {
  'Asia/Ho_Chi_Minh': 420,
  'Asia/Saigon': 420,
  UTC: 0,
  'Etc/UTC': 0,
};
const FIXED_SINCE = Date.UTC(1976, 0, 1);

/** The parts of an instant's wall time in a time zone (numbers), by a formatter kept per zone. */
function wallTime(date: Date, timeZone: string) {
  const fixed = FIXED_OFFSET_MINUTES[timeZone];
  if (fixed !== undefined && date.getTime() >= FIXED_SINCE) return wallAtOffset(date, fixed);
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      ...{ year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' },
    });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, Number(part.value)]));
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute', number>;
}

/**
 * The merchant's time zone (its status), in which the site shows times (product.md §9): set as the status
 * arrives; a name the browser does not know is ignored.
 */
export function setSiteTimeZone(timeZone: string | undefined): void {
  if (!timeZone || timeZone === siteTimeZone) return;
  try {
    if (FIXED_OFFSET_MINUTES[timeZone] === undefined) wallTime(new Date(0), timeZone);
    siteTimeZone = timeZone;
  } catch {
    // Not a zone this browser knows: the times stay in the one set before.
  }
}

/** Minutes a zone is ahead of UTC at an instant, from the instant's wall time there. */
function offsetMinutes(date: Date, wall: ReturnType<typeof wallTime>): number {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  return Math.round((asUtc - Math.floor(date.getTime() / 60_000) * 60_000) / 60_000);
}

const gmt = (minutes: number) => {
  const sign = minutes < 0 ? '-' : '+';
  const whole = Math.abs(minutes);
  return `GMT${sign}${Math.floor(whole / 60)}${whole % 60 ? `:${pad(whole % 60)}` : ''}`;
};

/**
 * `HH:mm DD/MM/YYYY` in the merchant's time (product.md §9: a draw at 23:25 in Vietnam reads 23:25 on any
 * phone), with the zone named, `(GMT+7)`, when the device's own differs at that instant; null when the
 * text is not a valid date. `deviceKnown: false` leaves the zone out: a page the server renders, and the
 * browser's first render over it, do not know the device's (docs/decisions/005-web-first-load.md).
 */
export function formatSiteDateTime(iso: string, { deviceKnown = true } = {}): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const wall = wallTime(date, siteTimeZone);
  const text = `${pad(wall.hour)}:${pad(wall.minute)} ${pad(wall.day)}/${pad(wall.month)}/${wall.year}`;
  const offset = offsetMinutes(date, wall);
  return !deviceKnown || offset === -date.getTimezoneOffset() ? text : `${text} (${gmt(offset)})`;
}

/** The merchant's day (YYYY-MM-DD) an instant falls on: the days of the member's reports. */
export function siteDayOf(instant: Date): string {
  const wall = wallTime(instant, siteTimeZone);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
}

const offsetText = (minutes: number) => {
  const whole = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
};

/**
 * The instant the merchant's day `day` (YYYY-MM-DD) begins, as an ISO 8601 time with the zone's offset
 * then (`2030-03-09T00:00:00+07:00`): midnight of that day, or where a zone's clocks skip midnight, the
 * first minute that day has. Null when `day` is not a date.
 */
export function siteDayStart(day: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const midnight = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  // The offset at midnight's instant, found from the offset near it (twice: a change of offset that day).
  let instant = midnight;
  for (let pass = 0; pass < 2; pass += 1) {
    const date = new Date(instant);
    instant = midnight - offsetMinutes(date, wallTime(date, siteTimeZone)) * 60_000;
  }
  const date = new Date(instant);
  const wall = wallTime(date, siteTimeZone);
  const offset = offsetMinutes(date, wall);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}:00${offsetText(offset)}`;
}

/**
 * The time left of a countdown, from whole seconds: `mm:ss`, `h:mm:ss` from an hour, and from a day the
 * days in words before `HH:mm:ss` ("4 ngày 06:44:36", "1 day 00:00:05"; English plural by i18next).
 * Used by every countdown of the site: lottery draws, deposit orders, SMS resend.
 */
export function formatCountdown(totalSeconds: number, t: TFunction): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  const rest = seconds % 60;
  if (days > 0) return `${t('common.days', { count: days })} ${pad(hours)}:${pad(minutes)}:${pad(rest)}`;
  if (hours > 0) return `${hours}:${pad(minutes)}:${pad(rest)}`;
  return `${pad(minutes)}:${pad(rest)}`;
}
