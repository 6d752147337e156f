import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
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

/**
 * The API's rate limit shared by every server process (docs/decisions/040-shared-rate-limits.md): one
 * row per client key and fixed window, counting the calls every process has flushed or arbitrated.
 * Windows older than two windows are deleted by the flushes.
 */
export const rateLimitWindow = pgTable(
  'rate_limit_window',
  {
    /** Whose calls: the client address (with a route's prefix when a route has its own limit). */
    key: text('key').notNull(),
    /** The window's start, in milliseconds since the epoch (a multiple of the window's length). */
    windowStart: bigint('window_start', { mode: 'number' }).notNull(),
    count: integer('count').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.key, table.windowStart] }),
    index('rate_limit_window_start_idx').on(table.windowStart),
    check('rate_limit_window_count_check', sql`${table.count} >= 0`),
  ],
);
