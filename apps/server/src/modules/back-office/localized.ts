import type { LocalizedText } from '@kl/contracts/content';

/** A text as an operator writes it in a back-office form: Vietnamese, and English when written. */
export type TextInput = { vi: string; en?: string | undefined };

/** Vietnamese, and English when written (an empty one falls back to Vietnamese, like a missing one). */
export const localized = (text: TextInput): LocalizedText =>
  text.en ? { vi: text.vi, en: text.en } : { vi: text.vi };
