import { useEffect } from 'react';
import { useWatch, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';

/**
 * product.md §5: changing a password checks its confirmation again, once the confirmation has been typed.
 */
export function useRevalidatedConfirmation<T extends FieldValues>(
  { control, getFieldState, trigger }: Pick<UseFormReturn<T>, 'control' | 'getFieldState' | 'trigger'>,
  password: Path<T>,
  confirmation: Path<T>,
): void {
  const value = useWatch({ control, name: password });
  useEffect(() => {
    if (getFieldState(confirmation).isDirty) void trigger(confirmation);
  }, [value, getFieldState, trigger, confirmation]);
}
