/** The text with LIKE's own characters (`%`, `_` and the escape `\`) taken literally. */
export const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** A LIKE pattern matching what starts with the text (used with ILIKE: a prefix in any case). */
export const prefixPattern = (text: string): string => `${likeLiteral(text)}%`;
