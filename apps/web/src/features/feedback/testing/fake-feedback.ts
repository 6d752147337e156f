import {
  feedbackCalls,
  FEEDBACK_IMAGE_PREFIX,
  FEEDBACK_PAGE_SIZE,
  type FeedbackImage,
  type FeedbackItem,
} from '@kl/contracts/feedback';
import { answerCaptchas } from '../../../test/fake-accounts.ts';
import { onByDefault } from '../../../test/fake-api.ts';
import { pageOf } from '../../../test/fake-data.ts';

/** Feedback data for component tests (contracts feedback.ts): sent feedback and its pictures. */
export const createFeedbackItem = (overrides: Partial<FeedbackItem> = {}): FeedbackItem => ({
  id: 'fb-1',
  type: 1,
  content: 'My deposit of this morning has not arrived yet.',
  sender: 'player01',
  createdAt: '2026-03-02T08:30:00.000Z',
  images: [],
  status: 'new',
  reply: null,
  repliedAt: null,
  ...overrides,
});

export const createFeedbackImage = (overrides: Partial<FeedbackImage> = {}): FeedbackImage => ({
  id: 'img-1',
  url: `${FEEDBACK_IMAGE_PREFIX}img-1`,
  contentType: 'image/png',
  byteSize: 1200,
  width: 640,
  height: 320,
  comment: 'The bank slip',
  ...overrides,
});

/** The screen's reads: the pages of `items` as it stands (newest first), a new captcha at each request. */
export function answerFeedback(items: FeedbackItem[]) {
  onByDefault(feedbackCalls.feedbackList, ({ query }) => pageOf(items, query, FEEDBACK_PAGE_SIZE));
  answerCaptchas();
}
