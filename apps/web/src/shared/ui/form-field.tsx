import { isErrorCode } from '@kl/contracts/errors';
import { useId, type ReactNode } from 'react';
import {
  useController,
  type Control,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import { i18n } from '../lib/i18n.ts';
import './form-field.css';

/**
 * The text of a form message: a catalogue code (namespace `errors`) or a key of the app's own texts, as
 * the forms' zod schemas give them (docs/conventions.md "Text and accessibility").
 */
export function fieldMessage(message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (isErrorCode(message)) return i18n.t(message, { ns: 'errors' });
  return i18n.t(message as 'common.retry');
}

/** What a field's control needs to be named by its label and described by its error, hint and counter. */
export interface FieldControl {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

interface FieldLayout {
  label: ReactNode;
  /** Shown under the control and describing it. */
  hint?: ReactNode;
  /** Shown on the error's line, at its end (a character counter), and describing the control. */
  counter?: ReactNode;
  /**
   * A message from outside the form's own checks (a server refusal, in words), shown instead of the
   * field's validation message.
   */
  error?: string | null;
  /** The text of a message of the form's schema (default: fieldMessage, without values). */
  messageText?: (message: string) => string | undefined;
  /** Class of the field's block (default kl-field). */
  className?: string;
}

export interface FieldFrameProps extends FieldLayout {
  /** The form's message for this field (a catalogue code or a text key), as react-hook-form holds it. */
  message?: string;
  /** Draws the control with the attributes naming and describing it. */
  children: (control: FieldControl) => ReactNode;
}

/**
 * The one field of the app's forms: the label, the control, its hint, and its error, announced when it
 * appears (role alert); the control is marked invalid and described by the error, the hint and the
 * counter, in that order. FormField binds it to react-hook-form; inputs registered with `register()`
 * (the auth sheets' fields) give it their message.
 */
export function FieldFrame({
  label,
  hint,
  counter,
  error,
  message: own,
  messageText = fieldMessage,
  className = 'kl-field',
  children,
}: FieldFrameProps) {
  const id = useId();
  const ids = { error: `${id}-error`, hint: `${id}-hint`, counter: `${id}-counter` };
  const message = error || (own ? messageText(own) : undefined);
  const describedBy = [message ? ids.error : null, hint ? ids.hint : null, counter ? ids.counter : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className}>
      <label className="kl-field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(message), 'aria-describedby': describedBy || undefined })}
      {hint && (
        <p id={ids.hint} className="kl-field__hint">
          {hint}
        </p>
      )}
      {counter ? (
        <p className="kl-field__below">
          {message ? (
            <span id={ids.error} className="kl-field__error" role="alert">
              {message}
            </span>
          ) : (
            <span />
          )}
          <span id={ids.counter}>{counter}</span>
        </p>
      ) : (
        message && (
          <p id={ids.error} className="kl-field__error" role="alert">
            {message}
          </p>
        )
      )}
    </div>
  );
}

export interface FormFieldProps<T extends FieldValues, N extends FieldPath<T>, Out = T> extends FieldLayout {
  /** The form's control (its values after the schema's transforms: `Out`). */
  control: Control<T, unknown, Out>;
  name: N;
  /** Fields checked again when this one changes (after a first attempt): a confirmation. */
  deps?: FieldPath<T>[];
  /** Draws the control: the field of react-hook-form and the attributes naming and describing it. */
  children: (field: ControllerRenderProps<T, N>, control: FieldControl) => ReactNode;
}

/** The field bound to react-hook-form (useController): its value, its ref for the focus, its message. */
export function FormField<T extends FieldValues, N extends FieldPath<T>, Out = T>({
  control,
  name,
  deps,
  children,
  ...layout
}: FormFieldProps<T, N, Out>) {
  const { field, fieldState } = useController({ control, name, rules: deps ? { deps } : undefined });
  return (
    <FieldFrame {...layout} message={fieldState.error?.message}>
      {(described) => children(field, described)}
    </FieldFrame>
  );
}
