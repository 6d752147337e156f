/**
 * Name search without extensions: names are kept lower-cased without diacritics (`name_search`) with
 * their trigrams (`name_trigrams`, GIN-indexed). A search of three characters or more first asks the
 * index for the games holding every trigram of the query, then LIKE checks the candidates; shorter
 * searches use LIKE alone on what the other filters leave. This works the same on PGlite and PostgreSQL
 * (pg_trgm is not needed).
 */

/** Lower case, no diacritics (đ → d), single spaces. */
export function searchableName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/gi, 'd')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The distinct three-character pieces of an already searchable text. */
export function trigramsOf(text: string): string[] {
  const grams = new Set<string>();
  for (let index = 0; index + 3 <= text.length; index += 1) grams.add(text.slice(index, index + 3));
  return [...grams];
}

/** A LIKE pattern that matches `text` anywhere, with LIKE's wildcards escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
