/**
 * The countries an operator picks from: every ISO 3166 alpha-2 region the browser can name (its
 * `Intl.DisplayNames`), named in the language of the page, sorted by name. Codes that name groups
 * rather than countries (the European Union, the United Nations, the eurozone, outlying Oceania,
 * unknown) are left out. A code already chosen is always offered, named by its code when unknown.
 */

const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'ZZ']);
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export interface CountryOption {
  value: string;
  label: string;
}

const cache = new Map<string, CountryOption[]>();

function namesIn(language: string): CountryOption[] {
  const known = cache.get(language);
  if (known) return known;
  const names = new Intl.DisplayNames([language === 'vi' ? 'vi' : 'en'], {
    type: 'region',
    fallback: 'code',
  });
  const options: CountryOption[] = [];
  for (const first of LETTERS) {
    for (const second of LETTERS) {
      const code = `${first}${second}`;
      // X? are private use; the ones the browser cannot name come back as the code itself.
      if (first === 'X' || NOT_COUNTRIES.has(code)) continue;
      const name = names.of(code);
      if (name && name !== code) options.push({ value: code, label: `${name} (${code})` });
    }
  }
  options.sort((a, b) => a.label.localeCompare(b.label, language));
  cache.set(language, options);
  return options;
}

/** The options of the countries select, with the chosen codes among them. */
export function countryOptions(language: string, chosen: readonly string[] = []): CountryOption[] {
  const options = namesIn(language);
  const missing = chosen.filter((code) => !options.some((option) => option.value === code));
  return missing.length === 0
    ? options
    : [...missing.map((code) => ({ value: code, label: code })), ...options];
}
