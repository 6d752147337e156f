import type { TFunction } from 'i18next';

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * `HH:mm:ss | DD/MM/YYYY` of an instant at a fixed offset from UTC (the side menu's GMT+8 clock).
 * The offset is applied by arithmetic, so no time-zone database is needed.
 */
export function formatClock(instant: Date, utcOffsetHours: number): string {
  const shifted = new Date(instant.getTime() + utcOffsetHours * 3_600_000);
  const time = `${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}:${pad(shifted.getUTCSeconds())}`;
  const date = `${pad(shifted.getUTCDate())}/${pad(shifted.getUTCMonth() + 1)}/${shifted.getUTCFullYear()}`;
  return `${time} | ${date}`;
}

/** `HH:mm DD/MM/YYYY` in the device's local time, or null when the text is not a valid date. */
export function formatLocalDateTime(iso: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return `${pad(date.getHours())}:${pad(date.getMinutes())} ${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
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
