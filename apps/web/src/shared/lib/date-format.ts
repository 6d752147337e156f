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
