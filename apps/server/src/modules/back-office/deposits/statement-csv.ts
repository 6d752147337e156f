import { STATEMENT_MAX_LINES } from '@kl/contracts/admin/payments';
import { DomainError } from '../../../platform/errors.ts';

/**
 * A bank statement as CSV (docs/back-office.md, "Bank statements"): UTF-8 with or without a byte order
 * mark, fields separated by commas and quoted as RFC 4180 says, one line per record (CRLF or LF). Its
 * columns are, in order, the date, the amount, the description and the bank's transaction id; a first row
 * whose date and amount are not a date and an amount is a header and is skipped.
 */

export type StatementProblem = 'COLUMNS' | 'DATE' | 'AMOUNT' | 'DESCRIPTION' | 'TRANSACTION_ID';

export type StatementRecord =
  | {
      lineNo: number;
      ok: true;
      /** YYYY-MM-DD. */
      date: string;
      /** Whole đồng; money in is positive. */
      amount: bigint;
      description: string;
      transactionId: string | null;
    }
  | { lineNo: number; ok: false; problem: StatementProblem; fields: string[] };

/** Splits CSV text into records, each with the number of the line it starts on. */
export function csvRecords(text: string): { lineNo: number; fields: string[] }[] {
  const records: { lineNo: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let touched = false;
  const endRecord = () => {
    fields.push(field);
    if (touched || fields.length > 1 || field !== '') records.push({ lineNo: start, fields });
    fields = [];
    field = '';
    touched = false;
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index += 1;
        } else quoted = false;
      } else {
        if (char === '\n') line += 1;
        field += char;
      }
    } else if (char === '"' && field === '') {
      quoted = true;
      touched = true;
    } else if (char === ',') {
      fields.push(field);
      field = '';
      touched = true;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      endRecord();
      line += 1;
      start = line;
    } else {
      field += char;
    }
  }
  if (field !== '' || fields.length > 0 || touched) endRecord();
  return records;
}

/** YYYY-MM-DD or DD/MM/YYYY (a time after it is ignored), a real day; null otherwise. */
export function statementDate(text: string): string | null {
  const value = text.trim().split(/[ T]/)[0] ?? '';
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const local = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : local
      ? [Number(local[3]), Number(local[2]), Number(local[1])]
      : [0, 0, 0];
  if (year === 0) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return date.toISOString().slice(0, 10);
}

/**
 * Whole đồng, signed: `1500000`, `1.500.000`, `1,500,000`, `+1500000`, `-20000`, with `.00` after it at
 * most; null otherwise.
 */
export function statementAmount(text: string): bigint | null {
  const value = text.trim().replace(/\s/g, '');
  const match = /^([+-]?)(\d{1,3}(?:[.,]\d{3})+|\d+)(?:[.,]0{1,2})?$/.exec(value);
  if (!match) return null;
  const digits = (match[2] ?? '').replace(/[.,]/g, '');
  if (digits.length > 15) return null;
  const amount = BigInt(digits);
  return match[1] === '-' ? -amount : amount;
}

const TRANSACTION_ID = /^[\x21-\x7e]{1,64}$/;

/** Parses a statement's text into its records (the header skipped); too many lines: INVALID_INPUT. */
export function parseStatement(content: string): StatementRecord[] {
  const text = content.startsWith('\uFEFF') ? content.slice(1) : content;
  const records = csvRecords(text);
  const first = records[0];
  if (
    first &&
    statementDate(first.fields[0] ?? '') === null &&
    statementAmount(first.fields[1] ?? '') === null
  ) {
    records.shift();
  }
  if (records.length > STATEMENT_MAX_LINES) {
    throw new DomainError('INVALID_INPUT', {
      field: 'content',
      reason: 'TOO_MANY_LINES',
      max: STATEMENT_MAX_LINES,
    });
  }
  return records.map(({ lineNo, fields }): StatementRecord => {
    const bad = (problem: StatementProblem): StatementRecord => ({ lineNo, ok: false, problem, fields });
    if (fields.length < 3 || fields.length > 4) return bad('COLUMNS');
    const [dateText = '', amountText = '', descriptionText = '', idText = ''] = fields;
    const date = statementDate(dateText);
    if (date === null) return bad('DATE');
    const amount = statementAmount(amountText);
    if (amount === null) return bad('AMOUNT');
    const description = descriptionText.trim().replace(/\s+/g, ' ');
    if (description.length === 0 || description.length > 500) return bad('DESCRIPTION');
    const transactionId = idText.trim();
    if (transactionId !== '' && !TRANSACTION_ID.test(transactionId)) return bad('TRANSACTION_ID');
    return { lineNo, ok: true, date, amount, description, transactionId: transactionId || null };
  });
}

/** The order reference codes (docs: `KL` and 8 letters or digits) a description names, in order. */
export function referenceCodesIn(description: string): string[] {
  const found = description.toUpperCase().match(/(?<![A-Z0-9])KL[A-HJ-NP-Z2-9]{8}(?![A-Z0-9])/g);
  return found ? [...new Set(found)] : [];
}
