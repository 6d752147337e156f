import type { FieldPath, FieldValues, Control } from 'react-hook-form';
import { FormField } from '../../../shared/ui/form-field.tsx';
import { PIN_LENGTH } from '../lib/pin.ts';

/**
 * A payment password field: 6 digits, masked, the numeric keypad on phones. Anything but digits is
 * left out as it is typed; `onEdit` is told of every change (a refusal shown beside it then goes).
 */
export function PinField<T extends FieldValues, N extends FieldPath<T>, Out = T>({
  control,
  name,
  deps,
  label,
  error,
  hint,
  autoComplete = 'off',
  onEdit,
}: {
  control: Control<T, unknown, Out>;
  name: N;
  /** Fields checked again when this one changes (its confirmation). */
  deps?: FieldPath<T>[];
  label: string;
  /** A refusal of the server, shown instead of the field's own message. */
  error?: string | null;
  hint?: string;
  autoComplete?: 'off' | 'new-password' | 'current-password';
  onEdit?: () => void;
}) {
  return (
    <FormField control={control} name={name} deps={deps} label={label} hint={hint} error={error}>
      {(field, described) => (
        <input
          {...field}
          {...described}
          className="kl-withdraw-input kl-withdraw-input--pin"
          type="password"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={PIN_LENGTH}
          autoComplete={autoComplete}
          onChange={(event) => {
            field.onChange(event.target.value.replace(/\D/g, '').slice(0, PIN_LENGTH));
            onEdit?.();
          }}
        />
      )}
    </FormField>
  );
}
