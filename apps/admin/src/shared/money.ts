const formatters = new Map<string, Intl.NumberFormat>();

function formatterOf(language: string, currency: string): Intl.NumberFormat {
  const key = `${language}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(language === 'vi' ? 'vi-VN' : 'en-US', { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * An amount in integer minor units, in the currency's own way for the language, with thousands
 * separators: VND has no minor digits, so 1234567 is `1.234.567 ₫` in Vietnamese and `₫1,234,567` in
 * English. Negative amounts keep their sign.
 */
export function formatMoney(minorUnits: number, currency: string, language: string): string {
  const formatter = formatterOf(language, currency);
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 0;
  return formatter.format(minorUnits / 10 ** digits);
}

/** A count with thousands separators. */
export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(language === 'vi' ? 'vi-VN' : 'en-US').format(value);
}

/** How many minor digits the currency has (VND none): what an amount typed in whole units is multiplied by. */
export function minorDigits(currency: string): number {
  return formatterOf('en', currency).resolvedOptions().maximumFractionDigits ?? 0;
}
