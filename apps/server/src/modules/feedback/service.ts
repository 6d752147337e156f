import {
  FEEDBACK_COMMENT_MAX,
  FEEDBACK_DAILY_LIMIT,
  FEEDBACK_IMAGE_PREFIX,
  type FeedbackImage,
  type FeedbackItem,
  type FeedbackList,
  feedbackFormFields,
  type feedbackListQuery,
  feedbackTextLength,
  isFeedbackContentLength,
} from '@kl/contracts/feedback';
import type { z } from 'zod';
import type { FeedbackRow } from '../../db/schema/index.ts';
import { addMs, type Clock, DAY_MS } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { DomainError } from '../../platform/errors.ts';
import type { AuthenticatedMember } from '../../platform/member-guard.ts';
import type { CaptchaService } from '../verification/index.ts';
import { feedbackFieldsOf } from './fields.ts';
import { detectImage } from './image-type.ts';
import type { FeedbackImageSummary, FeedbackRepository } from './repository.ts';
import { contentLengthError, type FeedbackForm } from './upload.ts';

type ListQuery = z.output<typeof feedbackListQuery>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toImage(row: FeedbackImageSummary): FeedbackImage {
  return {
    id: row.id,
    url: `${FEEDBACK_IMAGE_PREFIX}${row.id}`,
    contentType: row.contentType,
    byteSize: row.byteSize,
    width: row.width,
    height: row.height,
    comment: row.comment,
  };
}

function toItem(row: FeedbackRow, images: FeedbackImageSummary[]): FeedbackItem {
  return { ...feedbackFieldsOf(row), sender: row.sender, images: images.map(toImage), reply: row.reply };
}

/** Feedback (product.md §3, §5, §7 FEEDBACK3): send with images and a captcha, list one's own, read an image. */
export function createFeedbackService(deps: {
  db: Db;
  clock: Clock;
  feedbacks: FeedbackRepository;
  captchaService: Pick<CaptchaService, 'require'>;
}) {
  const { db, clock, feedbacks, captchaService } = deps;

  /** The comments of the images: one per image at most, each within FEEDBACK_COMMENT_MAX characters. */
  function commentsOf(form: FeedbackForm): string[] {
    const comments = form.comments.map((comment) => comment.trim());
    if (comments.slice(form.images.length).some((comment) => comment !== '')) {
      throw new DomainError('INVALID_INPUT', { field: 'comment', reason: 'COMMENT_WITHOUT_IMAGE' });
    }
    if (comments.some((comment) => feedbackTextLength(comment) > FEEDBACK_COMMENT_MAX)) {
      throw new DomainError('INVALID_INPUT', { field: 'comment', max: FEEDBACK_COMMENT_MAX });
    }
    return form.images.map((_, index) => comments[index] ?? '');
  }

  return {
    /**
     * Checks the form (fields, content length, comments, each image's bytes), then the daily limit and the
     * captcha (used up only by a form that is otherwise right), and stores the feedback with its images.
     */
    async submit(member: AuthenticatedMember, form: FeedbackForm): Promise<FeedbackItem> {
      const parsed = feedbackFormFields.safeParse(form.fields);
      if (!parsed.success) {
        throw new DomainError('INVALID_INPUT', {
          issues: parsed.error.issues.map((issue) => ({
            path: issue.path.join('.'),
            message: issue.message,
          })),
        });
      }
      const { type, captchaId, captcha } = parsed.data;
      const content = parsed.data.content.trim();
      if (!isFeedbackContentLength(content)) throw contentLengthError();
      const comments = commentsOf(form);
      const images = form.images.map((bytes, index) => {
        const detected = detectImage(bytes);
        if (!detected) throw new DomainError('IMAGE_TYPE_NOT_ALLOWED', { index, accepted: ['png', 'jpg'] });
        return { ...detected, bytes };
      });

      const now = clock();
      if ((await feedbacks.countSince(member.memberId, addMs(now, -DAY_MS))) >= FEEDBACK_DAILY_LIMIT) {
        throw new DomainError('TOO_MANY_REQUESTS', {
          reason: 'FEEDBACK_DAILY_LIMIT',
          limit: FEEDBACK_DAILY_LIMIT,
        });
      }
      await captchaService.require({ captchaId, captcha });

      const stored = await db.transaction((tx) =>
        feedbacks.insert(
          {
            merchantCode: member.merchantCode,
            memberId: member.memberId,
            sender: member.username,
            type,
            content,
            createdAt: now,
          },
          images.map((image, position) => ({
            position,
            contentType: image.contentType,
            byteSize: image.bytes.length,
            width: image.width,
            height: image.height,
            comment: comments[position] ?? '',
            data: image.bytes,
          })),
          tx,
        ),
      );
      return toItem(stored.row, stored.images);
    },

    async list(member: AuthenticatedMember, query: ListQuery): Promise<FeedbackList> {
      const { pageNo, pageSize } = query;
      const { rows, total } = await feedbacks.page(member.memberId, pageSize, (pageNo - 1) * pageSize);
      const images = await feedbacks.imagesOf(rows.map((row) => row.id));
      return {
        list: rows.map((row) =>
          toItem(
            row,
            images.filter((image) => image.feedbackId === row.id),
          ),
        ),
        pageNum: pageNo,
        totalPages: Math.ceil(total / pageSize),
        total,
      };
    },

    /** An image of the member's own feedback; NOT_FOUND for anyone else's (never saying it exists). */
    async image(member: AuthenticatedMember, imageId: string) {
      const found = UUID.test(imageId) ? await feedbacks.ownedImage(member.memberId, imageId) : undefined;
      if (!found) throw new DomainError('NOT_FOUND', { reason: 'IMAGE_NOT_FOUND' });
      return found;
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
