import {
  FEEDBACK_FORM_FIELDS,
  feedbackCalls,
  type FeedbackItem,
  type FeedbackType,
} from '@kl/contracts/feedback';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { FEEDBACK_PAGES_QUERY_KEY } from './keys.ts';

export interface FeedbackSubmission {
  type: FeedbackType;
  content: string;
  captchaId: string;
  captcha: string;
  /** At most FEEDBACK_MAX_IMAGES, in the order shown, each with its comment ('' for none). */
  images: readonly { file: File; comment: string }[];
}

/** The multipart form of PUT /api/feedback: the n-th `comment` belongs to the n-th `image`. */
export function feedbackFormData(submission: FeedbackSubmission): FormData {
  const form = new FormData();
  form.append(FEEDBACK_FORM_FIELDS.type, String(submission.type));
  form.append(FEEDBACK_FORM_FIELDS.content, submission.content);
  form.append(FEEDBACK_FORM_FIELDS.captchaId, submission.captchaId);
  form.append(FEEDBACK_FORM_FIELDS.captcha, submission.captcha);
  for (const image of submission.images) {
    form.append(FEEDBACK_FORM_FIELDS.image, image.file, image.file.name);
    form.append(FEEDBACK_FORM_FIELDS.comment, image.comment);
  }
  return form;
}

/** PUT feedback (FEEDBACK3, product.md §7): the stored feedback with its images. */
export async function submitFeedback(submission: FeedbackSubmission): Promise<FeedbackItem> {
  return apiCall(feedbackCalls.submitFeedback, { body: feedbackFormData(submission) });
}

/** Sends feedback; the list below the form is asked again. The form shows its own failures. */
export function useSubmitFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitFeedback,
    meta: { errorToast: false },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: FEEDBACK_PAGES_QUERY_KEY });
    },
  });
}
