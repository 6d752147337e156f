import { ERROR_CATALOGUE, type ErrorCode } from './errors.ts';
import { ERROR_MESSAGES } from './error-messages.ts';
import type { FailureEnvelope } from './envelope.ts';
import { localeFromAcceptLanguage } from './i18n.ts';

/**
 * A failure the caller can act on: a catalogue code (product.md §8) and, optionally, details for the client
 * (for example `{ captcha: true }` after a failed login). The servers' error handlers (the site's, the
 * sandboxes') turn it into the failure envelope with the catalogue's HTTP status and the message in the
 * caller's language.
 */
export class DomainError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    readonly value?: Record<string, unknown>,
  ) {
    super(code);
    this.name = 'DomainError';
    this.statusCode = ERROR_CATALOGUE[code].status;
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}

/** The failure envelope of a code, with the message in the language of the Accept-Language header. */
export function failureBody(
  code: ErrorCode,
  acceptLanguage: string | undefined,
  value?: Record<string, unknown>,
): FailureEnvelope {
  const message = ERROR_MESSAGES[localeFromAcceptLanguage(acceptLanguage)][code];
  return value === undefined ? { success: false, code, message } : { success: false, code, message, value };
}
