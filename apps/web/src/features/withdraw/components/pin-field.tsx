import type { Ref } from 'react';
import { PIN_LENGTH } from '../lib/pin.ts';
import { Field } from './field.tsx';

/**
 * A payment password field: 6 digits, masked, the numeric keypad on phones. Anything but digits is
 * left out as it is typed.
 */
export function PinField({
  label,
  value,
  onChange,
  error,
  hint,
  autoComplete = 'off',
  inputRef,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint?: string;
  autoComplete?: 'off' | 'new-password' | 'current-password';
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...control}
          ref={inputRef}
          className="kl-withdraw-input kl-withdraw-input--pin"
          type="password"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={PIN_LENGTH}
          autoComplete={autoComplete}
          disabled={disabled}
          value={value}
          onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, PIN_LENGTH))}
        />
      )}
    </Field>
  );
}
