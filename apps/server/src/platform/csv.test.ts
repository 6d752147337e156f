import { describe, expect, it } from 'vitest';
import { csvCell, csvChunks, csvDocument } from './csv.ts';

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

  it('writes a long document a batch at a time, the header first, the same as a whole document', async () => {
    async function* batches() {
      yield [['=a', 1]];
      yield [];
      yield [
        ['b,c', -2],
        ['Thưởng', 3],
      ];
    }
    const chunks: string[] = [];
    for await (const chunk of csvChunks(['Name', 'Amount (VND)'], batches())) chunks.push(chunk);
    expect(chunks).toEqual(['\uFEFFName,Amount (VND)\r\n', "'=a,1\r\n", '"b,c",-2\r\nThưởng,3\r\n']);
    expect(chunks.join('')).toBe(
      csvDocument([
        ['Name', 'Amount (VND)'],
        ['=a', 1],
        ['b,c', -2],
        ['Thưởng', 3],
      ]),
    );
  });
});
