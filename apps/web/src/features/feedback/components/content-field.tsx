import { FEEDBACK_CONTENT_MAX, feedbackTextLength } from '@kl/contracts/feedback';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../shared/ui/form-field.tsx';
import type { FeedbackFormValues } from '../lib/form-schema.ts';
import { formText } from '../lib/form-text.ts';

/** The feedback text with its n/200 counter (product.md §2), counted as the server counts (trimmed, code points). */
export function ContentField({ control, value }: { control: Control<FeedbackFormValues>; value: string }) {
  const { t } = useTranslation();
  const length = feedbackTextLength(value);
  const over = length > FEEDBACK_CONTENT_MAX;
  return (
    <FormField
      control={control}
      name="content"
      label={t('feedback.content')}
      messageText={formText}
      counter={
        <span
          className={over ? 'kl-feedback-counter kl-feedback-counter--over' : 'kl-feedback-counter'}
          data-testid="content-counter"
        >
          {t('feedback.counter', { length, max: FEEDBACK_CONTENT_MAX })}
        </span>
      }
    >
      {(field, described) => (
        <textarea
          {...field}
          {...described}
          className={
            described['aria-invalid'] ? 'kl-feedback-input kl-feedback-input--invalid' : 'kl-feedback-input'
          }
          rows={5}
          placeholder={t('feedback.contentPlaceholder')}
        />
      )}
    </FormField>
  );
}
