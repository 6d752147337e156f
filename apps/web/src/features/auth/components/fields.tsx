import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FIELD_SPECS } from '@kl/contracts/verifier';
import { FieldFrame } from '../../../shared/ui/form-field.tsx';
import type { SmsCaptchaPrompt as SmsCaptchaPromptState } from '../hooks/use-sms-sender.ts';
import { SmsCaptchaPrompt } from './sms-captcha-prompt.tsx';
import { SmsCodeButton } from './sms-code-button.tsx';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'onChange' | 'onBlur' | 'ref' | 'id'>;

interface FieldProps extends InputProps {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  /** Shown after the input (a button). */
  addon?: ReactNode;
  /** Shown before the input (the dialing code). */
  leading?: ReactNode;
  hint?: string;
}

/**
 * A labelled input in the auth sheets' framed row (a leading dialing code, a trailing button), on the
 * shared field: its error announced, and the input described by it and by the hint.
 */
export function TextField({ label, registration, error, addon, leading, hint, ...input }: FieldProps) {
  return (
    <FieldFrame label={label} hint={hint} message={error}>
      {(described) => (
        <div className={described['aria-invalid'] ? 'kl-field__row kl-field__row--invalid' : 'kl-field__row'}>
          {leading}
          <input {...described} className="kl-field__input" {...input} {...registration} />
          {addon}
        </div>
      )}
    </FieldFrame>
  );
}

/** A password input with a show/hide toggle. Never trimmed. */
export function PasswordField(props: Omit<FieldProps, 'type' | 'addon'>) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      addon={
        <button
          type="button"
          className="kl-field__addon-button"
          aria-label={
            shown
              ? t('auth.hidePassword', { field: props.label })
              : t('auth.showPassword', { field: props.label })
          }
          onClick={() => setShown((value) => !value)}
        >
          {shown ? t('auth.hide') : t('auth.show')}
        </button>
      }
    />
  );
}

/** The dialing-code picker (native select: the phone's own wheel, an accessible name). */
function DialingCodeSelect({
  codes,
  registration,
}: {
  codes: readonly string[];
  registration: UseFormRegisterReturn;
}) {
  const { t } = useTranslation();
  return (
    <select className="kl-field__prefix" aria-label={t('auth.fields.countryDialingCode')} {...registration}>
      {codes.map((code) => (
        <option key={code} value={code}>
          {code}
        </option>
      ))}
    </select>
  );
}

/** A checkbox with its label. */
export function CheckboxField({
  label,
  registration,
  children,
}: {
  label?: string;
  registration: UseFormRegisterReturn;
  children?: ReactNode;
}) {
  return (
    <label className="kl-checkbox">
      <input type="checkbox" {...registration} />
      <span>{children ?? label}</span>
    </label>
  );
}

/** Mobile number with its dialing-code picker (product.md §2), as the login, register and forget sheets show it. */
export function MobileNumberField({
  codes,
  registration,
  dialingCode,
  error,
  maxLength,
}: {
  codes: readonly string[];
  registration: UseFormRegisterReturn;
  dialingCode: UseFormRegisterReturn;
  error?: string;
  maxLength: number;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.fields.mobileNum')}
      registration={registration}
      error={error}
      inputMode="tel"
      autoComplete="tel-national"
      maxLength={maxLength}
      leading={<DialingCodeSelect codes={codes} registration={dialingCode} />}
    />
  );
}

/**
 * The SMS code with its send button and resend countdown (product.md §4 SMS), and under it the captcha asked
 * before a code is sent while `captchaPrompt` is open.
 */
export function SmsCodeField({
  registration,
  error,
  sending,
  secondsLeft,
  onSend,
  captchaPrompt,
}: {
  registration: UseFormRegisterReturn;
  error?: string;
  sending: boolean;
  secondsLeft: number;
  onSend: () => void;
  captchaPrompt?: SmsCaptchaPromptState | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('auth.fields.verificationCode')}
        registration={registration}
        error={error}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={FIELD_SPECS.verificationCode.maxLength}
        addon={<SmsCodeButton sending={sending} secondsLeft={secondsLeft} onSend={onSend} />}
      />
      {captchaPrompt && <SmsCaptchaPrompt prompt={captchaPrompt} />}
    </>
  );
}

/** New password and its confirmation, as the change-password and recovery screens ask for them. */
export function NewPasswordFields({
  newPassword,
  confirmNewPassword,
  errors,
}: {
  newPassword: UseFormRegisterReturn;
  confirmNewPassword: UseFormRegisterReturn;
  errors: { newPassword?: string; confirmNewPassword?: string };
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={t('auth.fields.newPassword')}
        registration={newPassword}
        error={errors.newPassword}
        autoComplete="new-password"
        maxLength={FIELD_SPECS.password.maxLength}
        hint={t('auth.hints.password')}
      />
      <PasswordField
        label={t('auth.fields.confirmNewPassword')}
        registration={confirmNewPassword}
        error={errors.confirmNewPassword}
        autoComplete="new-password"
        maxLength={FIELD_SPECS.password.maxLength}
      />
    </>
  );
}
