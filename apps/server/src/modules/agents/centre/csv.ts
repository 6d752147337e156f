import type { KpiFigures, TeamReport } from '@kl/contracts/agents';
import type { Locale } from '@kl/contracts/i18n';
import { type CsvCell, csvDocument } from '../../../platform/csv.ts';

/**
 * The team report as CSV (docs/agents.md, "Team reports"): the header in the caller's language, a row
 * per period (empty periods too), then the totals; money in minor units of the currency.
 */

const HEADERS: Record<Locale, { columns: string[]; money: string[]; total: string }> = {
  vi: {
    columns: [
      'Kỳ',
      'Từ ngày',
      'Đến ngày',
      'Quy mô đội',
      'Thành viên mới',
      'Thành viên hoạt động',
      'Nạp lần đầu',
    ],
    money: [
      'Tiền nạp lần đầu',
      'Nạp tiền',
      'Rút tiền',
      'Doanh thu cược',
      'Thắng/thua của thành viên (GGR)',
      'Tiền thưởng',
      'Hoa hồng',
    ],
    total: 'Tổng',
  },
  en: {
    columns: ['Period', 'From', 'To', 'Team size', 'New members', 'Active members', 'First deposits'],
    money: [
      'First deposit amount',
      'Deposits',
      'Withdrawals',
      'Turnover',
      'Member win/loss (GGR)',
      'Bonuses',
      'Commission',
    ],
    total: 'Total',
  },
};

const cells = (figures: KpiFigures): CsvCell[] => [
  figures.teamSize,
  figures.newMembers,
  figures.activeMembers,
  figures.firstDeposits,
  figures.firstDepositAmount,
  figures.deposits,
  figures.withdrawals,
  figures.turnover,
  figures.ggr,
  figures.bonuses,
  figures.commission,
];

export function teamReportCsv(report: TeamReport, lang: Locale): string {
  const headers = HEADERS[lang];
  const records: CsvCell[][] = [
    [...headers.columns, ...headers.money.map((label) => `${label} (${report.currency})`)],
    ...report.rows.map((row) => [row.period, row.from, row.to, ...cells(row.figures)]),
    [headers.total, report.from, report.to, ...cells(report.totals)],
  ];
  return csvDocument(records);
}
