import { useId, type ReactNode } from 'react';

/** What a field's input needs to be named and described by its label, hint and error. */
export interface FieldControl {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/**
 * A labelled field with an optional hint and an error (announced when it appears). The input is drawn
 * by `children` with the ids it needs.
 */
export function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  children: (control: FieldControl) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className="kl-withdraw-field">
      <label htmlFor={id} className="kl-withdraw-label">
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': described || undefined })}
      {hint && (
        <p id={hintId} className="kl-withdraw-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="kl-withdraw-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
