import type { UseQueryResult } from '@tanstack/react-query';
import type { CaptchaChallenge } from '@kl/contracts/accounts';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from './fields.tsx';

/** A captcha's picture and the button that asks for a new one (the login, registration and SMS forms). */
export function CaptchaPicture({
  captcha,
  imageAlt,
  refreshLabel,
}: {
  captcha: UseQueryResult<CaptchaChallenge>;
  imageAlt: string;
  refreshLabel: string;
}) {
  return (
    <span className="kl-captcha">
      {captcha.data ? (
        <img className="kl-captcha__image" src={captcha.data.image} alt={imageAlt} width={96} height={36} />
      ) : (
        <span className="kl-captcha__image kl-captcha__image--empty" />
      )}
      <button
        type="button"
        className="kl-field__addon-button"
        aria-label={refreshLabel}
        disabled={captcha.isFetching}
        onClick={() => void captcha.refetch()}
      >
        ↻
      </button>
    </span>
  );
}

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
