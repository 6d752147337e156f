import { FEEDBACK_IMAGE_TYPES, FEEDBACK_STATUSES, FEEDBACK_TYPE_VALUES } from '@kl/contracts/feedback';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, bytea, inList } from './columns.ts';
import { merchantCode, memberId } from './references.ts';

/**
 * Feedback of members (product.md §3 Feedback, §5 uploads). The images are kept in the database (bytea) beside
 * their feedback, so that every API process sees them and a backup of the database holds everything.
 */

export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantCode: merchantCode(),
    memberId: memberId('cascade'),
    /** The member's username when it was sent (product.md §3 sender). */
    sender: text('sender').notNull(),
    /** product.md §3 types: deposit 1, withdraw 2, game 3, service 4, apply agent 6, other 0. */
    type: smallint('type').notNull(),
    content: text('content').notNull(),
    createdAt: at('created_at').notNull(),
    /** Where it stands in the back office (FEEDBACK_STATUSES). */
    status: text('status', { enum: FEEDBACK_STATUSES }).notNull().default('new'),
    /** The operators' answer, shown to the member. */
    reply: text('reply'),
    repliedAt: at('replied_at'),
  },
  (table) => [
    index('feedback_member_idx').on(table.memberId, table.createdAt),
    index('feedback_merchant_created_idx').on(table.merchantCode, table.createdAt),
    check('feedback_type_check', sql`${table.type} in (${sql.raw(FEEDBACK_TYPE_VALUES.join(', '))})`),
    check('feedback_status_check', inList(table.status, FEEDBACK_STATUSES)),
  ],
);

/** An image of a feedback: its type and size as read from its bytes, and the member's comment. */
export const feedbackImage = pgTable(
  'feedback_image',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    feedbackId: uuid('feedback_id')
      .notNull()
      .references(() => feedback.id, { onDelete: 'cascade' }),
    /** 0, 1, 2: the order the member attached them in. */
    position: smallint('position').notNull(),
    contentType: text('content_type', { enum: FEEDBACK_IMAGE_TYPES }).notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    comment: text('comment').notNull(),
    data: bytea('data').notNull(),
  },
  (table) => [
    uniqueIndex('feedback_image_position_idx').on(table.feedbackId, table.position),
    check(
      'feedback_image_content_type_check',
      sql`${table.contentType} in (${sql.raw(FEEDBACK_IMAGE_TYPES.map((type) => `'${type}'`).join(', '))})`,
    ),
  ],
);

export type FeedbackRow = typeof feedback.$inferSelect;
export type FeedbackImageRow = typeof feedbackImage.$inferSelect;
export type NewFeedbackImageRow = typeof feedbackImage.$inferInsert;
