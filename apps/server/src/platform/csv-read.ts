import { CSV_BOM } from './csv.ts';

/**
 * Reading CSV as spreadsheet apps write it (RFC 4180): fields separated by commas, records by CRLF or LF,
 * a field in double quotes may hold commas, line breaks and doubled quotes. A byte order mark first is
 * skipped. Each record says on which line of the text it starts, for reports that name lines.
 */

export interface CsvRecord {
  /** The line of the text the record starts on (1 first). */
  line: number;
  fields: string[];
}

export type CsvReading =
  | { ok: true; records: CsvRecord[] }
  /** A quoted field not closed before the end of the text: the line it opened on. */
  | { ok: false; quoteOpenedOnLine: number };

export function readCsv(text: string): CsvReading {
  const body = text.startsWith(CSV_BOM) ? text.slice(CSV_BOM.length) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let index = 0;
  const endRecord = () => {
    fields.push(field);
    // A line with nothing on it is not a record (a blank line, or the end of the last line).
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  while (index < body.length) {
    const char = body[index] as string;
    if (char === '"' && field === '') {
      const opened = line;
      index += 1;
      for (;;) {
        if (index >= body.length) return { ok: false, quoteOpenedOnLine: opened };
        const inner = body[index] as string;
        if (inner === '"') {
          if (body[index + 1] === '"') {
            field += '"';
            index += 2;
            continue;
          }
          index += 1;
          break;
        }
        if (inner === '\n') line += 1;
        field += inner;
        index += 1;
      }
      continue;
    }
    if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\r' && body[index + 1] === '\n') {
      // CRLF: the LF ends the record.
    } else if (char === '\n') {
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      field += char;
    }
    index += 1;
  }
  if (field !== '' || fields.length > 0) endRecord();
  return { ok: true, records };
}
