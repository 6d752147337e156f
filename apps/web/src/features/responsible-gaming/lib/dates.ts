/** A date and time in the language's own way (for example `21 Nov 2026, 14:05` in English), or null. */
export function formatDateTime(iso: string, language: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
