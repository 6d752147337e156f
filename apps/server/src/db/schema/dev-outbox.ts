import { OUTBOX_KINDS } from '@kl/contracts/platform';
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The development outbox: SMS codes, e-mails and captcha answers recorded instead of being sent
 * (ARCHITECTURE.md "Outside systems"). Readable at GET /api/dev/outbox when DEV_OUTBOX is on.
 */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: OUTBOX_KINDS }).notNull(),
    to: text('to').notNull(),
    code: text('code').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'dev_outbox_kind_check',
      sql`${table.kind} in (${sql.raw(OUTBOX_KINDS.map((kind) => `'${kind}'`).join(', '))})`,
    ),
    index('dev_outbox_created_at_idx').on(table.createdAt.desc(), table.id.desc()),
  ],
);

export type DevOutboxRow = typeof devOutbox.$inferSelect;
