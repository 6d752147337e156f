import type { Locale } from '@kl/contracts/i18n';
import type { Clock } from '../../../platform/clock.ts';
import { type CsvCell, csvChunks, csvDocument } from '../../../platform/csv.ts';
import { DomainError } from '../../../platform/errors.ts';
import { zoneDateTime } from '../../../platform/time-zone.ts';
import type { AuditActor, AuditLog } from '../audit.ts';

/**
 * The back office's CSV exports (docs/back-office.md, "Exports"): one writer for every list and report.
 * A list is counted first — past the deployment's cap it is refused (400 EXPORT_TOO_LARGE with `limit`
 * and `total`) before anything is written — then the export is audited with the operator's filters and the
 * count, then its rows are read page after page (EXPORT_PAGE_ROWS at a time, each page after the last
 * row of the one before) and written as they come, so a long list is never held whole. The cells are
 * platform/csv.ts's: a BOM, RFC 4180 quoting, and a text cell a spreadsheet would run as a formula
 * neutralised with a leading `'`.
 */

/** Rows read from the database at a time. */
export const EXPORT_PAGE_ROWS = 500;

/** How a cell is written: the words in the operator's language, times in the merchant's time zone. */
export interface CellFormat {
  lang: Locale;
  /** `2030-03-05T09:00:00+07:00`; an empty cell for none. */
  time: (at: Date | string | null) => string;
}

/** One column: its title in each language, and its cell of a row. */
export interface CsvColumn<Row> {
  title: Readonly<Record<Locale, string>>;
  cell: (row: Row, format: CellFormat) => CsvCell;
}

/** A list to export: what the audit keeps, its columns, how many rows, and its rows page after page. */
export interface ListExport<Row> {
  /** The audit action: `member.export`, `deposit.export`… */
  action: string;
  /** The file's name, before its time and `.csv`; also the audit row's target type. */
  name: string;
  /** The query the operator exported the list with: the audit keeps its filters (its `lang` apart). */
  filter: object;
  columns: readonly CsvColumn<Row>[];
  count: () => Promise<number>;
  /** Up to `limit` rows in the list's order: the first ones, or those after `after`. */
  rows: (after: Row | undefined, limit: number) => Promise<readonly Row[]>;
}

/** What the routes send: the attachment's name, and its text whole or chunk after chunk. */
export interface CsvFile {
  filename: string;
  body: string | AsyncIterable<string>;
}

export function createCsvExports(deps: {
  audit: AuditLog;
  clock: Clock;
  /** The most rows an export writes (`EXPORT_MAX_ROWS`). */
  maxRows: number;
  /** The merchant's time zone, read at each export (an operator may change it). */
  timeZone: () => Promise<string>;
}) {
  const { audit, clock, maxRows } = deps;

  /** `members-20300305-090000.csv`: the name and the merchant's wall clock now. */
  const fileName = (name: string, zone: string) =>
    `${name}-${zoneDateTime(clock(), zone).slice(0, 19).replace(/-|:/g, '').replace('T', '-')}.csv`;

  async function* pages<Row>(spec: ListExport<Row>, format: CellFormat) {
    let after: Row | undefined;
    for (let written = 0; written < maxRows;) {
      const limit = Math.min(EXPORT_PAGE_ROWS, maxRows - written);
      const rows = await spec.rows(after, limit);
      yield rows.map((row) => spec.columns.map((column) => column.cell(row, format)));
      written += rows.length;
      if (rows.length < limit) return;
      after = rows.at(-1);
    }
  }

  return {
    /** The whole list as CSV, written as it is read; refused past the cap; audited before it is written. */
    async list<Row>(actor: AuditActor, lang: Locale, spec: ListExport<Row>): Promise<CsvFile> {
      const total = await spec.count();
      if (total > maxRows) throw new DomainError('EXPORT_TOO_LARGE', { limit: maxRows, total });
      const zone = await deps.timeZone();
      const format: CellFormat = {
        lang,
        time: (at) => (at === null ? '' : zoneDateTime(new Date(at), zone)),
      };
      await audit.record(actor, {
        action: spec.action,
        targetType: spec.name,
        after: { filter: withoutEmpty(spec.filter), lang, rows: total, timeZone: zone },
      });
      return {
        filename: fileName(spec.name, zone),
        body: csvChunks(
          spec.columns.map((column) => column.title[lang]),
          pages(spec, format),
        ),
      };
    },

    /** A document made whole (a report, its rows and total), audited like a list. */
    async document(
      actor: AuditActor,
      spec: {
        action: string;
        name: string;
        filename: string;
        filter: object;
        lang: Locale;
        records: readonly (readonly CsvCell[])[];
      },
    ): Promise<CsvFile> {
      await audit.record(actor, {
        action: spec.action,
        targetType: spec.name,
        after: { filter: withoutEmpty(spec.filter), lang: spec.lang },
      });
      return { filename: spec.filename, body: csvDocument(spec.records) };
    },
  };
}
export type CsvExports = ReturnType<typeof createCsvExports>;

/** The filters of a query, without its language and those left empty. */
function withoutEmpty(query: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(query).filter(([key, value]) => key !== 'lang' && value !== undefined && value !== ''),
  );
}
