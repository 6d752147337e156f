import type { ErrorCode } from './errors.ts';
import { ERROR_MESSAGES_EN } from './error-messages-en.ts';
import { ERROR_MESSAGES_VI } from './error-messages-vi.ts';

/**
 * Localised text of every catalogue code. The server puts the text of the caller's language in
 * `message`; the web app loads the same texts into i18n (namespace `errors`), so the two never drift.
 * Each language is a module of its own: the browser downloads only the language it shows.
 */
export const ERROR_MESSAGES: Record<'vi' | 'en', Record<ErrorCode, string>> = {
  vi: ERROR_MESSAGES_VI,
  en: ERROR_MESSAGES_EN,
};
