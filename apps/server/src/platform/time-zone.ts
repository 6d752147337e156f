/**
 * Calendar days of a merchant's time zone (docs/back-office.md, "Site settings"): the reports and the
 * dashboard count the merchant's days, whatever the zone's offset or summer time.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Days since 1970-01-01 of a calendar date `2030-03-01`. */
export const dayNumberOf = (date: string): number => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

/** A day number as its calendar date, `2030-03-01`. */
export const isoDateOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(zone, format);
  }
  return format;
}

/** The wall clock of `zone` at `at`, read as if it were UTC (milliseconds). */
function wallClockMs(at: Date, zone: string): number {
  const parts = Object.fromEntries(
    formatIn(zone)
      .formatToParts(at)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** The calendar day (days since 1970-01-01) of the moment `at` in `zone`. */
export function zoneDayOf(at: Date, zone: string): number {
  return Math.floor(wallClockMs(at, zone) / DAY_MS);
}

/** The first moment of the calendar day `day` in `zone` (its midnight, or the first moment after it). */
export function startOfZoneDay(day: number, zone: string): Date {
  const midnight = day * DAY_MS;
  const offsetAt = (time: number) => wallClockMs(new Date(time), zone) - Math.floor(time / 1000) * 1000;
  let time = midnight - offsetAt(midnight);
  time = midnight - offsetAt(time);
  // A midnight that summer time skips: the day starts at the first moment that belongs to it.
  while (zoneDayOf(new Date(time), zone) < day) time += 15 * 60 * 1000;
  return new Date(time);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * The moment `at` on the wall clock of `zone` with the zone's offset then, in ISO 8601 to the second:
 * `2030-03-05T09:00:00+07:00` (summer time included). What the back office's CSV exports write.
 */
export function zoneDateTime(at: Date, zone: string): string {
  const wall = wallClockMs(at, zone);
  const offsetMinutes = Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
  const local = new Date(wall).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const size = Math.abs(offsetMinutes);
  return `${local}${sign}${pad(Math.floor(size / 60))}:${pad(size % 60)}`;
}
