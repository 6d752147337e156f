/** A text of a form in both languages: Vietnamese, and English (empty when there is none). */
export interface LocalizedValues {
  vi: string;
  en?: string;
}

/** A text of the API as its form fields show it: no English is an empty field. */
export function localizedValuesOf(text: { vi: string; en?: string | undefined }): LocalizedValues {
  return { vi: text.vi, en: text.en ?? '' };
}

/** A text of a form as it is sent: both trimmed, English left empty left out (it falls back to Vietnamese). */
export function localizedRequestOf(text: LocalizedValues): { vi: string; en?: string } {
  const en = text.en?.trim();
  return { vi: text.vi.trim(), ...(en ? { en } : {}) };
}
