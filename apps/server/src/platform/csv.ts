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

/** One record: its cells separated by commas, ended by CRLF. */
export function csvRecord(record: readonly CsvCell[]): string {
  return `${record.map(csvCell).join(',')}\r\n`;
}

/** The document: BOM, then each record on its own CRLF-terminated line. */
export function csvDocument(records: readonly (readonly CsvCell[])[]): string {
  return CSV_BOM + records.map(csvRecord).join('');
}

/**
 * The document as it is written, a chunk at a time: the BOM and the header first, then each batch of
 * records as it comes, so that a long list is never held whole.
 */
export async function* csvChunks(
  header: readonly CsvCell[],
  batches: AsyncIterable<readonly (readonly CsvCell[])[]>,
): AsyncGenerator<string> {
  yield CSV_BOM + csvRecord(header);
  for await (const records of batches) {
    if (records.length > 0) yield records.map(csvRecord).join('');
  }
}
