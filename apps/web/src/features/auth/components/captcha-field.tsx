import type { UseQueryResult } from '@tanstack/react-query';
import type { CaptchaChallenge } from '@kl/contracts/accounts';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { CaptchaPicture } from './captcha-picture.tsx';
import { TextField } from './fields.tsx';

/** The captcha (product.md §2): the image, a refresh button and a numeric input of at most 6 characters. */
export function CaptchaField({
  captcha,
  registration,
  error,
}: {
  captcha: UseQueryResult<CaptchaChallenge>;
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.fields.captcha')}
      registration={registration}
      error={error}
      inputMode="numeric"
      autoComplete="off"
      maxLength={6}
      addon={
        <CaptchaPicture
          captcha={captcha}
          imageAlt={t('auth.captchaImage')}
          refreshLabel={t('auth.refreshCaptcha')}
        />
      }
    />
  );
}
