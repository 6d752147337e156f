import {
  FEEDBACK_COMMENT_MAX,
  FEEDBACK_TYPE_VALUES,
  feedbackTextLength,
  isFeedbackContentLength,
} from '@kl/contracts/feedback';
import { z } from 'zod';

/** One picked image: its file, the address of its preview and its comment. */
export interface FeedbackImageDraft {
  file: File;
  previewUrl: string;
  comment: string;
}

/** What the form holds (the type as the radio group gives it: '' until chosen). */
export interface FeedbackFormValues {
  type: string;
  content: string;
  images: FeedbackImageDraft[];
  captcha: string;
}

export const emptyFeedbackForm = (): FeedbackFormValues => ({
  type: '',
  content: '',
  images: [],
  captcha: '',
});

const TYPE_TEXTS: readonly string[] = FEEDBACK_TYPE_VALUES.map(String);

/**
 * The form's checks before anything is sent, with the rules of contracts feedback.ts (product.md §5). Messages
 * are catalogue codes (shown from namespace `errors`) or keys of this screen's texts.
 */
export const feedbackFormSchema = z.object({
  type: z.string().refine((value) => TYPE_TEXTS.includes(value), 'feedback.errors.typeRequired'),
  content: z.string().refine(isFeedbackContentLength, 'FEEDBACK_CONTENT_LENGTH'),
  images: z.array(
    z.object({
      file: z.custom<File>((value) => value instanceof Blob),
      previewUrl: z.string(),
      comment: z
        .string()
        .refine(
          (value) => feedbackTextLength(value) <= FEEDBACK_COMMENT_MAX,
          'feedback.errors.commentTooLong',
        ),
    }),
  ),
  captcha: z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, 'WRONG_VERIFICATION_CODE'),
});
