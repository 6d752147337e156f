import { FEEDBACK_TYPES, type FeedbackType, type FeedbackTypeName } from '@kl/contracts/feedback';

const NAMES = new Map<number, FeedbackTypeName>(
  Object.entries(FEEDBACK_TYPES).map(([name, value]) => [value, name as FeedbackTypeName]),
);

/** The name of a question type (product.md §3: deposit 1 … other 0), which keys its text. */
export function feedbackTypeName(type: FeedbackType): FeedbackTypeName {
  return NAMES.get(type) ?? 'other';
}
