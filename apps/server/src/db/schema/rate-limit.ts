import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

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
