import type { ErrorCode } from '@kl/contracts/errors';
import { KYC_DOCUMENT_KINDS, kycPicturesOf, type KycDocumentKind, type KycPicture } from '@kl/contracts/kyc';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useObjectUrls } from '../../../shared/hooks/use-object-urls.ts';
import { ApiError, messageFor } from '../../../shared/lib/api-client.ts';
import { FormField } from '../../../shared/ui/form-field.tsx';
import { useSubmitOnce } from '../../../shared/ui/form-submit.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { KYC_KEY, WITHDRAWAL_INFO_KEY } from '../api/keys.ts';
import { submitKyc } from '../api/kyc.ts';
import {
  emptyKycForm,
  isKycFormField,
  isKycPicture,
  kycForm,
  pictureRefusal,
  vietnamToday,
  type KycFormField,
} from '../lib/kyc-form.ts';
import { kycText } from '../lib/kyc-text.ts';
import { KycPictureField } from './kyc-picture-field.tsx';

/** Refusals that belong to one field even when the server names none. */
const FIELD_OF: Partial<Record<ErrorCode, KycFormField>> = {
  KYC_UNDER_AGE: 'birthDate',
  KYC_NAME_MISMATCH: 'fullName',
};

/** What a field says when the server finds it not valid (INVALID_INPUT naming it). */
const INVALID_TEXT: Record<KycFormField, string> = {
  documentKind: 'INVALID_INPUT',
  documentNumber: 'kyc.errors.numberFormat',
  fullName: 'kyc.errors.nameLength',
  birthDate: 'kyc.errors.birthDateRequired',
  front: 'kyc.errors.pictureRequired.front',
  back: 'kyc.errors.pictureRequired.back',
  selfie: 'kyc.errors.pictureRequired.selfie',
};

/** Refusals after which the identity check on screen is out of date (one is waiting, or it is approved). */
const REFRESH_ON: readonly ErrorCode[] = ['KYC_UNDER_REVIEW', 'KYC_APPROVED'];

/** The field a refusal belongs to, when it names one the form shows (or is one of FIELD_OF). */
function refusedField(error: unknown, kind: KycDocumentKind): KycFormField | null {
  if (!(error instanceof ApiError)) return null;
  const named = error.value?.field;
  const field = isKycFormField(named) ? named : FIELD_OF[error.code];
  if (!field || (isKycPicture(field) && !kycPicturesOf(kind).includes(field))) return null;
  return field;
}

/** The message of a refusal on its field: the picture size of this form, the field's own words for INVALID_INPUT. */
function fieldMessageOf(error: ApiError, field: KycFormField): string {
  if (error.code === 'IMAGE_TOO_LARGE') return 'kyc.errors.pictureTooLarge';
  if (error.code === 'INVALID_INPUT' && field === 'birthDate' && error.value?.reason === 'IN_FUTURE')
    return 'kyc.errors.birthDateFuture';
  if (error.code === 'INVALID_INPUT') return INVALID_TEXT[field];
  return error.code;
}

/**
 * The identity documents (docs/decisions/057-know-your-customer.md): the document's kind, number, the full
 * name and birth date as printed, and its pictures (front, back unless a passport, a selfie holding it),
 * checked as the server will before anything is sent, then sent as one multipart form. A refusal goes on
 * its field (or above the button) and what was typed and picked stays.
 */
export function KycForm({ payeeName, again }: { payeeName: string | null; again: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const titleId = useId();
  const kindName = useId();
  const previews = useObjectUrls();
  const today = vietnamToday();
  const resolver = useMemo(() => zodResolver(kycForm({ today, payeeName })), [today, payeeName]);
  const { control, handleSubmit, setError, setValue, getValues, clearErrors } = useForm({
    resolver,
    defaultValues: emptyKycForm(),
  });
  const kind = useWatch({ control, name: 'documentKind' });
  const send = useMutation({
    mutationFn: submitKyc,
    // Refusals are shown on the form, not in a toast.
    meta: { errorToast: false },
    onSuccess: async (kyc) => {
      void toast.success(t('kyc.sent'));
      previews.revokeAll();
      queryClient.setQueryData(KYC_KEY, kyc);
      await queryClient.invalidateQueries({ queryKey: WITHDRAWAL_INFO_KEY });
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      if (REFRESH_ON.includes(error.code)) void queryClient.invalidateQueries({ queryKey: KYC_KEY });
      const field = refusedField(error, getValues('documentKind'));
      if (field) {
        setError(field, { type: 'server', message: fieldMessageOf(error, field) }, { shouldFocus: true });
      }
    },
  });

  const pick = (name: KycPicture, file: File): boolean => {
    const previous = getValues(name);
    if (previous) previews.revoke(previous.previewUrl);
    const refusal = pictureRefusal(file);
    if (refusal) {
      setValue(name, null);
      setError(name, { type: 'validate', message: refusal });
      return false;
    }
    setValue(name, { file, previewUrl: previews.create(file) });
    clearErrors(name);
    return true;
  };

  const submit = useSubmitOnce(
    handleSubmit(async ({ front, back, selfie, ...fields }) => {
      const pictures = { front: front?.file, back: back?.file, selfie: selfie?.file };
      await send.mutateAsync({ ...fields, pictures }).catch(() => undefined);
    }),
  );
  // A refusal on a field is said there; any other above the button (the session's end has its own message).
  const refusal =
    send.isError &&
    refusedField(send.error, kind) === null &&
    !(send.error instanceof ApiError && send.error.sessionCleared);

  return (
    <section className="kl-withdraw-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="kl-withdraw-heading">
        {again ? t('kyc.formTitleAgain') : t('kyc.formTitle')}
      </h2>
      <form
        className="kl-withdraw-form"
        noValidate
        onSubmit={submit}
        aria-labelledby={titleId}
        data-testid="kyc-form"
      >
        <fieldset className="kl-withdraw-fieldset">
          <legend className="kl-withdraw-label">{t('kyc.fields.kind')}</legend>
          <div className="kl-withdraw-choices">
            {KYC_DOCUMENT_KINDS.map((option) => (
              <label key={option} className="kl-withdraw-choice">
                <input
                  type="radio"
                  name={kindName}
                  value={option}
                  checked={kind === option}
                  onChange={() => {
                    setValue('documentKind', option);
                    clearErrors(['front', 'back', 'selfie']);
                    send.reset();
                  }}
                />
                <span className="kl-withdraw-choice__name">{t(`kyc.kinds.${option}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <FormField
          control={control}
          name="documentNumber"
          label={t('kyc.fields.number')}
          hint={t('kyc.fields.numberHint')}
          messageText={kycText}
        >
          {(field, described) => (
            <input
              {...field}
              {...described}
              className="kl-withdraw-input"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
            />
          )}
        </FormField>
        <FormField
          control={control}
          name="fullName"
          label={t('kyc.fields.name')}
          hint={payeeName ? t('kyc.fields.nameHint', { name: payeeName }) : t('kyc.fields.nameHintNone')}
          messageText={kycText}
        >
          {(field, described) => (
            <input
              {...field}
              {...described}
              className="kl-withdraw-input"
              autoComplete="name"
              maxLength={60}
            />
          )}
        </FormField>
        <FormField control={control} name="birthDate" label={t('kyc.fields.birthDate')} messageText={kycText}>
          {(field, described) => (
            <input
              {...field}
              {...described}
              className="kl-withdraw-input"
              type="date"
              min="1900-01-01"
              max={today}
              autoComplete="bday"
            />
          )}
        </FormField>
        {kycPicturesOf(kind).map((name) => (
          <KycPictureField key={name} control={control} name={name} onPick={pick} />
        ))}
        {refusal && (
          <p className="kl-withdraw-error" role="alert">
            {messageFor(send.error)}
          </p>
        )}
        <button
          type="submit"
          className="kl-button kl-button--primary kl-withdraw-submit"
          disabled={send.isPending}
        >
          {send.isPending ? t('kyc.sending') : t('kyc.submit')}
        </button>
      </form>
    </section>
  );
}
