import type { ApiTable } from './api-call.ts';
import { z } from 'zod';
import { pageParams } from './paging.ts';

/**
 * Feedback (product.md §3 Feedback, §5 feedback and upload rules, §7 PUT feedback with module id FEEDBACK3).
 *
 * A member sends feedback as `multipart/form-data` (the browser's FormData): the text fields below, the
 * captcha of GET /api/captcha, and up to three images, each a file part named `image`, with the comment of
 * the n-th image in the n-th `comment` field (send an empty `comment` for an image without one). The
 * server decides an image's type from its bytes, never from the file name or the declared type. The
 * sender (product.md §3) is the logged-in member's username, taken from the session, not from the form.
 */

/** Question types (product.md §3): deposit 1, withdraw 2, game 3, service 4, apply agent 6, other 0. */
export const FEEDBACK_TYPES = {
  deposit: 1,
  withdraw: 2,
  game: 3,
  service: 4,
  applyAgent: 6,
  other: 0,
} as const;
export type FeedbackTypeName = keyof typeof FEEDBACK_TYPES;
export type FeedbackType = (typeof FEEDBACK_TYPES)[FeedbackTypeName];
/** The types in the order a form lists them. */
export const FEEDBACK_TYPE_VALUES = [1, 2, 3, 4, 6, 0] as const satisfies readonly FeedbackType[];

export const isFeedbackType = (value: number): value is FeedbackType =>
  (FEEDBACK_TYPE_VALUES as readonly number[]).includes(value);

/** product.md §5: content 20–200 characters (after trimming, counted as the counter n/200 counts them). */
export const FEEDBACK_CONTENT_MIN = 20;
export const FEEDBACK_CONTENT_MAX = 200;
/** product.md §5 uploads: at most 3 images, png or jpg, 5 MB each, a comment of at most 140 characters. */
export const FEEDBACK_MAX_IMAGES = 3;
export const FEEDBACK_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const FEEDBACK_COMMENT_MAX = 140;
export const FEEDBACK_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export type FeedbackImageType = (typeof FEEDBACK_IMAGE_TYPES)[number];
/** What a file picker may offer (the server still checks the bytes). */
export const FEEDBACK_IMAGE_ACCEPT = 'image/png,image/jpeg';
/** Feedback a member may send in 24 hours. */
export const FEEDBACK_DAILY_LIMIT = 20;

/** Names of the parts of the multipart form of PUT /api/feedback. */
export const FEEDBACK_FORM_FIELDS = {
  type: 'type',
  content: 'content',
  captchaId: 'captchaId',
  captcha: 'captcha',
  /** A file part; repeat for each image (at most FEEDBACK_MAX_IMAGES). */
  image: 'image',
  /** A text part; the n-th belongs to the n-th image. */
  comment: 'comment',
} as const;

/**
 * Length of a text as the form counts it: Unicode code points of the trimmed text (an emoji counts
 * once, as a reader would expect).
 */
export const feedbackTextLength = (text: string): number => [...text.trim()].length;

export const isFeedbackContentLength = (content: string): boolean => {
  const length = feedbackTextLength(content);
  return length >= FEEDBACK_CONTENT_MIN && length <= FEEDBACK_CONTENT_MAX;
};

/**
 * Images are served to their owner only, at `/api/feedback/images/<id>` (module id FEEDBACK3, outside the
 * API table because the address carries the id).
 */
export const FEEDBACK_IMAGE_PREFIX = '/api/feedback/images/';

export const feedbackTypeSchema = z.literal([...FEEDBACK_TYPE_VALUES]);

/** The text parts of the form, as the server checks them (lengths give their own catalogue codes). */
export const feedbackFormFields = z.object({
  type: z
    .string()
    .regex(/^\d{1,2}$/)
    .transform(Number)
    .pipe(feedbackTypeSchema),
  /** Its length is checked on its own (FEEDBACK_CONTENT_LENGTH); the form's field size bounds it. */
  content: z.string(),
  captchaId: z.string().max(64).optional(),
  captcha: z.string().max(16).optional(),
});
export type FeedbackFormFields = z.output<typeof feedbackFormFields>;

export const feedbackImage = z.object({
  id: z.string(),
  /** Where the owner's browser loads it (a thumbnail is the same address drawn small). */
  url: z.string(),
  contentType: z.enum(FEEDBACK_IMAGE_TYPES),
  byteSize: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  comment: z.string(),
});
export type FeedbackImage = z.infer<typeof feedbackImage>;

/**
 * Where a feedback stands in the back office (docs/back-office.md, "Chat, feedback and inbox"): new until an
 * operator takes it up, then in progress, resolved once answered or settled.
 */
export const FEEDBACK_STATUSES = ['new', 'in_progress', 'resolved'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];
/** An operator's answer to a feedback: at most this many characters. */
export const FEEDBACK_REPLY_MAX = 1_000;

export const feedbackItem = z.object({
  id: z.string(),
  type: feedbackTypeSchema,
  content: z.string(),
  /** The member's username (product.md §3 sender). */
  sender: z.string(),
  /** ISO time. */
  createdAt: z.string(),
  images: z.array(feedbackImage),
  status: z.enum(FEEDBACK_STATUSES),
  /** The operators' answer, shown to the member; null until there is one. */
  reply: z.string().nullable(),
  /** ISO time of the answer. */
  repliedAt: z.string().nullable(),
});
export type FeedbackItem = z.infer<typeof feedbackItem>;

export const FEEDBACK_PAGE_SIZE = 10;
export const FEEDBACK_MAX_PAGE_SIZE = 50;

export const feedbackListQuery = z.object({
  ...pageParams({ default: FEEDBACK_PAGE_SIZE, max: FEEDBACK_MAX_PAGE_SIZE }),
});
export type FeedbackListQuery = z.input<typeof feedbackListQuery>;

/** The member's own feedback, newest first. */
export const feedbackList = z.object({
  list: z.array(feedbackItem),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type FeedbackList = z.infer<typeof feedbackList>;

/** The feedback calls of the API table (api-paths.ts composes every domain's calls). */
export const feedbackCalls = {
  /** A multipart form (FEEDBACK_FORM_FIELDS): no body schema, the server reads and checks the parts. */
  submitFeedback: { method: 'PUT', path: '/api/feedback', moduleId: 'FEEDBACK3', response: feedbackItem },
  feedbackList: {
    method: 'GET',
    path: '/api/feedback',
    moduleId: 'FEEDBACK3',
    query: feedbackListQuery,
    response: feedbackList,
  },
} as const satisfies ApiTable;
