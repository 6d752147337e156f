import { DEFAULT_TIME_ZONE } from '@kl/contracts/admin/site-settings';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Dates and times of the back office are the merchant's (docs/back-office.md, "Site settings"): shown in
 * its time zone with the offset, and days picked are its days, whatever the browser's zone. The zone is
 * learnt with the signed-in operator (the session answer) and kept here.
 */
let merchantTimeZone = DEFAULT_TIME_ZONE;

/** Called with the session answer: every later date is shown in `zone`. */
export function setMerchantTimeZone(zone: string): void {
  merchantTimeZone = zone;
}

export function getMerchantTimeZone(): string {
  return merchantTimeZone;
}

const DAY = 'YYYY-MM-DD';

/** `UTC+07:00`, `UTC−03:30`, `UTC+00:00`: the offset of the merchant's zone at that moment. */
function offsetLabel(at: Dayjs): string {
  return `UTC${at.format('Z')}`;
}

/**
 * A date and time of the API (ISO 8601) in the merchant's time zone with its offset
 * (`31/01/2026 14:05:09 (UTC+07:00)`); an em dash for none.
 */
export function formatDateTime(iso: string | null | undefined): string {
  return formatDateTimeIn(iso, merchantTimeZone);
}

/** A date and time of the API in `zone` with its offset (formatDateTime in the merchant's zone). */
export function formatDateTimeIn(iso: string | null | undefined, zone: string): string {
  if (!iso) return '—';
  const at = dayjs(iso).tz(zone);
  return `${at.format('DD/MM/YYYY HH:mm:ss')} (${offsetLabel(at)})`;
}

/** A day of the API (`2026-01-31`): a calendar day, the same in every zone. */
export function formatDay(day: string): string {
  return dayjs(day).format('DD/MM');
}

/** A calendar day of the API (`1996-01-15`) in full (`15/01/1996`): a birth date, the same in every zone. */
export function formatDate(day: string): string {
  return dayjs(day).format('DD/MM/YYYY');
}

/** Today in the merchant's time zone, as a day picked in a date picker (its calendar date). */
export function merchantToday(zone = merchantTimeZone): Dayjs {
  return dayjs(dayjs().tz(zone).format(DAY));
}

/** What antd's RangePicker gives: both ends, or nothing. */
export type DayRange = [Dayjs | null, Dayjs | null] | null | undefined;

/** The moment the calendar day of `picked` starts in `zone`. */
const startOfDayIn = (picked: Dayjs, zone: string) => dayjs.tz(picked.format(DAY), zone);

/**
 * A range of whole days of the merchant's time zone as the API's period: `from` the start of the first
 * day (inclusive), `to` the start of the day after the last (exclusive), both ISO strings. The picker
 * gives calendar dates; each is read as that day in the merchant's zone.
 */
export function periodOf(range: DayRange, zone = merchantTimeZone): { from?: string; to?: string } {
  const [start, end] = range ?? [null, null];
  return {
    ...(start ? { from: startOfDayIn(start, zone).toISOString() } : {}),
    ...(end ? { to: startOfDayIn(end.add(1, 'day'), zone).toISOString() } : {}),
  };
}

const WALL_CLOCK = 'YYYY-MM-DDTHH:mm:ss';

/**
 * A moment of the API as a date-and-time picker shows it: the merchant's wall-clock time at that moment.
 * The picker knows only the browser's zone, so the form holds the merchant's time as a browser-zone value
 * and `pickedMoment` reads it back; an operator abroad picks the site's hours, not their own.
 */
export function pickerMoment(iso: string, zone = merchantTimeZone): Dayjs {
  return dayjs(dayjs(iso).tz(zone).format(WALL_CLOCK));
}

/** What a date-and-time picker gave, read as the merchant's wall-clock time: the moment, ISO 8601. */
export function pickedMoment(picked: Dayjs, zone = merchantTimeZone): string {
  return dayjs.tz(picked.format(WALL_CLOCK), zone).toISOString();
}

/** Now as a date-and-time picker shows it (to compare a picked value with the present). */
export function pickerNow(zone = merchantTimeZone): Dayjs {
  return pickerMoment(new Date().toISOString(), zone);
}

/** The merchant's zone and its offset now, as the pickers' note shows it (`Asia/Ho_Chi_Minh, UTC+07:00`). */
export function merchantZoneLabel(zone = merchantTimeZone): string {
  return `${zone}, ${offsetLabel(dayjs().tz(zone))}`;
}
