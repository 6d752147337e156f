import { ApiError, messageFor } from '../../../shared/lib/api-client.ts';
import { i18n } from '../../../shared/lib/i18n.ts';
import { formatDateTime } from './dates.ts';

/**
 * The text of a refusal because of a time-out or a self-exclusion (ACCOUNT_TIMED_OUT /
 * ACCOUNT_SELF_EXCLUDED), with its end in the current language; null for any other error. Kept free of
 * zod: the login screen uses it.
 */
export function exclusionRefusalText(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code !== 'ACCOUNT_TIMED_OUT' && error.code !== 'ACCOUNT_SELF_EXCLUDED') return null;
  const endsAt = error.value?.endsAt;
  const date = typeof endsAt === 'string' ? formatDateTime(endsAt, i18n.language) : null;
  if (date === null) return messageFor(error);
  const key = error.code === 'ACCOUNT_TIMED_OUT' ? 'timedOut' : 'selfExcluded';
  return i18n.t(`responsibleGaming.refusal.${key}`, { date });
}
