import { WITHDRAWAL_REASONS } from '@kl/contracts/withdrawal';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/lib/api-client.ts';
import { useSubmitOnce } from '../../../shared/ui/form-submit.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { changePaymentPassword } from '../api/change-payment-password.ts';
import { WITHDRAWAL_INFO_KEY } from '../api/keys.ts';
import { setPaymentPassword } from '../api/set-payment-password.ts';
import {
  changePaymentPasswordForm,
  setPaymentPasswordForm,
  type ChangePaymentPasswordValues,
  type SetPaymentPasswordValues,
} from '../lib/form-schemas.ts';
import { isPaymentPasswordRefusal, refusalText } from '../lib/refusal.ts';
import { PinField } from './pin-field.tsx';

/** A payment password form: its fields, the refusal of the server that belongs to none, the submit button. */
function PinForm({
  title,
  submitLabel,
  pending,
  refusal,
  onSubmit,
  children,
}: {
  title: string;
  submitLabel: string;
  pending: boolean;
  refusal: string | null;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form className="kl-withdraw-form" noValidate onSubmit={onSubmit} aria-label={title}>
      {children}
      {refusal && (
        <p className="kl-withdraw-error" role="alert">
          {refusal}
        </p>
      )}
      <button type="submit" className="kl-button kl-button--primary" disabled={pending}>
        {pending ? t('withdraw.saving') : submitLabel}
      </button>
    </form>
  );
}

/**
 * Sets the payment password the first time (product.md §7 security): 6 digits and the same again. The server
 * is told only once both are right.
 */
export function SetPaymentPasswordForm({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { control, handleSubmit } = useForm<SetPaymentPasswordValues>({
    resolver: zodResolver(setPaymentPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });
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
  const submit = useSubmitOnce(handleSubmit((values) => save.mutateAsync(values).catch(() => undefined)));

  return (
    <PinForm
      title={t('withdraw.paymentPassword.setTitle')}
      submitLabel={t('withdraw.paymentPassword.setSubmit')}
      pending={save.isPending}
      refusal={save.isError ? refusalText(save.error, t) : null}
      onSubmit={submit}
    >
      <p className="kl-withdraw-note">{t('withdraw.paymentPassword.setIntro')}</p>
      <PinField
        control={control}
        name="password"
        deps={['confirmPassword']}
        label={t('withdraw.paymentPassword.new')}
        hint={t('withdraw.paymentPassword.hint')}
        autoComplete="new-password"
        onEdit={save.reset}
      />
      <PinField
        control={control}
        name="confirmPassword"
        label={t('withdraw.paymentPassword.confirm')}
        autoComplete="new-password"
        onEdit={save.reset}
      />
    </PinForm>
  );
}

const CHANGE_EMPTY: ChangePaymentPasswordValues = {
  oldPassword: '',
  newPassword: '',
  confirmNewPassword: '',
};

/**
 * Changes the payment password (product.md §7 security): the old one (checked by the server like any payment
 * password: wrong tries count and lock), the new one and the same again.
 */
export function ChangePaymentPasswordForm({ lockedUntil }: { lockedUntil: string | null }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { control, handleSubmit, reset, setValue, setFocus } = useForm<ChangePaymentPasswordValues>({
    resolver: zodResolver(changePaymentPasswordForm),
    defaultValues: CHANGE_EMPTY,
  });
  const save = useMutation({
    mutationFn: changePaymentPassword,
    // Refusals are shown next to the form, not in a toast.
    meta: { errorToast: false },
    onSuccess: () => {
      void toast.success(t('withdraw.paymentPassword.changed'));
      void queryClient.invalidateQueries({ queryKey: WITHDRAWAL_INFO_KEY });
    },
    onError: (error) => {
      if (isPaymentPasswordRefusal(error)) {
        setValue('oldPassword', '');
        setFocus('oldPassword');
        void queryClient.invalidateQueries({ queryKey: WITHDRAWAL_INFO_KEY });
      }
    },
  });
  const submit = useSubmitOnce(async (event) => {
    let changed = false;
    await handleSubmit(async (values) => {
      changed = await save.mutateAsync(values).then(
        () => true,
        () => false,
      );
    })(event);
    // Emptied and unchecked again, as before a first attempt.
    if (changed) reset(CHANGE_EMPTY);
  });

  const passwordRefused = isPaymentPasswordRefusal(save.error);
  const sameRefused =
    save.error instanceof ApiError &&
    save.error.code === 'INVALID_INPUT' &&
    save.error.value?.reason === WITHDRAWAL_REASONS.samePassword;

  return (
    <PinForm
      title={t('withdraw.paymentPassword.changeTitle')}
      submitLabel={t('withdraw.paymentPassword.changeSubmit')}
      pending={save.isPending}
      refusal={save.isError && !passwordRefused && !sameRefused ? refusalText(save.error, t) : null}
      onSubmit={submit}
    >
      {lockedUntil && <LockedNotice lockedUntil={lockedUntil} />}
      <PinField
        control={control}
        name="oldPassword"
        deps={['newPassword']}
        label={t('withdraw.paymentPassword.old')}
        autoComplete="current-password"
        error={passwordRefused ? refusalText(save.error, t) : null}
        onEdit={save.reset}
      />
      <PinField
        control={control}
        name="newPassword"
        deps={['confirmNewPassword']}
        label={t('withdraw.paymentPassword.new')}
        hint={t('withdraw.paymentPassword.hint')}
        autoComplete="new-password"
        error={sameRefused ? t('withdraw.pinErrors.same') : null}
        onEdit={save.reset}
      />
      <PinField
        control={control}
        name="confirmNewPassword"
        label={t('withdraw.paymentPassword.confirm')}
        autoComplete="new-password"
        onEdit={save.reset}
      />
    </PinForm>
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
