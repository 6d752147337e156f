import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';

/**
 * Attempt counters shared by every guessing limit that has no row of its own to count on (operator
 * credentials per address, SMS sends per number and per address, …): one row per (scope, key) and
 * window. An attempt is counted by one INSERT … ON CONFLICT DO UPDATE … RETURNING before the check it
 * guards, so a burst of parallel attempts is counted one by one (see platform/attempts.ts).
 */
export const attemptCounter = pgTable(
  'attempt_counter',
  {
    /** What is counted, e.g. `ops-bearer`, `sms-number`. */
    scope: text('scope').notNull(),
    /** Whose attempts, e.g. an address or a mobile number. */
    key: text('key').notNull(),
    /** The start of the window the count belongs to. */
    windowStart: at('window_start').notNull(),
    count: integer('count').notNull(),
    /** Set when the count reached the limit: no attempt is tried before then. */
    lockedUntil: at('locked_until'),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.key] }),
    check('attempt_counter_count_check', sql`${table.count} >= 0`),
  ],
);
