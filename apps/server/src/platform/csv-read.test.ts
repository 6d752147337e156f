import { describe, expect, it } from 'vitest';
import { readCsv } from './csv-read.ts';

describe('reading CSV', () => {
  it('skips a byte order mark and blank lines, and takes CRLF or LF, quotes, commas and line breaks in quotes', () => {
    const reading = readCsv('\uFEFFa,b\r\n\r\n"x, ""y""",2\n"two\nlines",\n');
    expect(reading).toEqual({
      ok: true,
      records: [
        { line: 1, fields: ['a', 'b'] },
        { line: 3, fields: ['x, "y"', '2'] },
        { line: 4, fields: ['two\nlines', ''] },
      ],
    });
  });

  it('reads a last line without its line break, and says where a quote was left open', () => {
    expect(readCsv('a\nb,c')).toEqual({
      ok: true,
      records: [
        { line: 1, fields: ['a'] },
        { line: 2, fields: ['b', 'c'] },
      ],
    });
    expect(readCsv('a\n\n"open,\nmore')).toEqual({ ok: false, quoteOpenedOnLine: 3 });
  });
});
