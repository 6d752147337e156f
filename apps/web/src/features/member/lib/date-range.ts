import { siteDayOf, siteDayStart } from '../../../shared/lib/date-format.ts';

/**
 * Date ranges of the member's reports, in whole days of the merchant's time zone (its status; Vietnam's,
 * UTC+7, by default), whatever the phone's: a day starts at its midnight there. The API takes `from`
 * (inclusive) and `to` (exclusive) as ISO 8601 times with the zone's offset.
 */

const DAY_MS = 86_400_000;

export const DATE_PRESETS = ['today', 'week', 'month', 'custom'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** Days a preset covers, today included. */
const PRESET_DAYS: Record<Exclude<DatePreset, 'custom'>, number> = { today: 1, week: 7, month: 30 };

export interface DateRangeChoice {
  preset: DatePreset;
  /** YYYY-MM-DD (custom only). */
  fromDay: string;
  /** YYYY-MM-DD (custom only). */
  toDay: string;
}

export type RangeResult =
  | { ok: true; from: string; to: string }
  | { ok: false; error: 'fromRequired' | 'toRequired' | 'order' | 'future' };

const pad = (value: number) => String(value).padStart(2, '0');
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day (YYYY-MM-DD) an instant falls on in the merchant's zone. */
export const dayOf = (instant: Date): string => siteDayOf(instant);

/** The day `days` after (or before, when negative) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const match = DAY_PATTERN.exec(day);
  if (!match) return day;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) + days * DAY_MS;
  const date = new Date(time);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** The start of a (valid) day in the merchant's zone, as the API takes it. */
export const dayStart = (day: string) => siteDayStart(day) ?? `${day}T00:00:00Z`;

const validDay = (day: string) => {
  const match = DAY_PATTERN.exec(day);
  if (!match) return false;
  return addDays(day, 0) === day && Number(match[1]) >= 1900;
};

/** The from/to of a choice at `now`, or why it cannot be asked for. */
export function rangeOf(choice: DateRangeChoice, now: Date = new Date()): RangeResult {
  const today = dayOf(now);
  if (choice.preset !== 'custom') {
    const first = addDays(today, 1 - PRESET_DAYS[choice.preset]);
    return { ok: true, from: dayStart(first), to: dayStart(addDays(today, 1)) };
  }
  if (!validDay(choice.fromDay)) return { ok: false, error: 'fromRequired' };
  if (!validDay(choice.toDay)) return { ok: false, error: 'toRequired' };
  if (choice.fromDay > choice.toDay) return { ok: false, error: 'order' };
  if (choice.fromDay > today) return { ok: false, error: 'future' };
  return { ok: true, from: dayStart(choice.fromDay), to: dayStart(addDays(choice.toDay, 1)) };
}

/** The default choice: the last 7 days, and today as the custom bounds. */
export function initialRange(now: Date = new Date()): DateRangeChoice {
  const today = dayOf(now);
  return { preset: 'week', fromDay: addDays(today, -6), toDay: today };
}
