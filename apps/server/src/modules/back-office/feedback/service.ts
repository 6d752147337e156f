import {
  ADMIN_FEEDBACK_IMAGE_PREFIX,
  type AdminFeedbackDetail,
  type AdminFeedbackPage,
  type AdminFeedbackSummary,
} from '@kl/contracts/admin/feedback';
import type { FeedbackStatus } from '@kl/contracts/feedback';
import type { Clock } from '../../../platform/clock.ts';
import type { Db, DbOrTx } from '../../../platform/db.ts';
import { DomainError } from '../../../platform/errors.ts';
import {
  createFeedbackRepository,
  type FeedbackFilter,
  type FeedbackImageSummary,
  feedbackFieldsOf,
  type FeedbackRow,
} from '../../feedback/index.ts';
import type { AuditActor, AuditLog } from '../audit.ts';

/**
 * The feedback desk (docs/back-office.md, "Chat, feedback and inbox"): members' feedback with its images,
 * the operators' reply (the member sees it in their feedback list) and the status. Replies and status
 * changes are audited in their transaction with the before and after.
 */

const FEEDBACK_NOT_FOUND = () => new DomainError('NOT_FOUND', { reason: 'FEEDBACK_NOT_FOUND' });
const IMAGE_NOT_FOUND = () => new DomainError('NOT_FOUND', { reason: 'IMAGE_NOT_FOUND' });

function summaryOf(row: FeedbackRow, imageCount: number): AdminFeedbackSummary {
  return { ...feedbackFieldsOf(row), memberUsername: row.sender, imageCount };
}

function detailOf(row: FeedbackRow, images: FeedbackImageSummary[]): AdminFeedbackDetail {
  return {
    ...summaryOf(row, images.length),
    reply: row.reply,
    images: images.map(({ id, contentType, byteSize, width, height, comment }) => ({
      id,
      contentType,
      byteSize,
      width,
      height,
      comment,
      url: `${ADMIN_FEEDBACK_IMAGE_PREFIX}${id}`,
    })),
  };
}

/** What the audit keeps of a feedback's answer: the status and the reply. */
const answerOf = (row: FeedbackRow) => ({ status: row.status, reply: row.reply });

export function createFeedbackDesk(deps: { db: Db; clock: Clock; merchantCode: string; audit: AuditLog }) {
  const { db, clock, merchantCode, audit } = deps;
  // The feedback module's repository: the one reader and writer of the feedback tables.
  const feedbacks = createFeedbackRepository(db);

  /** Changes a feedback in a transaction with its audit; `change` answers the new columns (none: as is). */
  async function change(
    actor: AuditActor,
    id: string,
    action: string,
    next: (row: FeedbackRow) => Partial<Pick<FeedbackRow, 'status' | 'reply' | 'repliedAt'>> | undefined,
  ): Promise<AdminFeedbackDetail> {
    return db.transaction(async (tx: DbOrTx) => {
      const current = await feedbacks.lockOfMerchant(merchantCode, id, tx);
      if (!current) throw FEEDBACK_NOT_FOUND();
      const set = next(current);
      const row = set === undefined ? current : await feedbacks.updateAnswer(id, set, tx);
      if (set !== undefined) {
        await audit.record(
          actor,
          { action, targetType: 'feedback', targetId: id, before: answerOf(current), after: answerOf(row) },
          tx,
        );
      }
      return detailOf(row, await feedbacks.imagesOf([id], tx));
    });
  }

  return {
    async list(query: FeedbackFilter & { pageNo: number; pageSize: number }): Promise<AdminFeedbackPage> {
      const { rows, total } = await feedbacks.pageForOperators(
        merchantCode,
        query,
        query.pageSize,
        (query.pageNo - 1) * query.pageSize,
      );
      return {
        list: rows.map(({ row, imageCount }) => summaryOf(row, imageCount)),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
      };
    },

    async detail(id: string): Promise<AdminFeedbackDetail> {
      const row = await feedbacks.findOfMerchant(merchantCode, id);
      if (!row) throw FEEDBACK_NOT_FOUND();
      return detailOf(row, await feedbacks.imagesOf([id]));
    },

    /** The answer the member will see (a new one replaces the last), and the status it leaves. */
    reply(actor: AuditActor, id: string, request: { reply: string; status: FeedbackStatus }) {
      return change(actor, id, 'feedback.reply', () => ({
        reply: request.reply,
        repliedAt: clock(),
        status: request.status,
      }));
    },

    /** A new status; the same one changes nothing and is not audited. */
    setStatus(actor: AuditActor, id: string, status: FeedbackStatus) {
      return change(actor, id, 'feedback.status', (row) => (row.status === status ? undefined : { status }));
    },

    /** An image of a feedback of the merchant. */
    async image(imageId: string) {
      const found = await feedbacks.imageOfMerchant(merchantCode, imageId);
      if (!found) throw IMAGE_NOT_FOUND();
      return found;
    },
  };
}

export type FeedbackDesk = ReturnType<typeof createFeedbackDesk>;
