import { WITHDRAWAL_REASONS } from '@kl/contracts/withdrawal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/lib/api-client.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { changePaymentPassword } from '../api/change-payment-password.ts';
import { WITHDRAWAL_INFO_KEY } from '../api/keys.ts';
import { setPaymentPassword } from '../api/set-payment-password.ts';
import { checkConfirmation, checkPin, type PinError } from '../lib/pin.ts';
import { isPaymentPasswordRefusal, refusalText } from '../lib/refusal.ts';
import { PinField } from './pin-field.tsx';

type PinErrorKey = PinError | 'same';

/**
 * Sets the payment password the first time (product.md §7 security): 6 digits and the same again. The server
 * is told only once both are right.
 */
export function SetPaymentPasswordForm({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [pin, setPin] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ pin?: PinErrorKey | null; confirmation?: PinErrorKey | null }>({});
  const [attempted, setAttempted] = useState(false);
  const pinRef = useRef<HTMLInputElement>(null);
  const confirmationRef = useRef<HTMLInputElement>(null);
  const save = useMutation({
    mutationFn: setPaymentPassword,
    // Refusals are shown next to the form, not in a toast.
    meta: { errorToast: false },
    onSuccess: async () => {
      void toast.success(t('withdraw.paymentPassword.saved'));
      await queryClient.invalidateQueries({ queryKey: WITHDRAWAL_INFO_KEY });
      onDone?.();
    },
  });

  const validate = (nextPin: string, nextConfirmation: string) => {
    const found = { pin: checkPin(nextPin), confirmation: checkConfirmation(nextPin, nextConfirmation) };
    setErrors(found);
    return found;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setAttempted(true);
    const found = validate(pin, confirmation);
    if (found.pin) pinRef.current?.focus();
    else if (found.confirmation) confirmationRef.current?.focus();
    else save.mutate({ password: pin, confirmPassword: confirmation });
  };

  const text = (error: PinErrorKey | null | undefined) => (error ? t(`withdraw.pinErrors.${error}`) : null);

  return (
    <form
      className="kl-withdraw-form"
      noValidate
      onSubmit={submit}
      aria-label={t('withdraw.paymentPassword.setTitle')}
    >
      <p className="kl-withdraw-note">{t('withdraw.paymentPassword.setIntro')}</p>
      <PinField
        label={t('withdraw.paymentPassword.new')}
        hint={t('withdraw.paymentPassword.hint')}
        autoComplete="new-password"
        inputRef={pinRef}
        value={pin}
        error={text(errors.pin)}
        onChange={(value) => {
          setPin(value);
          save.reset();
          if (attempted) validate(value, confirmation);
        }}
      />
      <PinField
        label={t('withdraw.paymentPassword.confirm')}
        autoComplete="new-password"
        inputRef={confirmationRef}
        value={confirmation}
        error={text(errors.confirmation)}
        onChange={(value) => {
          setConfirmation(value);
          save.reset();
          if (attempted) validate(pin, value);
        }}
      />
      {save.isError && (
        <p className="kl-withdraw-error" role="alert">
          {refusalText(save.error, t)}
        </p>
      )}
      <button type="submit" className="kl-button kl-button--primary" disabled={save.isPending}>
        {save.isPending ? t('withdraw.saving') : t('withdraw.paymentPassword.setSubmit')}
      </button>
    </form>
  );
}

/**
 * Changes the payment password (product.md §7 security): the old one (checked by the server like any payment
 * password: wrong tries count and lock), the new one and the same again.
 */
export function ChangePaymentPasswordForm({ lockedUntil }: { lockedUntil: string | null }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ old: '', pin: '', confirmation: '' });
  const [errors, setErrors] = useState<{
    old?: PinErrorKey | null;
    pin?: PinErrorKey | null;
    confirmation?: PinErrorKey | null;
  }>({});
  const [attempted, setAttempted] = useState(false);
  const oldRef = useRef<HTMLInputElement>(null);
  const newRef = useRef<HTMLInputElement>(null);
  const againRef = useRef<HTMLInputElement>(null);
  const save = useMutation({
    mutationFn: changePaymentPassword,
    // Refusals are shown next to the form, not in a toast.
    meta: { errorToast: false },
    onSuccess: () => {
      void toast.success(t('withdraw.paymentPassword.changed'));
      setValues({ old: '', pin: '', confirmation: '' });
      setAttempted(false);
      setErrors({});
      void queryClient.invalidateQueries({ queryKey: WITHDRAWAL_INFO_KEY });
    },
    onError: (error) => {
      if (isPaymentPasswordRefusal(error)) {
        setValues((current) => ({ ...current, old: '' }));
        oldRef.current?.focus();
        void queryClient.invalidateQueries({ queryKey: WITHDRAWAL_INFO_KEY });
      }
    },
  });

  const validate = (next: typeof values) => {
    const found = {
      old: next.old === '' ? ('required' as const) : null,
      pin: checkPin(next.pin) ?? (next.pin === next.old ? ('same' as const) : null),
      confirmation: checkConfirmation(next.pin, next.confirmation),
    };
    setErrors(found);
    return found;
  };

  const update = (field: keyof typeof values, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    save.reset();
    if (attempted) validate(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setAttempted(true);
    const found = validate(values);
    const first = (['old', 'pin', 'confirmation'] as const).find((field) => found[field]);
    if (first) {
      ({ old: oldRef, pin: newRef, confirmation: againRef })[first].current?.focus();
      return;
    }
    save.mutate({
      oldPassword: values.old,
      newPassword: values.pin,
      confirmNewPassword: values.confirmation,
    });
  };

  const text = (error: PinErrorKey | null | undefined) => (error ? t(`withdraw.pinErrors.${error}`) : null);
  const sameRefused =
    save.error instanceof ApiError &&
    save.error.code === 'INVALID_INPUT' &&
    save.error.value?.reason === WITHDRAWAL_REASONS.samePassword;
  const serverError = save.isError && !isPaymentPasswordRefusal(save.error) && !sameRefused;

  return (
    <form
      className="kl-withdraw-form"
      noValidate
      onSubmit={submit}
      aria-label={t('withdraw.paymentPassword.changeTitle')}
    >
      {lockedUntil && <LockedNotice lockedUntil={lockedUntil} />}
      <PinField
        label={t('withdraw.paymentPassword.old')}
        autoComplete="current-password"
        inputRef={oldRef}
        value={values.old}
        error={isPaymentPasswordRefusal(save.error) ? refusalText(save.error, t) : text(errors.old)}
        onChange={(value) => update('old', value)}
      />
      <PinField
        label={t('withdraw.paymentPassword.new')}
        hint={t('withdraw.paymentPassword.hint')}
        autoComplete="new-password"
        inputRef={newRef}
        value={values.pin}
        error={sameRefused ? text('same') : text(errors.pin)}
        onChange={(value) => update('pin', value)}
      />
      <PinField
        label={t('withdraw.paymentPassword.confirm')}
        autoComplete="new-password"
        inputRef={againRef}
        value={values.confirmation}
        error={text(errors.confirmation)}
        onChange={(value) => update('confirmation', value)}
      />
      {serverError && (
        <p className="kl-withdraw-error" role="alert">
          {refusalText(save.error, t)}
        </p>
      )}
      <button type="submit" className="kl-button kl-button--primary" disabled={save.isPending}>
        {save.isPending ? t('withdraw.saving') : t('withdraw.paymentPassword.changeSubmit')}
      </button>
    </form>
  );
}

/** The payment password is locked after too many wrong tries: until when. */
export function LockedNotice({ lockedUntil }: { lockedUntil: string }) {
  const { t } = useTranslation();
  return (
    <p className="kl-withdraw-notice" data-testid="payment-password-locked">
      {refusalText(new ApiError('PAYMENT_PASSWORD_LOCKED', { value: { lockedUntil } }), t)}
    </p>
  );
}
