import { z } from 'zod';
import type { ApiTable } from '../api-call.ts';
import {
  FEEDBACK_REPLY_MAX,
  FEEDBACK_STATUSES,
  FEEDBACK_TYPE_VALUES,
  feedbackImage,
  feedbackTypeSchema,
} from '../feedback.ts';
import { fromBeforeTo, pageParams } from '../paging.ts';
import type { AdminCallRule } from './calls.ts';
import { ADMIN_PAGE_SIZE, adminPage } from './operators.ts';

/**
 * Members' feedback in the back office (docs/back-office.md, "Chat, feedback and inbox"): the inbox of
 * feedback with its filters, one feedback with its images, the operators' reply (the member sees it under
 * their feedback) and its status.
 */

/** Where the back office shows a feedback image: `/api/admin/feedback/images/<id>` (operators only). */
export const ADMIN_FEEDBACK_IMAGE_PREFIX = '/api/admin/feedback/images/';

/** The member's feedback image as the back office gets it. */
export const adminFeedbackImage = feedbackImage.extend({
  id: z.uuid(),
  /** Where the console loads it (the operator session cookie goes with it). */
  url: z.string(),
});
export type AdminFeedbackImage = z.infer<typeof adminFeedbackImage>;

export const adminFeedbackSummary = z.object({
  id: z.uuid(),
  type: feedbackTypeSchema,
  content: z.string(),
  memberUsername: z.string(),
  createdAt: z.iso.datetime(),
  status: z.enum(FEEDBACK_STATUSES),
  imageCount: z.number().int(),
  repliedAt: z.iso.datetime().nullable(),
});
export type AdminFeedbackSummary = z.infer<typeof adminFeedbackSummary>;

export const adminFeedbackDetail = adminFeedbackSummary.extend({
  reply: z.string().nullable(),
  images: z.array(adminFeedbackImage),
});
export type AdminFeedbackDetail = z.infer<typeof adminFeedbackDetail>;

/** Newest first; `member` matches usernames from their start; the period is on the sending time. */
export const adminFeedbackListQuery = z
  .object({
    status: z.enum(FEEDBACK_STATUSES).optional(),
    type: z.coerce
      .number<number>()
      .int()
      .refine((value) => (FEEDBACK_TYPE_VALUES as readonly number[]).includes(value), {
        message: 'unknown feedback type',
      })
      .optional(),
    member: z.string().trim().min(1).max(64).optional(),
    from: z.iso.datetime().optional(),
    to: z.iso.datetime().optional(),
    ...pageParams(ADMIN_PAGE_SIZE),
  })
  .refine(...fromBeforeTo);
export type AdminFeedbackListQuery = z.input<typeof adminFeedbackListQuery>;
export const adminFeedbackPage = adminPage(adminFeedbackSummary);
export type AdminFeedbackPage = z.infer<typeof adminFeedbackPage>;

export const feedbackParams = z.object({ feedbackId: z.uuid() });
export const feedbackImageParams = z.object({ imageId: z.uuid() });

/** The answer the member will see; the feedback becomes `status` (resolved unless told). */
export const replyFeedbackRequest = z.object({
  reply: z
    .string()
    .trim()
    .min(1)
    .refine((text) => [...text].length <= FEEDBACK_REPLY_MAX, {
      error: `at most ${FEEDBACK_REPLY_MAX} characters`,
    }),
  status: z.enum(FEEDBACK_STATUSES).default('resolved'),
});
export type ReplyFeedbackRequest = z.input<typeof replyFeedbackRequest>;

export const setFeedbackStatusRequest = z.object({ status: z.enum(FEEDBACK_STATUSES) });
export type SetFeedbackStatusRequest = z.input<typeof setFeedbackStatusRequest>;

export const adminFeedbackCalls = {
  adminFeedbackList: {
    method: 'GET',
    path: '/api/admin/feedback',
    moduleId: 'ADMIN',
    query: adminFeedbackListQuery,
    response: adminFeedbackPage,
  },
  adminFeedback: {
    method: 'GET',
    path: '/api/admin/feedback/:feedbackId',
    moduleId: 'ADMIN',
    params: feedbackParams,
    response: adminFeedbackDetail,
  },
  adminReplyFeedback: {
    method: 'PUT',
    path: '/api/admin/feedback/:feedbackId/reply',
    moduleId: 'ADMIN',
    params: feedbackParams,
    body: replyFeedbackRequest,
    response: adminFeedbackDetail,
  },
  adminSetFeedbackStatus: {
    method: 'PUT',
    path: '/api/admin/feedback/:feedbackId/status',
    moduleId: 'ADMIN',
    params: feedbackParams,
    body: setFeedbackStatusRequest,
    response: adminFeedbackDetail,
  },
  /** The image itself (PNG or JPEG), not an envelope. */
  adminFeedbackImage: {
    method: 'GET',
    path: '/api/admin/feedback/images/:imageId',
    moduleId: 'ADMIN',
    params: feedbackImageParams,
    raw: true,
  },
} as const satisfies ApiTable;

export const adminFeedbackRules: Record<keyof typeof adminFeedbackCalls, AdminCallRule> = {
  adminFeedbackList: { area: 'feedback', access: 'read' },
  adminFeedback: { area: 'feedback', access: 'read' },
  adminReplyFeedback: { area: 'feedback', access: 'write' },
  adminSetFeedbackStatus: { area: 'feedback', access: 'write' },
  adminFeedbackImage: { area: 'feedback', access: 'read' },
};
