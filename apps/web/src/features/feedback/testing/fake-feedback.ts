import { accountsCalls } from '@kl/contracts/accounts';
import type { ErrorCode } from '@kl/contracts/errors';
import {
  feedbackCalls,
  FEEDBACK_COMMENT_MAX,
  FEEDBACK_IMAGE_MAX_BYTES,
  FEEDBACK_IMAGE_PREFIX,
  FEEDBACK_MAX_IMAGES,
  type FeedbackImage,
  type FeedbackItem,
  feedbackTextLength,
  isFeedbackContentLength,
  isFeedbackType,
} from '@kl/contracts/feedback';
import { answer, failure, isCall } from '../../../test/fake-api.ts';

/**
 * The feedback side of the API for component tests, keeping the contract of contracts feedback.ts:
 * GET /api/captcha (single-use challenges, answer 4000 + n), PUT /api/feedback (the multipart form,
 * checked as the server checks it: trial members refused, content length, images, comments, then the
 * captcha, used up by the check) and GET /api/feedback (pages, newest first).
 */
export type FeedbackViewer = 'member' | 'trial';

export interface FakeFeedbackOptions {
  viewer?: FeedbackViewer;
  /** Feedback already sent (newest first). */
  items?: FeedbackItem[];
  /** The next PUT is refused with this failure, whatever it carries (captcha untouched). */
  refuseNext?: { code: ErrorCode; status: number; value?: Record<string, unknown> };
  /** PUT answers after this long (to see the form while it is sent). */
  submitDelayMs?: number;
}

export interface SentForm {
  fields: Record<string, string>;
  images: File[];
  comments: string[];
}

export const fakeCaptchaAnswer = (captchaId: string) => String(4000 + Number(captchaId.replace('fc', '')));

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

export function createFakeFeedback(options: FakeFeedbackOptions = {}) {
  const state = {
    viewer: options.viewer ?? 'member',
    items: [...(options.items ?? [])],
    captchas: new Map<string, string>(),
    nextCaptcha: 1,
    nextId: 100,
    refuseNext: options.refuseNext,
    /** The forms PUT /api/feedback received, in order. */
    sent: [] as SentForm[],
    /** Challenges handed out, in order. */
    captchaIds: [] as string[],
    listRequests: 0,
  };

  function readForm(body: FormData): SentForm {
    const fields: Record<string, string> = {};
    const images: File[] = [];
    const comments: string[] = [];
    for (const [name, value] of body.entries()) {
      if (name === 'image' && typeof value !== 'string') images.push(value);
      else if (name === 'comment' && typeof value === 'string') comments.push(value);
      else if (typeof value === 'string') fields[name] = value;
    }
    return { fields, images, comments };
  }

  async function submit(body: unknown): Promise<Response> {
    if (state.viewer === 'trial') return failure('FEATURE_NOT_ENABLED', 403, { reason: 'free_reject' });
    if (!(body instanceof FormData)) return failure('UNSUPPORTED_MEDIA_TYPE', 415);
    const form = readForm(body);
    state.sent.push(form);
    if (options.submitDelayMs) await new Promise((resolve) => setTimeout(resolve, options.submitDelayMs));
    const refusal = state.refuseNext;
    if (refusal) {
      state.refuseNext = undefined;
      return failure(refusal.code, refusal.status, refusal.value);
    }
    const type = Number(form.fields.type);
    const content = (form.fields.content ?? '').trim();
    if (!isFeedbackType(type)) return failure('INVALID_INPUT', 400, { field: 'type' });
    if (!isFeedbackContentLength(content))
      return failure('FEEDBACK_CONTENT_LENGTH', 400, { min: 20, max: 200 });
    if (form.images.length > FEEDBACK_MAX_IMAGES) return failure('TOO_MANY_IMAGES', 400, { max: 3 });
    if (form.images.some((image) => image.size > FEEDBACK_IMAGE_MAX_BYTES)) {
      return failure('IMAGE_TOO_LARGE', 413, { maxBytes: FEEDBACK_IMAGE_MAX_BYTES });
    }
    const wrongType = form.images.findIndex((image) => !['image/png', 'image/jpeg'].includes(image.type));
    if (wrongType >= 0) return failure('IMAGE_TYPE_NOT_ALLOWED', 415, { index: wrongType });
    if (form.comments.some((comment) => feedbackTextLength(comment) > FEEDBACK_COMMENT_MAX)) {
      return failure('INVALID_INPUT', 400, { field: 'comment', max: FEEDBACK_COMMENT_MAX });
    }
    const captchaId = form.fields.captchaId ?? '';
    const expected = state.captchas.get(captchaId);
    state.captchas.delete(captchaId);
    if (expected === undefined || expected !== form.fields.captcha) {
      return failure('WRONG_VERIFICATION_CODE', 400, { field: 'captcha' });
    }
    const id = String(state.nextId++);
    const item: FeedbackItem = {
      id: `fb-${id}`,
      type,
      content,
      sender: 'player01',
      createdAt: new Date().toISOString(),
      images: form.images.map((image, index) => ({
        id: `img-${id}-${index}`,
        url: `${FEEDBACK_IMAGE_PREFIX}img-${id}-${index}`,
        contentType: image.type === 'image/png' ? 'image/png' : 'image/jpeg',
        byteSize: image.size,
        width: 1,
        height: 1,
        comment: (form.comments[index] ?? '').trim(),
      })),
      status: 'new',
      reply: null,
      repliedAt: null,
    };
    state.items.unshift(item);
    return answer(feedbackCalls.submitFeedback, item);
  }

  async function handle(url: URL, init: RequestInit = {}): Promise<Response | undefined> {
    if (isCall(accountsCalls.captcha, url, init)) {
      const captchaId = `fc${state.nextCaptcha++}`;
      state.captchas.set(captchaId, fakeCaptchaAnswer(captchaId));
      state.captchaIds.push(captchaId);
      const svg = `<svg xmlns="http://www.w3.org/2000/svg"><text>${captchaId}</text></svg>`;
      return answer(accountsCalls.captcha, {
        captchaId,
        image: `data:image/svg+xml;base64,${btoa(svg)}`,
        expiresAt: new Date(Date.now() + 300_000).toISOString(),
      });
    }
    if (isCall(feedbackCalls.submitFeedback, url, init)) return submit(init.body);
    if (isCall(feedbackCalls.feedbackList, url, init)) {
      state.listRequests += 1;
      if (state.viewer === 'trial') return failure('FEATURE_NOT_ENABLED', 403, { reason: 'free_reject' });
      const pageNo = Number(url.searchParams.get('pageNo') ?? 1);
      const pageSize = Number(url.searchParams.get('pageSize') ?? 10);
      const list = state.items.slice((pageNo - 1) * pageSize, pageNo * pageSize);
      return answer(feedbackCalls.feedbackList, {
        list,
        pageNum: pageNo,
        totalPages: Math.ceil(state.items.length / pageSize),
        total: state.items.length,
      });
    }
    return undefined;
  }

  return { state, handle };
}

export type FakeFeedback = ReturnType<typeof createFakeFeedback>;
