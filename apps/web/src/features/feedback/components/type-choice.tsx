import { FEEDBACK_TYPE_VALUES, type FeedbackType } from '@kl/contracts/feedback';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formText } from '../lib/form-text.ts';
import { feedbackTypeName } from '../lib/type-name.ts';

/** The question types of product.md §3 as a radio group, in the order of contracts FEEDBACK_TYPE_VALUES. */
export function TypeChoice({ registration, error }: { registration: UseFormRegisterReturn; error?: string }) {
  const { t } = useTranslation();
  const errorId = useId();
  const message = formText(error);
  return (
    <fieldset className="kl-feedback-types" aria-describedby={message ? errorId : undefined}>
      <legend className="kl-feedback-label">{t('feedback.type')}</legend>
      <div className="kl-feedback-types__options">
        {FEEDBACK_TYPE_VALUES.map((type: FeedbackType) => (
          <label key={type} className="kl-feedback-types__option">
            <input type="radio" value={String(type)} {...registration} />
            <span>{t(`feedback.types.${feedbackTypeName(type)}`)}</span>
          </label>
        ))}
      </div>
      {message && (
        <p id={errorId} className="kl-feedback-error" role="alert">
          {message}
        </p>
      )}
    </fieldset>
  );
}
