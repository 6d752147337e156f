import type { FeedbackItem } from '@kl/contracts/feedback';
import { isFeedbackType } from '@kl/contracts/feedback';
import type { FeedbackRow } from '../../db/schema/index.ts';

/**
 * What the member's feedback list and the back office's feedback desk both show of a feedback row: its
 * id, type, content, sending time, status and when it was answered. A row of an unknown type is a bug.
 */
export function feedbackFieldsOf(
  row: FeedbackRow,
): Pick<FeedbackItem, 'id' | 'type' | 'content' | 'createdAt' | 'status' | 'repliedAt'> {
  if (!isFeedbackType(row.type)) throw new Error(`feedback ${row.id} has type ${row.type}`);
  return {
    id: row.id,
    type: row.type,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    repliedAt: row.repliedAt?.toISOString() ?? null,
  };
}
