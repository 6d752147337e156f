import dayjs, { type Dayjs } from 'dayjs';

/** A date and time of the API (ISO 8601) in the browser's time zone; an em dash for none. */
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format('DD/MM/YYYY HH:mm:ss') : '—';
}

/** A day of the API (`2026-01-31`). */
export function formatDay(day: string): string {
  return dayjs(day).format('DD/MM');
}

/** What antd's RangePicker gives: both ends, or nothing. */
export type DayRange = [Dayjs | null, Dayjs | null] | null | undefined;

/**
 * A range of whole days picked in the browser's time zone as the API's period: `from` the start of the
 * first day (inclusive), `to` the start of the day after the last (exclusive), both ISO strings.
 */
export function periodOf(range: DayRange): { from?: string; to?: string } {
  const [start, end] = range ?? [null, null];
  return {
    ...(start ? { from: start.startOf('day').toISOString() } : {}),
    ...(end ? { to: end.add(1, 'day').startOf('day').toISOString() } : {}),
  };
}
