import { addDays, agentDate, agentDayStart, parsePeriod, type ReportGrouping } from '@kl/contracts/agents';
import type { Window } from '../team.ts';

/**
 * The rows of a team report (docs/agents.md, "Team reports"): every day, week (from Monday) or month
 * that meets the range of GMT+8 dates, each cut to the range, the first first. `period` is the key the
 * figures are grouped by (team.ts `groupKey`).
 */
export interface ReportPeriod {
  period: string;
  from: string;
  to: string;
}

const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

/** Monday of the week of a date. */
const mondayOf = (date: string) => addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));

/** The last day of a month (`2026-02` → `2026-02-28`). */
const lastDayOf = (month: string) => agentDate(new Date(parsePeriod(month)!.end.getTime() - 1));

export function reportPeriods(by: ReportGrouping, from: string, to: string): ReportPeriod[] {
  const periods: ReportPeriod[] = [];
  if (by === 'day') {
    for (let day = from; day <= to; day = addDays(day, 1)) periods.push({ period: day, from: day, to: day });
  } else if (by === 'week') {
    for (let monday = mondayOf(from); monday <= to; monday = addDays(monday, 7)) {
      periods.push({ period: monday, from: later(monday, from), to: earlier(addDays(monday, 6), to) });
    }
  } else {
    for (
      let month = from.slice(0, 7);
      month <= to.slice(0, 7);
      month = addDays(lastDayOf(month), 1).slice(0, 7)
    ) {
      periods.push({ period: month, from: later(`${month}-01`, from), to: earlier(lastDayOf(month), to) });
    }
  }
  return periods;
}

/** The instants of a range of GMT+8 dates, both included. */
export const datesWindow = (from: string, to: string): Window => ({
  start: agentDayStart(from),
  end: agentDayStart(addDays(to, 1)),
});
