import type { KycPicture } from '@kl/contracts/kyc';
import type { ChangeEvent } from 'react';
import { useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldFrame } from '../../../shared/ui/form-field.tsx';
import { KYC_PICTURE_ACCEPT, KYC_PICTURE_MAX_MB, type KycFormValues } from '../lib/kyc-form.ts';
import { kycText } from '../lib/kyc-text.ts';

const PREVIEW_HEIGHT = 120;

/**
 * One picture of the identity form: a file input taking PNG, JPEG or WebP (the selfie suggests the front
 * camera), the picked picture's preview, and its message (refused at once when too large or of another
 * type, missing, or refused by the server). `onPick` says whether the file was taken: a refused one is
 * cleared from the input.
 */
export function KycPictureField({
  control,
  name,
  onPick,
}: {
  control: Control<KycFormValues, unknown, unknown>;
  name: KycPicture;
  onPick: (name: KycPicture, file: File) => boolean;
}) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name });
  const label = t(`kyc.pictures.${name}`);
  const picked = field.value;
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file && !onPick(name, file)) event.target.value = '';
  };
  return (
    <FieldFrame
      label={label}
      hint={t('kyc.pictureHint', { size: KYC_PICTURE_MAX_MB })}
      message={fieldState.error?.message}
      messageText={kycText}
      className="kl-field kl-kyc-picture"
    >
      {(described) => (
        <>
          <input
            {...described}
            ref={field.ref}
            name={field.name}
            className="kl-kyc-file"
            type="file"
            accept={KYC_PICTURE_ACCEPT}
            {...(name === 'selfie' && { capture: 'user' as const })}
            data-testid={`kyc-file-${name}`}
            onChange={pick}
            onBlur={field.onBlur}
          />
          {picked && (
            <img
              className="kl-kyc-preview"
              src={picked.previewUrl}
              alt={t('kyc.previewAlt', { picture: label })}
              height={PREVIEW_HEIGHT}
              data-testid={`kyc-preview-${name}`}
            />
          )}
        </>
      )}
    </FieldFrame>
  );
}
