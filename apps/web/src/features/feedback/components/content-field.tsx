import { FEEDBACK_CONTENT_MAX, feedbackTextLength } from '@kl/contracts/feedback';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formText } from '../lib/form-text.ts';

/** The feedback text with its n/200 counter (product.md §2), counted as the server counts (trimmed, code points). */
export function ContentField({
  registration,
  value,
  error,
}: {
  registration: UseFormRegisterReturn;
  value: string;
  error?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const message = formText(error);
  const length = feedbackTextLength(value);
  const over = length > FEEDBACK_CONTENT_MAX;
  return (
    <div className="kl-feedback-field">
      <label className="kl-feedback-label" htmlFor={id}>
        {t('feedback.content')}
      </label>
      <textarea
        id={id}
        className={message ? 'kl-feedback-input kl-feedback-input--invalid' : 'kl-feedback-input'}
        rows={5}
        placeholder={t('feedback.contentPlaceholder')}
        aria-invalid={message ? true : undefined}
        aria-describedby={[`${id}-counter`, message ? `${id}-error` : null].filter(Boolean).join(' ')}
        {...registration}
      />
      <p className="kl-feedback-field__below">
        {message ? (
          <span id={`${id}-error`} className="kl-feedback-error" role="alert">
            {message}
          </span>
        ) : (
          <span />
        )}
        <span
          id={`${id}-counter`}
          className={over ? 'kl-feedback-counter kl-feedback-counter--over' : 'kl-feedback-counter'}
          data-testid="content-counter"
        >
          {t('feedback.counter', { length, max: FEEDBACK_CONTENT_MAX })}
        </span>
      </p>
    </div>
  );
}
