import { verifyField } from '@kl/contracts/verifier';
import { useEffect } from 'react';
import { useWatch, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { usernameTaken } from '../api/username-check.ts';

/** How long typing must pause before the name is asked about. */
export const USERNAME_CHECK_DELAY_MS = 400;
/** The error's type, so that only this check's message is taken back when the name changes. */
const TAKEN = 'taken';

/**
 * Asks the server whether the username being typed is free (product.md §2, Registration screen), once
 * typing pauses and the name has the right format: a taken name is said under the field before the form
 * is sent. An answer to a name since changed is dropped; a failed check says nothing (the registration
 * itself answers USERNAME_EXISTS).
 */
export function useUsernameCheck<T extends FieldValues>(form: UseFormReturn<T>, enabled: boolean) {
  const name = 'username' as Path<T>;
  const username = useWatch({ control: form.control, name }) as string | undefined;
  const { getFieldState, setError, clearErrors } = form;

  useEffect(() => {
    if (!enabled) return;
    if (getFieldState(name).error?.type === TAKEN) clearErrors(name);
    const checked = verifyField('username', username ?? '');
    if (!checked.ok || !checked.value) return;
    const value = checked.value;
    const aborted = new AbortController();
    const timer = setTimeout(() => {
      usernameTaken(value, aborted.signal).then(
        (taken) => {
          if (taken && !aborted.signal.aborted) setError(name, { type: TAKEN, message: 'USERNAME_EXISTS' });
        },
        () => undefined,
      );
    }, USERNAME_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      aborted.abort();
    };
  }, [enabled, username, name, getFieldState, setError, clearErrors]);
}
