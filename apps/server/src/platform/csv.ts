/**
 * CSV as spreadsheet apps read it (RFC 4180): fields separated by commas, records by CRLF, a field holding
 * a comma, a quote or a line break quoted with its quotes doubled, and a byte order mark first so that
 * Vietnamese text opens as UTF-8.
 *
 * A text cell that a spreadsheet would take for a formula (starting with `=`, `+`, `-`, `@`, a tab or a
 * carriage return) gets a leading `'`, so that opening a report never runs what a member or an operator
 * wrote into a name or a title (CSV injection). Numbers are written as they are (a negative figure stays a
 * number).
 */

export type CsvCell = string | number;

export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvCell): string {
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The document: BOM, then each record on its own CRLF-terminated line. */
export function csvDocument(records: readonly (readonly CsvCell[])[]): string {
  return CSV_BOM + records.map((record) => `${record.map(csvCell).join(',')}\r\n`).join('');
}
