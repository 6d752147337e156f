import type { ErrorCode } from '@kl/contracts/errors';
import { feedbackTextLength, isFeedbackType } from '@kl/contracts/feedback';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, messageFor } from '../../../shared/lib/api-client.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { CaptchaField } from '../../auth/index.ts';
import { useFeedbackCaptcha } from '../api/get-captcha.ts';
import { useSubmitFeedback } from '../api/submit-feedback.ts';
import { useObjectUrls } from '../../../shared/hooks/use-object-urls.ts';
import { emptyFeedbackForm, feedbackFormSchema, type FeedbackFormValues } from '../lib/form-schema.ts';
import { formText } from '../lib/form-text.ts';
import { sortPickedImages } from '../lib/image-checks.ts';
import { ContentField } from './content-field.tsx';
import { ImagesField } from './images-field.tsx';
import { TypeChoice } from './type-choice.tsx';

/**
 * Refusals the server gives before it looks at the captcha (which it then keeps unused): after any
 * other failure the captcha is asked again.
 */
const CAPTCHA_KEPT = new Set<ErrorCode>([
  'FEEDBACK_CONTENT_LENGTH',
  'IMAGE_TYPE_NOT_ALLOWED',
  'IMAGE_TOO_LARGE',
  'TOO_MANY_IMAGES',
  'INVALID_INPUT',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
  'FEATURE_NOT_ENABLED',
]);

const IMAGE_FAILURES = new Set<ErrorCode>(['IMAGE_TYPE_NOT_ALLOWED', 'IMAGE_TOO_LARGE', 'TOO_MANY_IMAGES']);

const resolver = zodResolver(feedbackFormSchema) as unknown as Resolver<FeedbackFormValues>;

/**
 * The feedback form (product.md §2 Feedback, §5): question type, content 20–200 characters with its counter,
 * up to three PNG/JPG pictures with comments, captcha. Sent: 'feedback sent', the form is emptied and
 * the list below asked again. Refused: the message goes next to its field (or in a toast) and what was
 * typed stays; a captcha the server used up is replaced by a new one.
 */
export function FeedbackForm() {
  const { t } = useTranslation();
  const captcha = useFeedbackCaptcha();
  const send = useSubmitFeedback();
  const previews = useObjectUrls();
  const [notices, setNotices] = useState<string[]>([]);
  const { register, control, handleSubmit, formState, setError, setValue, getValues, reset } =
    useForm<FeedbackFormValues>({ resolver, defaultValues: emptyFeedbackForm() });
  const { fields, append, remove } = useFieldArray({ control, name: 'images' });
  const content = useWatch({ control, name: 'content' });
  const images = useWatch({ control, name: 'images' });
  const errors = formState.errors;

  const pick = (files: File[]) => {
    const { accepted, refused } = sortPickedImages(files, getValues('images').length);
    setNotices(
      refused.map(({ file, reason }) =>
        t('feedback.refusedFile', { name: file.name, reason: formText(reason) }),
      ),
    );
    if (accepted.length > 0) {
      append(accepted.map((file) => ({ file, previewUrl: previews.create(file), comment: '' })));
    }
  };

  const removeImage = (index: number) => {
    const image = getValues('images')[index];
    if (image) previews.revoke(image.previewUrl);
    remove(index);
    setNotices([]);
  };

  const showFailure = (error: unknown) => {
    if (error instanceof ApiError && error.sessionCleared) return;
    const code = error instanceof ApiError ? error.code : 'UNKNOWN_ERROR';
    if (!CAPTCHA_KEPT.has(code)) {
      setValue('captcha', '');
      void captcha.refetch();
    }
    if (code === 'WRONG_VERIFICATION_CODE') {
      setError('captcha', { type: 'server', message: code }, { shouldFocus: true });
    } else if (code === 'FEEDBACK_CONTENT_LENGTH') {
      setError('content', { type: 'server', message: code }, { shouldFocus: true });
    } else if (IMAGE_FAILURES.has(code)) {
      const index = error instanceof ApiError ? error.value?.index : undefined;
      const reason = messageFor(error);
      setNotices([
        typeof index === 'number' ? t('feedback.refusedAt', { position: index + 1, reason }) : reason,
      ]);
    } else if (
      code === 'FEATURE_NOT_ENABLED' &&
      error instanceof ApiError &&
      error.value?.reason === 'free_reject'
    ) {
      void toast.error(t('free_reject'));
    } else {
      void toast.error(messageFor(error));
    }
  };

  const submit = handleSubmit(async (values) => {
    setNotices([]);
    const type = Number(values.type);
    const challenge = captcha.data;
    if (!isFeedbackType(type)) {
      setError('type', { type: 'validate', message: 'feedback.errors.typeRequired' }, { shouldFocus: true });
      return;
    }
    if (!challenge) {
      // The picture never came: there is nothing to answer yet.
      setError('captcha', { type: 'server', message: 'WRONG_VERIFICATION_CODE' }, { shouldFocus: true });
      void captcha.refetch();
      return;
    }
    try {
      await send.mutateAsync({
        type,
        content: values.content.trim(),
        captchaId: challenge.captchaId,
        captcha: values.captcha,
        images: values.images.map(({ file, comment }) => ({ file, comment: comment.trim() })),
      });
    } catch (error) {
      showFailure(error);
      return;
    }
    void toast.success(t('feedback.sent'));
    previews.revokeAll();
    reset(emptyFeedbackForm());
    void captcha.refetch();
  });

  return (
    <form className="kl-feedback-form" noValidate onSubmit={(event) => void submit(event)}>
      <TypeChoice registration={register('type')} error={errors.type?.message} />
      <ContentField control={control} value={content} />
      <ImagesField
        control={control}
        tiles={fields.map((field, index) => ({
          key: field.id,
          file: field.file,
          previewUrl: field.previewUrl,
          comment: images[index]?.comment ?? '',
        }))}
        notices={notices}
        onPick={pick}
        onRemove={removeImage}
      />
      <CaptchaField captcha={captcha} registration={register('captcha')} error={errors.captcha?.message} />
      <button
        type="submit"
        className="kl-button kl-button--primary kl-feedback-form__submit"
        disabled={formState.isSubmitting || feedbackTextLength(content) === 0}
      >
        {formState.isSubmitting ? t('in_please_wait') : t('feedback.submit')}
      </button>
    </form>
  );
}
