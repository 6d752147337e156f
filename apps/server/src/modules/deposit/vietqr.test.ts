import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { qrSvg, svgDataUrl } from '../../platform/qr-svg.ts';
import { crc16Ccitt, parseEmvFields, vietQrPayload } from './vietqr.ts';

/** Paints the SVG's modules (its one path of unit squares) into RGBA pixels, as a screen would show them. */
function rasterise(svg: string, scale = 4) {
  const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]);
  const path = /<path fill="#000" d="([^"]*)"/.exec(svg)?.[1] ?? '';
  const width = size * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y] of path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy += 1) {
      for (let dx = 0; dx < scale; dx += 1) {
        const offset = ((Number(y) * scale + dy) * width + Number(x) * scale + dx) * 4;
        pixels.set([0, 0, 0, 255], offset);
      }
    }
  }
  return { pixels, width };
}

describe('VietQR payload', () => {
  it('computes CRC-16/CCITT-FALSE (check value of "123456789" is 29B1)', () => {
    expect(crc16Ccitt('123456789')).toBe('29B1');
    expect(crc16Ccitt('')).toBe('FFFF');
  });

  it('lays out a dynamic transfer to an account the way NAPAS reads it', () => {
    const payload = vietQrPayload({
      bankBin: '970436',
      accountNumber: '1012345678',
      amount: 250_000,
      purpose: 'KLAB23CD45',
    });
    const fields = parseEmvFields(payload);
    expect([...fields.keys()]).toEqual(['00', '01', '38', '53', '54', '58', '62', '63']);
    expect(fields.get('00')).toBe('01');
    expect(fields.get('01')).toBe('12');
    const account = parseEmvFields(fields.get('38') ?? '');
    expect(account.get('00')).toBe('A000000727');
    expect(account.get('02')).toBe('QRIBFTTA');
    const beneficiary = parseEmvFields(account.get('01') ?? '');
    expect(Object.fromEntries(beneficiary)).toEqual({ '00': '970436', '01': '1012345678' });
    expect(fields.get('53')).toBe('704');
    expect(fields.get('54')).toBe('250000');
    expect(fields.get('58')).toBe('VN');
    expect(parseEmvFields(fields.get('62') ?? '').get('08')).toBe('KLAB23CD45');
    // The CRC covers everything up to and including "6304".
    expect(payload.slice(-4)).toBe(crc16Ccitt(payload.slice(0, -4)));
    expect(payload).toMatch(/6304[0-9A-F]{4}$/);
  });

  it('is static (01 = 11) without an amount and refuses fields it cannot carry', () => {
    const fields = parseEmvFields(vietQrPayload({ bankBin: '970436', accountNumber: '1012345678' }));
    expect(fields.get('01')).toBe('11');
    expect(fields.has('54')).toBe(false);
    expect(() => vietQrPayload({ bankBin: '97043', accountNumber: '1' })).toThrow();
    expect(() => vietQrPayload({ bankBin: '970436', accountNumber: '1', purpose: 'Tiền nạp' })).toThrow();
    expect(() => vietQrPayload({ bankBin: '970436', accountNumber: '1', amount: 0 })).toThrow();
  });
});

describe('QR code as SVG', () => {
  it('scans back to the exact payload', () => {
    const payload = vietQrPayload({
      bankBin: '970436',
      accountNumber: '1012345678',
      amount: 1_500_000,
      purpose: 'KLZX98WV76',
    });
    const svg = qrSvg(payload, 'VietQR <deposit>');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('<title>VietQR &#60;deposit&#62;</title>');
    const { pixels, width } = rasterise(svg);
    expect(jsQR(pixels, width, width)?.data).toBe(payload);
  });

  it('makes a data URL of the SVG', () => {
    const url = svgDataUrl('<svg/>');
    expect(url).toBe(`data:image/svg+xml;base64,${Buffer.from('<svg/>').toString('base64')}`);
  });
});
