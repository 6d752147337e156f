/**
 * Money and counts as the site and the back office show them (docs/product.md §4): amounts are held in
 * integer minor units and shown in the currency's own way for the language, with its own minor digits
 * (VND has none: 1,234,567 đồng is `1.234.567 ₫` in Vietnamese and `₫1,234,567` in English), never with
 * made-up decimals. Formatters are made once per language and currency, and kept.
 */
const formatters = new Map<string, Intl.NumberFormat>();

/** The currency's formatter for the language: with the currency's minor digits, or none (`wholeUnits`). */
export function currencyFormatter(locale: string, currency: string, wholeUnits = false): Intl.NumberFormat {
  const key = `${locale}|${currency}|${wholeUnits ? 'whole' : 'minor'}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(
      locale,
      wholeUnits
        ? { style: 'currency', currency, minimumFractionDigits: 0, maximumFractionDigits: 0 }
        : { style: 'currency', currency },
    );
    formatters.set(key, formatter);
  }
  return formatter;
}

/** How many minor digits the currency has (VND none): what an amount typed in whole units is multiplied by. */
export function minorDigits(currency: string): number {
  return currencyFormatter('en', currency).resolvedOptions().maximumFractionDigits ?? 0;
}

/** The thousands separator of the site's two languages, as Intl groups a number in each. */
const GROUP_SEPARATORS: Readonly<Record<string, string>> = { vi: '.', en: ',' };

/** A whole number's sign (minus zero's too, as Intl writes it) and its digits grouped by threes. */
function signedDigits(value: number, separator: string): { sign: string; digits: string } {
  const whole = String(Math.abs(value));
  let digits = '';
  for (let end = whole.length; end > 0; end -= 3) {
    const part = whole.slice(Math.max(0, end - 3), end);
    digits = digits === '' ? part : `${part}${separator}${digits}`;
  }
  return { sign: value < 0 || Object.is(value, -0) ? '-' : '', digits };
}

/** Where Intl puts the đồng sign in the site's two languages (vi `1.234.567 ₫`, en `₫1,234,567`). */
const WHOLE_DONG: Readonly<Record<string, (sign: string, digits: string) => string>> = {
  vi: (sign, digits) => `${sign}${digits}\u00a0₫`,
  en: (sign, digits) => `${sign}₫${digits}`,
};

/**
 * A whole amount of the currency (no minor digits shown) in the currency's way for the language. Đồng in
 * Vietnamese or English is written here, as Intl writes it (money.test.ts compares the two), not by Intl:
 * a page's first Intl number or date format loads the locale's data, 20–70 ms of main thread on a phone,
 * and the balance every member's page shows at once need not pay for it (docs/performance.md).
 */
export function formatWholeUnits(value: number, currency: string, locale: string): string {
  const write = currency === 'VND' && Number.isSafeInteger(value) ? WHOLE_DONG[locale] : undefined;
  const separator = GROUP_SEPARATORS[locale];
  if (!write || separator === undefined) return currencyFormatter(locale, currency, true).format(value);
  const { sign, digits } = signedDigits(value, separator);
  return write(sign, digits);
}

/** An amount in integer minor units, in the currency's way for the language; negative amounts keep their sign. */
export function formatMoney(minorUnits: number, currency: string, locale: string): string {
  // Đồng has no minor unit (MONEY_DECIMALS): the amount is whole đồng.
  if (currency === 'VND') return formatWholeUnits(minorUnits, currency, locale);
  return currencyFormatter(locale, currency).format(minorUnits / 10 ** minorDigits(currency));
}

/**
 * A count with the language's thousands separators; a whole number in Vietnamese or English is grouped
 * here, as Intl groups it (money.test.ts compares the two), without loading Intl's locale data.
 */
export function formatCount(value: number, locale: string): string {
  const separator = Number.isSafeInteger(value) ? GROUP_SEPARATORS[locale] : undefined;
  if (separator === undefined) return new Intl.NumberFormat(locale).format(value);
  const { sign, digits } = signedDigits(value, separator);
  return `${sign}${digits}`;
}
