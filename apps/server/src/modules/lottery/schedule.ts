import type { LotteryGameRow } from '../../db/schema/index.ts';

/**
 * When a lottery draws, from its schedule row: daily games on their weekdays at a Vietnam time (UTC+7,
 * no daylight saving), fast games every `intervalSeconds` (at whole multiples of it since the epoch).
 */

export const VIETNAM_OFFSET_MS = 7 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export type ScheduleOf = Pick<
  LotteryGameRow,
  'schedule' | 'weekdays' | 'drawTime' | 'intervalSeconds' | 'stations' | 'name' | 'closeSeconds'
>;

export interface PlannedDraw {
  drawAt: Date;
  closeAt: Date;
  issue: string;
  station: string;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The Vietnam calendar date of a time, as YYYYMMDD, and its weekday (0 Sunday). */
function vietnamDay(time: number): { ymd: string; weekday: number; midnight: number } {
  const local = new Date(time + VIETNAM_OFFSET_MS);
  const ymd = `${local.getUTCFullYear()}${pad(local.getUTCMonth() + 1)}${pad(local.getUTCDate())}`;
  const midnight =
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - VIETNAM_OFFSET_MS;
  return { ymd, weekday: local.getUTCDay(), midnight };
}

function parseDrawTime(value: string | null): number {
  const match = /^(\d{2}):(\d{2})$/.exec(value ?? '');
  if (!match) throw new Error(`a daily lottery without a valid draw time: ${value}`);
  return (Number(match[1]) * 60 + Number(match[2])) * 60_000;
}

/** The draw of a game at `drawAt` (a time of its schedule): issue number, station and close time. */
export function plannedDraw(game: ScheduleOf, drawAt: Date): PlannedDraw {
  const time = drawAt.getTime();
  const closeAt = new Date(time - game.closeSeconds * 1000);
  if (game.schedule === 'daily') {
    const day = vietnamDay(time);
    return {
      drawAt,
      closeAt,
      issue: day.ymd,
      station: game.stations?.[String(day.weekday)] ?? game.name,
    };
  }
  const intervalMs = (game.intervalSeconds ?? 60) * 1000;
  // Draws of a Vietnam day are numbered from 1; the draw at midnight is the last of the day before.
  const day = vietnamDay(time - 1);
  const number = Math.round((time - day.midnight) / intervalMs);
  return { drawAt, closeAt, issue: `${day.ymd}-${pad(number, 4)}`, station: game.name };
}

/** The next `count` draw times of a game strictly after `after`. */
export function nextDrawTimes(game: ScheduleOf, after: Date, count: number): Date[] {
  const from = after.getTime();
  const times: Date[] = [];
  if (game.schedule === 'interval') {
    const intervalMs = (game.intervalSeconds ?? 60) * 1000;
    let next = (Math.floor(from / intervalMs) + 1) * intervalMs;
    while (times.length < count) {
      times.push(new Date(next));
      next += intervalMs;
    }
    return times;
  }
  const weekdays = new Set(game.weekdays ?? []);
  if (weekdays.size === 0) return times;
  const offset = parseDrawTime(game.drawTime);
  let { midnight, weekday } = vietnamDay(from);
  for (let guard = 0; times.length < count && guard < 400; guard += 1) {
    const at = midnight + offset;
    if (weekdays.has(weekday) && at > from) times.push(new Date(at));
    midnight += DAY_MS;
    weekday = (weekday + 1) % 7;
  }
  return times;
}

/** How many draws ahead each game keeps created: daily games 2, fast games enough for ~10 minutes. */
export function drawsAhead(game: ScheduleOf): number {
  if (game.schedule === 'daily') return 2;
  return Math.max(2, Math.ceil(600 / (game.intervalSeconds ?? 60)));
}
