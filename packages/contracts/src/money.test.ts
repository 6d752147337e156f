import { describe, expect, it } from 'vitest';
import { formatCount, formatMoney, minorDigits } from './money.ts';

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
});
