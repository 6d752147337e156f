import { z } from 'zod';
import type { ApiTable } from '../api-call.ts';
import { SUPPORTED_LOCALES } from '../i18n.ts';
import { fromBeforeTo } from '../paging.ts';
import { betFilters } from './bets.ts';
import type { AdminCallRule } from './calls.ts';
import { memberFilters } from './members.ts';
import { depositFilters, withdrawalFilters } from './money.ts';
import { auditFilters } from './operators.ts';

/**
 * CSV exports of the back office's lists (docs/back-office.md, "Exports"): the whole list the filters
 * select, not only the page shown, written by the server page after page. The file is UTF-8 with a byte
 * order mark, RFC 4180; its header row in `lang`; times in the merchant's time zone with their offset
 * (`2030-03-05T09:00:00+07:00`); money in minor units as the reports' CSV writes it. A list longer than the
 * deployment's cap (`EXPORT_MAX_ROWS`, 100,000 rows by default) is refused with 400 EXPORT_TOO_LARGE
 * (`limit`, `total`): narrow the filters. Each export is audited with its filters and its row count.
 */

/** The cap's default: the most rows one export writes. */
export const EXPORT_MAX_ROWS = 100_000;

/** The language of the header row and of the words in cells (a status, a member type). */
export const exportLanguage = { lang: z.enum(SUPPORTED_LOCALES).default('vi') };

export const membersCsvQuery = z.object({ ...memberFilters, ...exportLanguage });
export const depositsCsvQuery = z.object({ ...depositFilters, ...exportLanguage }).refine(...fromBeforeTo);
export const withdrawalsCsvQuery = z
  .object({ ...withdrawalFilters, ...exportLanguage })
  .refine(...fromBeforeTo);
export const betsCsvQuery = z.object({ ...betFilters, ...exportLanguage }).refine(...fromBeforeTo);
export const auditCsvQuery = z.object({ ...auditFilters, ...exportLanguage }).refine(...fromBeforeTo);

/** Each is `text/csv; charset=utf-8` as an attachment, not an envelope (its failures are envelopes). */
export const adminExportCalls = {
  adminMembersCsv: {
    method: 'GET',
    path: '/api/admin/members/csv',
    moduleId: 'ADMIN',
    query: membersCsvQuery,
    raw: true,
  },
  adminDepositsCsv: {
    method: 'GET',
    path: '/api/admin/deposits/csv',
    moduleId: 'ADMIN',
    query: depositsCsvQuery,
    raw: true,
  },
  adminWithdrawalsCsv: {
    method: 'GET',
    path: '/api/admin/withdrawals/csv',
    moduleId: 'ADMIN',
    query: withdrawalsCsvQuery,
    raw: true,
  },
  adminBetsCsv: {
    method: 'GET',
    path: '/api/admin/bets/csv',
    moduleId: 'ADMIN',
    query: betsCsvQuery,
    raw: true,
  },
  adminAuditCsv: {
    method: 'GET',
    path: '/api/admin/audit/csv',
    moduleId: 'ADMIN',
    query: auditCsvQuery,
    raw: true,
  },
} as const satisfies ApiTable;

/** An export reads what its list reads. */
export const adminExportRules: Record<keyof typeof adminExportCalls, AdminCallRule> = {
  adminMembersCsv: { area: 'members', access: 'read' },
  adminDepositsCsv: { area: 'deposits', access: 'read' },
  adminWithdrawalsCsv: { area: 'withdrawals', access: 'read' },
  adminBetsCsv: { area: 'reports', access: 'read' },
  adminAuditCsv: { area: 'audit', access: 'read' },
};
