import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SmsCaptchaPrompt as Prompt } from '../hooks/use-sms-sender.ts';
import { CaptchaPicture } from './captcha-picture.tsx';

/**
 * The captcha asked before an SMS code is sent, shown under the SMS code field once "Send code" is
 * pressed with a valid number: the picture, a new-picture button, the answer, send and cancel. Focus goes
 * to the answer; Enter sends, Escape cancels (without closing the sheet around it).
 */
export function SmsCaptchaPrompt({ prompt }: { prompt: Prompt }) {
  const { t } = useTranslation();
  const ids = { title: useId(), input: useId() };
  const [answer, setAnswer] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const { captcha, error, sending } = prompt;

  useEffect(() => {
    input.current?.focus();
  }, []);

  const submit = async () => {
    if (await prompt.confirm(answer)) return;
    setAnswer('');
    input.current?.focus();
  };

  return (
    <div role="group" aria-labelledby={ids.title} className="kl-sms-captcha">
      <p id={ids.title} className="kl-sms-captcha__title">
        {t('auth.smsCaptcha.title')}
      </p>
      <div className="kl-field">
        <label className="kl-field__label" htmlFor={ids.input}>
          {t('auth.smsCaptcha.label')}
        </label>
        <div className={error ? 'kl-field__row kl-field__row--invalid' : 'kl-field__row'}>
          <input
            ref={input}
            id={ids.input}
            className="kl-field__input"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            value={answer}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids.input}-error` : undefined}
            onChange={(event) => setAnswer(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                // Not the form around it: this sends the SMS.
                event.preventDefault();
                void submit();
              } else if (event.key === 'Escape') {
                event.stopPropagation();
                prompt.cancel();
              }
            }}
          />
          <CaptchaPicture
            captcha={captcha}
            imageAlt={t('auth.smsCaptcha.image')}
            refreshLabel={t('auth.smsCaptcha.refresh')}
          />
        </div>
        {error && (
          <p id={`${ids.input}-error`} className="kl-field__error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="kl-sms-captcha__actions">
        <button
          type="button"
          className="kl-button kl-button--primary kl-button--small"
          disabled={sending || !captcha.data}
          onClick={() => void submit()}
        >
          {sending ? t('in_sms_sending') : t('auth.smsCaptcha.confirm')}
        </button>
        <button
          type="button"
          className="kl-button kl-button--outline kl-button--small"
          onClick={prompt.cancel}
        >
          {t('auth.cancel')}
        </button>
      </div>
    </div>
  );
}
