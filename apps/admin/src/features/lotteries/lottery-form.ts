import {
  type AdminLottery,
  type CreateLotteryRequest,
  type LotteryProblem,
  lotteryProblems,
  type WEEKDAYS,
} from '@kl/contracts/admin/lotteries';
import type { LotteryCategory, LotteryRegion } from '@kl/contracts/lottery';

type PlayType = 'trad' | 'ent';
type Weekday = (typeof WEEKDAYS)[number];

/** The i18n key of a weekday's name (0 Sunday … 6 Saturday). */
export const dayKey = (day: number | string) => `lotteries.days.${Number(day) as Weekday}` as const;

/** The lottery form's values: the schedule's fields of both kinds, the stations by weekday. */
export interface LotteryFormValues {
  code: string;
  name: string;
  region: LotteryRegion;
  category: LotteryCategory;
  playTypes: PlayType[];
  weekdays?: number[];
  /** HH:MM, Vietnam time. */
  drawTime?: string;
  /** The station of each weekday ("0".."6"), in the north; empty: the lottery's name. */
  stations?: Partial<Record<string, string>>;
  intervalSeconds?: number;
  closeSeconds: number;
  maxPerDraw: number;
  sortOrder: number;
  enabled: boolean;
}

/** What a new lottery of a category starts from (as the demo's: daily in the evening, fast every minute). */
export const CATEGORY_DEFAULTS: Record<
  LotteryCategory,
  Pick<LotteryFormValues, 'playTypes' | 'closeSeconds' | 'maxPerDraw'>
> = {
  LOTT: { playTypes: ['trad'], closeSeconds: 900, maxPerDraw: 500_000_000 },
  ELOTT: { playTypes: ['ent', 'trad'], closeSeconds: 10, maxPerDraw: 200_000_000 },
};

/** The form's values of a lottery (a new one: a northern daily lottery, every day at 18:15, on). */
export function formValuesOf(lottery: AdminLottery | null, sortOrder: number): Partial<LotteryFormValues> {
  if (!lottery) {
    return {
      region: 'MB',
      category: 'LOTT',
      ...CATEGORY_DEFAULTS.LOTT,
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      drawTime: '18:15',
      intervalSeconds: 60,
      sortOrder,
      enabled: true,
    };
  }
  const { schedule } = lottery;
  return {
    code: lottery.code,
    name: lottery.name,
    region: lottery.region,
    category: lottery.category,
    playTypes: lottery.playTypes,
    weekdays: schedule.kind === 'daily' ? schedule.weekdays : [],
    drawTime: schedule.kind === 'daily' ? schedule.drawTime : '',
    stations: schedule.kind === 'daily' ? (schedule.stations ?? {}) : {},
    intervalSeconds: schedule.kind === 'interval' ? schedule.intervalSeconds : 60,
    closeSeconds: lottery.closeSeconds,
    maxPerDraw: lottery.maxPerDraw,
    sortOrder: lottery.sortOrder,
    enabled: lottery.enabled,
  };
}

/**
 * What the form sends: the schedule of its category, the stations of the weekdays it draws (the north
 * only). The fields of the other schedule are not in the form, so not in its values.
 */
export function requestOf(values: LotteryFormValues): CreateLotteryRequest {
  const weekdays = [...(values.weekdays ?? [])].sort((a, b) => a - b);
  const stations = Object.fromEntries(
    weekdays.flatMap((day) => {
      const name = values.stations?.[String(day)]?.trim();
      return values.region === 'MB' && name ? [[String(day), name]] : [];
    }),
  );
  return {
    code: values.code.trim(),
    name: values.name.trim(),
    region: values.region,
    category: values.category,
    playTypes: values.playTypes,
    schedule:
      values.category === 'LOTT'
        ? {
            kind: 'daily',
            weekdays,
            drawTime: (values.drawTime ?? '').trim(),
            stations: Object.keys(stations).length > 0 ? stations : null,
          }
        : { kind: 'interval', intervalSeconds: values.intervalSeconds ?? 0 },
    closeSeconds: values.closeSeconds,
    maxPerDraw: values.maxPerDraw,
    sortOrder: values.sortOrder,
    enabled: values.enabled,
  };
}

/** The form's field each of the server's checks across fields speaks of. */
const FIELD_OF_PATH: Record<string, keyof LotteryFormValues> = {
  'schedule.kind': 'category',
  playTypes: 'playTypes',
  'schedule.weekdays': 'weekdays',
  'schedule.stations': 'weekdays',
  'schedule.intervalSeconds': 'intervalSeconds',
  closeSeconds: 'closeSeconds',
};

/** The server's checks across fields (contracts lotteryProblems), each on the form's field it concerns. */
export function problemsOf(
  request: CreateLotteryRequest,
): { field: keyof LotteryFormValues; reason: LotteryProblem }[] {
  return lotteryProblems({
    ...request,
    schedule:
      request.schedule.kind === 'daily'
        ? { ...request.schedule, stations: request.schedule.stations ?? null }
        : request.schedule,
  }).map((problem) => ({ field: FIELD_OF_PATH[problem.path] ?? 'category', reason: problem.reason }));
}
