/** Interface languages (product.md §9). Vietnamese is the default; VI and EN are complete. */
export const LANGUAGES = [
  { code: 'VI', tag: 'vi', nativeName: 'Tiếng Việt', complete: true },
  { code: 'EN', tag: 'en', nativeName: 'English', complete: true },
  { code: 'CN', tag: 'zh-CN', nativeName: '简体中文', complete: false },
  { code: 'TW', tag: 'zh-TW', nativeName: '繁體中文', complete: false },
  { code: 'JA', tag: 'ja', nativeName: '日本語', complete: false },
  { code: 'KO', tag: 'ko', nativeName: '한국어', complete: false },
  { code: 'TH', tag: 'th', nativeName: 'ไทย', complete: false },
  { code: 'MY', tag: 'my', nativeName: 'မြန်မာ', complete: false },
  { code: 'KM', tag: 'km', nativeName: 'ខ្មែរ', complete: false },
  { code: 'ID', tag: 'id', nativeName: 'Bahasa Indonesia', complete: false },
  { code: 'MS', tag: 'ms', nativeName: 'Bahasa Melayu', complete: false },
  { code: 'ES', tag: 'es', nativeName: 'Español', complete: false },
  { code: 'PT', tag: 'pt', nativeName: 'Português', complete: false },
  { code: 'HI', tag: 'hi', nativeName: 'हिन्दी', complete: false },
  { code: 'TA', tag: 'ta', nativeName: 'தமிழ்', complete: false },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

/** Languages the site can be shown in today. */
export const SUPPORTED_LOCALES = ['vi', 'en'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'vi';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/** Picks the supported locale of an Accept-Language header, or the default. */
export function localeFromAcceptLanguage(header: string | undefined | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  const tags = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((entry) => entry.tag && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    const primary = tag.split('-')[0];
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}
