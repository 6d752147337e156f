import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { formatCount, formatMoney, formatWholeUnits, minorDigits } from './money.ts';

describe('formatMoney', () => {
  it('shows đồng without decimals, grouped for the language', () => {
    expect(formatMoney(1_234_567, 'VND', 'vi').replace(/\s/g, ' ')).toBe('1.234.567 ₫');
    expect(formatMoney(1_234_567, 'VND', 'en')).toBe('₫1,234,567');
  });

  it('divides by the currency minor unit', () => {
    expect(formatMoney(123_456, 'USD', 'en')).toBe('$1,234.56');
  });

  it('keeps the sign of a negative amount', () => {
    expect(formatMoney(-50_000, 'VND', 'en')).toBe('-₫50,000');
  });
});

describe('minorDigits and formatCount', () => {
  it('knows each currency’s minor digits', () => {
    expect(minorDigits('VND')).toBe(0);
    expect(minorDigits('USD')).toBe(2);
  });

  it('groups a count for the language', () => {
    expect(formatCount(1_234_567, 'vi')).toBe('1.234.567');
    expect(formatCount(1_234_567, 'en')).toBe('1,234,567');
  });

  it('groups whole counts in Vietnamese and English exactly as Intl does, without it', () => {
    const counts = [0, -0, 5, -5, 999, 1_234, -1_234, 12_345, 1_234_567, Number.MAX_SAFE_INTEGER];
    const expected = Object.fromEntries(
      ['vi', 'en'].map((locale) => [
        locale,
        counts.map((count) => new Intl.NumberFormat(locale).format(count)),
      ]),
    );
    const made = vi.spyOn(Intl, 'NumberFormat');
    onTestFinished(() => made.mockRestore());
    for (const locale of ['vi', 'en'])
      expect(counts.map((count) => formatCount(count, locale))).toEqual(expected[locale]);
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
    expect(formatCount(1_234.5, 'en')).toBe('1,234.5');
  });
});

describe('formatWholeUnits', () => {
  /** Amounts of every length and sign, zero and minus zero, the largest a ledger moves and beyond. */
  const amounts = [0, -0, 1, -1, 12, 999, 1_000, -1_000, 12_345, 999_999, 1_000_000, -1_234_567];
  for (let digits = 1; digits <= 16; digits += 1)
    amounts.push(Number('9'.repeat(digits)), -Number('1'.repeat(digits)));
  amounts.push(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER);

  it('writes đồng in Vietnamese and English exactly as Intl does', () => {
    for (const locale of ['vi', 'en']) {
      const intl = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: 'VND',
        minimumFractionDigits: 0,
        maximumFractionDigits: 0,
      });
      for (const amount of amounts) {
        expect(formatWholeUnits(amount, 'VND', locale), `${amount} in ${locale}`).toBe(intl.format(amount));
        expect(formatMoney(amount, 'VND', locale), `${amount} in ${locale}`).toBe(intl.format(amount));
      }
    }
  });

  it('makes no Intl number format for đồng (a page’s first one loads the locale data)', () => {
    const made = vi.spyOn(Intl, 'NumberFormat');
    onTestFinished(() => made.mockRestore());
    expect(formatWholeUnits(1_234_567, 'VND', 'en')).toBe('₫1,234,567');
    expect(formatMoney(-50_000, 'VND', 'vi')).toBe('-50.000\u00a0₫');
    expect(made).not.toHaveBeenCalled();
  });

  it('leaves other currencies, languages and amounts that are not whole to Intl', () => {
    expect(formatWholeUnits(1_234, 'USD', 'en')).toBe('$1,234');
    expect(formatWholeUnits(1_234_567, 'VND', 'fr')).toBe(
      new Intl.NumberFormat('fr', { style: 'currency', currency: 'VND', maximumFractionDigits: 0 }).format(
        1_234_567,
      ),
    );
    expect(formatWholeUnits(1.5, 'VND', 'en')).toBe('₫2');
  });
});
