import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, messageFor } from '../../../shared/lib/api-client.ts';
import { toast } from '../../../shared/ui/toast.ts';

/**
 * Sends a form of the profile: its success said in a toast (`saved`, or made of the answer), a refusal
 * naming one of the form's `fields` shown under it (with the focus), any other one in a toast.
 */
export async function saveField<T extends FieldValues, R>(
  save: () => Promise<R>,
  saved: string | ((answer: R) => string),
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
) {
  try {
    const answer = await save();
    void toast.success(typeof saved === 'string' ? saved : saved(answer));
  } catch (error) {
    const field = error instanceof ApiError ? fields.find((name) => name === error.value?.field) : undefined;
    if (error instanceof ApiError && field !== undefined) {
      setError(field, { type: 'server', message: error.code }, { shouldFocus: true });
    } else {
      void toast.error(messageFor(error));
    }
  }
}
