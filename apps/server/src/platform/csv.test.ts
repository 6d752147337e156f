import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument } from './csv.ts';

describe('report CSV', () => {
  it('quotes what RFC 4180 asks to quote, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell('Thưởng nạp đầu')).toBe('Thưởng nạp đầu');
  });

  it('neutralises text a spreadsheet would run as a formula, not numbers', () => {
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('+84')).toBe("'+84");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('=A1,"x"')).toBe('"\'=A1,""x"""');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(0)).toBe('0');
  });

  it('starts with a byte order mark and ends every record with CRLF', () => {
    expect(
      csvDocument([
        ['a', 1],
        ['b', -2],
      ]),
    ).toBe('\uFEFFa,1\r\nb,-2\r\n');
  });
});
