import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../shared/lib/api-client.ts';
import { fieldMessage } from '../../../shared/ui/form-field.tsx';

/**
 * Form messages are catalogue codes (shown in the current language from namespace `errors`) or
 * keys of the app's own texts (`auth.errors.*`): the shared field's reading of them.
 */
export const formMessage = fieldMessage;

/** Server names of fields that differ from the form's. */
const FIELD_ALIASES: Record<string, string> = { mobileNo: 'mobileNum', loginUsername: 'username' };

/**
 * A server failure naming one of the form's visible fields (`value.field`) goes to that field, with
 * the focus; answers true. Anything else is for the caller.
 */
export function mapServerFieldError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  visibleFields: readonly string[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  const raw = error.value?.field;
  if (typeof raw !== 'string') return false;
  const field = FIELD_ALIASES[raw] ?? raw;
  if (!visibleFields.includes(field)) return false;
  const code =
    error.code === 'INVALID_INPUT' && error.value?.reason === 'SAME_AS_OLD'
      ? 'auth.errors.samePassword'
      : error.code;
  setError(field as Path<T>, { type: 'server', message: code }, { shouldFocus: true });
  return true;
}
