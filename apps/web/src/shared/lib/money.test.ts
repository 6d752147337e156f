import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';

describe('formatMoney', () => {
  it('shows đồng without decimals, grouped for the language', () => {
    expect(formatMoney(1_234_567, 'VND', 'vi').replace(/\s/g, ' ')).toBe('1.234.567 ₫');
    expect(formatMoney(1_234_567, 'VND', 'en')).toBe('₫1,234,567');
  });

  it('divides by the currency minor unit', () => {
    expect(formatMoney(123_456, 'USD', 'en')).toBe('$1,234.56');
  });
});
