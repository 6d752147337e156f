import { FEEDBACK_COMMENT_MAX, FEEDBACK_CONTENT_MAX, FEEDBACK_CONTENT_MIN } from '@kl/contracts/feedback';
import { isErrorCode } from '@kl/contracts/errors';
import { i18n } from '../../../shared/lib/i18n.ts';

type FeedbackTextKey = `feedback.errors.${'typeRequired' | 'commentTooLong'}`;

/**
 * The text of a form message in the current language: a catalogue code (namespace `errors`) or a key
 * of this screen's texts, with the limits of product.md §5 filled in.
 */
export function formText(message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (isErrorCode(message)) return i18n.t(message, { ns: 'errors' });
  return i18n.t(message as FeedbackTextKey, {
    min: FEEDBACK_CONTENT_MIN,
    max: FEEDBACK_CONTENT_MAX,
    commentMax: FEEDBACK_COMMENT_MAX,
  });
}
