import type { CaptchaChallenge } from '@kl/contracts/accounts';
import type { UseQueryResult } from '@tanstack/react-query';

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
