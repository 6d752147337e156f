import type {
  DailyReport,
  DailyReportRow,
  GameReport,
  PromotionReport,
  ReportKind,
} from '@kl/contracts/admin/reports';
import { textIn } from '@kl/contracts/content';
import type { GameType } from '@kl/contracts/games';
import type { Locale } from '@kl/contracts/i18n';
import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import type { Db } from '../../../platform/db.ts';
import { moneyNumber } from '../../wallet/index.ts';
import type { CsvCell } from '../../../platform/csv.ts';
import { dayNumberOf, isoDateOf, startOfZoneDay } from '../../../platform/time-zone.ts';
import { createReportRepository, type ReportWindow } from '../../reporting/index.ts';
import type { AuditActor } from '../audit.ts';
import type { CsvExports, CsvFile } from '../exports/csv-export.ts';

/**
 * Reports (docs/back-office.md, "Reports"): real money over a period of days of the merchant's time zone
 * (docs/back-office.md, "Site settings"), both ends included, as JSON for the screens and as CSV to
 * download. The contracts limit the period (reports.ts).
 */

export interface ReportPeriod {
  from: string;
  to: string;
}
type Page = { pageNo: number; pageSize: number };

/** The header row of each report's CSV, in each language (money in minor units of the currency). */
function csvHeaders(report: ReportKind, lang: Locale, currency: string): string[] {
  const money = (label: string) => `${label} (${currency})`;
  if (report === 'daily') {
    return lang === 'en'
      ? [
          'Day',
          money('Deposits'),
          money('Withdrawals'),
          money('Bets'),
          money('Wins'),
          money('GGR'),
          money('Bonuses'),
          money('Adjustments credited'),
          money('Adjustments debited'),
          money('Adjustments net'),
          'New members',
          'Active members',
        ]
      : [
          'Ngày',
          money('Nạp tiền'),
          money('Rút tiền'),
          money('Tiền cược'),
          money('Tiền thắng'),
          money('GGR'),
          money('Tiền thưởng'),
          money('Điều chỉnh cộng'),
          money('Điều chỉnh trừ'),
          money('Điều chỉnh ròng'),
          'Thành viên mới',
          'Thành viên hoạt động',
        ];
  }
  if (report === 'games') {
    return lang === 'en'
      ? ['Vendor', 'Category', 'Game ID', 'Game', 'Bets', money('Stake'), money('Payout'), money('GGR')]
      : [
          'Nhà cung cấp',
          'Thể loại',
          'Mã trò chơi',
          'Trò chơi',
          'Số lượt cược',
          money('Tiền cược'),
          money('Tiền trả thưởng'),
          money('GGR'),
        ];
  }
  return lang === 'en'
    ? [
        'Promotion ID',
        'Code',
        'Type',
        'Title',
        'Claims',
        'Claimed',
        money('Bonus paid'),
        money('Turnover required'),
        money('Turnover done'),
      ]
    : [
        'Mã số khuyến mãi',
        'Mã',
        'Loại',
        'Tiêu đề',
        'Lượt đăng ký',
        'Đã nhận',
        money('Tiền thưởng đã trả'),
        money('Doanh thu cược yêu cầu'),
        money('Doanh thu cược đã đạt'),
      ];
}

const TOTAL_LABEL: Record<Locale, string> = { vi: 'Tổng', en: 'Total' };

export function createReportService(deps: {
  db: Db;
  merchantCode: string;
  /** The merchant's time zone, read at each report (an operator may change it). */
  timeZone: () => Promise<string>;
  exports: CsvExports;
}) {
  const { merchantCode } = deps;
  const reports = createReportRepository(deps.db);
  const currency = WALLET_CURRENCY;

  const windowOf = async (
    period: ReportPeriod,
  ): Promise<ReportWindow & { firstDay: number; lastDay: number }> => {
    const firstDay = dayNumberOf(period.from);
    const lastDay = dayNumberOf(period.to);
    const timeZone = await deps.timeZone();
    return {
      merchantCode,
      currency,
      timeZone,
      from: startOfZoneDay(firstDay, timeZone),
      to: startOfZoneDay(lastDay + 1, timeZone),
      firstDay,
      lastDay,
    };
  };

  async function daily(period: ReportPeriod): Promise<DailyReport> {
    const window = await windowOf(period);
    const [figures, adjustments, newMembers, activeByDay, activeMembers] = await Promise.all([
      reports.figuresByDay(window),
      reports.adjustmentsByDay(window),
      reports.newMembersByDay(window),
      reports.activeMembersByDay(window),
      reports.activeMembers(window),
    ]);
    const byDay = <T extends { day: number }>(rows: T[]) => new Map(rows.map((row) => [row.day, row]));
    const [figuresOf, adjustmentsOf, newOf, activeOf] = [
      byDay(figures),
      byDay(adjustments),
      byDay(newMembers),
      byDay(activeByDay),
    ];
    const sum = { deposits: 0n, withdrawals: 0n, bets: 0n, wins: 0n, bonuses: 0n, credits: 0n, debits: 0n };
    let newTotal = 0;
    const days: DailyReportRow[] = [];
    for (let day = window.firstDay; day <= window.lastDay; day += 1) {
      const f = figuresOf.get(day);
      const a = adjustmentsOf.get(day);
      const row = {
        deposits: f?.deposits ?? 0n,
        withdrawals: f?.withdrawals ?? 0n,
        bets: f?.bets ?? 0n,
        wins: f?.wins ?? 0n,
        bonuses: f?.bonuses ?? 0n,
        credits: a?.credits ?? 0n,
        debits: a?.debits ?? 0n,
      };
      for (const key of Object.keys(sum) as (keyof typeof sum)[]) sum[key] += row[key];
      const joined = newOf.get(day)?.n ?? 0;
      newTotal += joined;
      days.push({
        day: isoDateOf(day),
        ...dailyFigures(row),
        newMembers: joined,
        activeMembers: activeOf.get(day)?.n ?? 0,
      });
    }
    return {
      from: period.from,
      to: period.to,
      currency,
      days,
      totals: { ...dailyFigures(sum), newMembers: newTotal, activeMembers },
    };
  }

  async function games(period: ReportPeriod, page?: Page) {
    const found = await reports.games(
      await windowOf(period),
      page && { limit: page.pageSize, offset: (page.pageNo - 1) * page.pageSize },
    );
    const figures = (row: { bets: number; stake: bigint; payout: bigint }) => ({
      bets: row.bets,
      stake: moneyNumber(row.stake),
      payout: moneyNumber(row.payout),
      ggr: moneyNumber(row.stake - row.payout),
    });
    return {
      list: found.rows.map((row) => ({
        vendorCode: row.vendorCode,
        gameType: row.gameType as GameType,
        gameId: row.gameId,
        gameName: row.gameName,
        ...figures(row),
      })),
      total: found.total,
      totals: figures(found.totals),
    };
  }

  async function promotions(period: ReportPeriod, page?: Page) {
    const found = await reports.promotions(
      await windowOf(period),
      page && { limit: page.pageSize, offset: (page.pageNo - 1) * page.pageSize },
    );
    const figures = (row: (typeof found)['totals']) => ({
      claims: row.claims,
      claimed: row.claimed,
      bonusPaid: moneyNumber(row.bonusPaid),
      turnoverRequired: moneyNumber(row.turnoverRequired),
      turnoverDone: moneyNumber(row.turnoverDone),
    });
    return {
      list: found.rows.map((row) => ({
        promotionId: row.promotionId,
        code: row.code,
        type: row.type,
        title: row.title,
        ...figures(row),
      })),
      total: found.total,
      totals: figures(found.totals),
    };
  }

  return {
    daily,

    async games(query: ReportPeriod & Page): Promise<GameReport> {
      const found = await games(query, query);
      return { ...found, pageNo: query.pageNo, pageSize: query.pageSize, currency };
    },

    async promotions(query: ReportPeriod & Page): Promise<PromotionReport> {
      const found = await promotions(query, query);
      return { ...found, pageNo: query.pageNo, pageSize: query.pageSize, currency };
    },

    /** The report as CSV (every row, then a total row), its headers and titles in `lang`; audited. */
    async csv(actor: AuditActor, report: ReportKind, period: ReportPeriod, lang: Locale): Promise<CsvFile> {
      const records: CsvCell[][] = [csvHeaders(report, lang, currency)];
      const total = TOTAL_LABEL[lang];
      if (report === 'daily') {
        const found = await daily(period);
        const cells = (row: DailyReport['totals']): CsvCell[] => [
          row.deposits,
          row.withdrawals,
          row.bets,
          row.wins,
          row.ggr,
          row.bonuses,
          row.adjustmentCredits,
          row.adjustmentDebits,
          row.adjustments,
          row.newMembers,
          row.activeMembers,
        ];
        for (const row of found.days) records.push([row.day, ...cells(row)]);
        records.push([total, ...cells(found.totals)]);
      } else if (report === 'games') {
        const found = await games(period);
        for (const row of found.list) {
          records.push([
            row.vendorCode,
            row.gameType,
            row.gameId,
            row.gameName,
            row.bets,
            row.stake,
            row.payout,
            row.ggr,
          ]);
        }
        const { bets, stake, payout, ggr } = found.totals;
        records.push([total, '', '', '', bets, stake, payout, ggr]);
      } else {
        const found = await promotions(period);
        for (const row of found.list) {
          records.push([
            row.promotionId,
            row.code,
            row.type,
            textIn(row.title, lang),
            row.claims,
            row.claimed,
            row.bonusPaid,
            row.turnoverRequired,
            row.turnoverDone,
          ]);
        }
        const { claims, claimed, bonusPaid, turnoverRequired, turnoverDone } = found.totals;
        records.push([total, '', '', '', claims, claimed, bonusPaid, turnoverRequired, turnoverDone]);
      }
      return deps.exports.document(actor, {
        action: 'report.export',
        name: 'report',
        filename: `report-${report}-${period.from}-${period.to}.csv`,
        filter: { report, from: period.from, to: period.to },
        lang,
        records,
      });
    },
  };
}
export type ReportService = ReturnType<typeof createReportService>;

/** The money figures of a day (or the period) as the API writes them. */
function dailyFigures(row: {
  deposits: bigint;
  withdrawals: bigint;
  bets: bigint;
  wins: bigint;
  bonuses: bigint;
  credits: bigint;
  debits: bigint;
}) {
  return {
    deposits: moneyNumber(row.deposits),
    withdrawals: moneyNumber(row.withdrawals),
    bets: moneyNumber(row.bets),
    wins: moneyNumber(row.wins),
    ggr: moneyNumber(row.bets - row.wins),
    bonuses: moneyNumber(row.bonuses),
    adjustmentCredits: moneyNumber(row.credits),
    adjustmentDebits: moneyNumber(row.debits),
    adjustments: moneyNumber(row.credits - row.debits),
  };
}
