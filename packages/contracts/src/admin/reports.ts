import { z } from 'zod';
import type { ApiTable } from '../api-call.ts';
import { GAME_TYPES } from '../games.ts';
import { SUPPORTED_LOCALES } from '../i18n.ts';
import { pageParams } from '../paging.ts';
import { PROMOTION_TYPES } from '../promotions.ts';
import { moneySchema } from '../wallet.ts';
import type { AdminCallRule } from './calls.ts';
import { ADMIN_PAGE_SIZE, adminPage } from './operators.ts';

/**
 * Reports of the back office (docs/back-office.md, "Reports"): real money of a period of days of the
 * merchant's time zone ("Site settings"), `from` and `to` both included, at most REPORT_MAX_DAYS days; amounts in minor units. The same
 * reports download as CSV.
 */

export const REPORT_MAX_DAYS = 92;
export const REPORT_KINDS = ['daily', 'games', 'promotions'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

const DAY_MS = 86_400_000;
/** Days from `from` to `to`, both included (dates as `2030-03-01`). */
export const reportDays = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

const period = { from: z.iso.date(), to: z.iso.date() };
type Period = { from: string; to: string };
/** The checks of a period: `from` not after `to`, at most REPORT_MAX_DAYS days. */
function checkedPeriod<T extends z.ZodType<Period>>(schema: T) {
  return schema
    .refine((query) => query.from <= query.to, { message: 'from must not be after to', path: ['to'] })
    .refine((query) => reportDays(query.from, query.to) <= REPORT_MAX_DAYS, {
      message: `at most ${REPORT_MAX_DAYS} days`,
      path: ['to'],
    });
}

export const reportPeriodQuery = checkedPeriod(z.object(period));
export type ReportPeriodQuery = z.input<typeof reportPeriodQuery>;
export const pagedReportQuery = checkedPeriod(z.object({ ...period, ...pageParams(ADMIN_PAGE_SIZE) }));
export type PagedReportQuery = z.input<typeof pagedReportQuery>;

const dailyFigures = {
  // Integers that a reversal posted on a later day than what it undoes can make negative.
  /** Paid deposits. */
  deposits: z.number().int(),
  /** Withdrawals paid out. */
  withdrawals: z.number().int(),
  /** Stakes. */
  bets: z.number().int(),
  /** Payouts. */
  wins: z.number().int(),
  /** Gross gaming revenue: bets − wins (negative when members won more). */
  ggr: z.number().int(),
  /** Bonuses credited. */
  bonuses: z.number().int(),
  /** Manual adjustments credited and debited, and credited − debited. */
  adjustmentCredits: z.number().int(),
  adjustmentDebits: z.number().int(),
  adjustments: z.number().int(),
  /** Real members who registered. */
  newMembers: z.number().int().min(0),
  /** Members who staked real money (over the whole period in the totals). */
  activeMembers: z.number().int().min(0),
};
export const dailyReportRow = z.object({ day: z.iso.date(), ...dailyFigures });
export type DailyReportRow = z.infer<typeof dailyReportRow>;
export const dailyReport = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  currency: z.string(),
  /** One row per day, the first day first. */
  days: z.array(dailyReportRow),
  totals: z.object(dailyFigures),
});
export type DailyReport = z.infer<typeof dailyReport>;

const gameFigures = {
  /** Settled rounds. */
  bets: z.number().int().min(0),
  stake: moneySchema,
  payout: moneySchema,
  /** stake − payout. */
  ggr: z.number().int(),
};
export const gameReportRow = z.object({
  vendorCode: z.string(),
  gameType: z.enum(GAME_TYPES),
  gameId: z.string(),
  gameName: z.string(),
  ...gameFigures,
});
export type GameReportRow = z.infer<typeof gameReportRow>;
/** Per vendor and game, the largest stake first; totals over every row. */
export const gameReport = adminPage(gameReportRow).extend({
  currency: z.string(),
  totals: z.object(gameFigures),
});
export type GameReport = z.infer<typeof gameReport>;

const promotionFigures = {
  /** Claims made in the period (applications and referral bonuses). */
  claims: z.number().int().min(0),
  /** Of them, bonuses claimed (credited). */
  claimed: z.number().int().min(0),
  /** The bonuses credited for them. */
  bonusPaid: moneySchema,
  /** Turnover their bonuses ask for, and staked so far. */
  turnoverRequired: moneySchema,
  turnoverDone: moneySchema,
};
export const promotionReportRow = z.object({
  promotionId: z.number().int().positive(),
  code: z.string(),
  type: z.enum(PROMOTION_TYPES),
  title: z.object({ vi: z.string(), en: z.string().optional() }),
  ...promotionFigures,
});
export type PromotionReportRow = z.infer<typeof promotionReportRow>;
/** The promotions whose window meets the period, newest start first; totals over every row. */
export const promotionReport = adminPage(promotionReportRow).extend({
  currency: z.string(),
  totals: z.object(promotionFigures),
});
export type PromotionReport = z.infer<typeof promotionReport>;

/** The CSV download: the report, the period, and the language of the header row and titles (default vi). */
export const reportCsvQuery = checkedPeriod(
  z.object({ report: z.enum(REPORT_KINDS), ...period, lang: z.enum(SUPPORTED_LOCALES).default('vi') }),
);
export type ReportCsvQuery = z.input<typeof reportCsvQuery>;

/** The reports area's calls (composed into adminCalls, calls.ts). */
export const adminReportsCalls = {
  adminReportDaily: {
    method: 'GET',
    path: '/api/admin/reports/daily',
    moduleId: 'ADMIN',
    query: reportPeriodQuery,
    response: dailyReport,
  },
  adminReportGames: {
    method: 'GET',
    path: '/api/admin/reports/games',
    moduleId: 'ADMIN',
    query: pagedReportQuery,
    response: gameReport,
  },
  adminReportPromotions: {
    method: 'GET',
    path: '/api/admin/reports/promotions',
    moduleId: 'ADMIN',
    query: pagedReportQuery,
    response: promotionReport,
  },
  /** `text/csv; charset=utf-8` with a BOM, as an attachment; not an envelope. */
  adminReportCsv: {
    method: 'GET',
    path: '/api/admin/reports/csv',
    moduleId: 'ADMIN',
    query: reportCsvQuery,
    raw: true,
  },
} as const satisfies ApiTable;

export const adminReportsRules: Record<keyof typeof adminReportsCalls, AdminCallRule> = {
  adminReportDaily: { area: 'reports', access: 'read' },
  adminReportGames: { area: 'reports', access: 'read' },
  adminReportPromotions: { area: 'reports', access: 'read' },
  adminReportCsv: { area: 'reports', access: 'read' },
};
