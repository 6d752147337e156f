import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** Where a list read page after page stopped: the id of its last row, and the list's order. */
export interface Keyset {
  after: string | number;
  direction: 'asc' | 'desc';
}

/**
 * The rows that come after the row `keyset.after` in a list ordered by (time, id), both descending (newest
 * first) or both ascending: how a back-office export reads a whole list page after page (docs/back-office.md,
 * "Exports"), which rows written or changed meanwhile do not shift as an offset would. The last row's time is
 * read from the table itself, at the database's precision (a JavaScript date would drop its microseconds).
 */
export function keysetAfter(table: PgTable, time: AnyColumn, id: AnyColumn, keyset: Keyset): SQL {
  const operator = keyset.direction === 'desc' ? sql.raw('<') : sql.raw('>');
  const column = (of: AnyColumn) => sql`k.${sql.identifier(of.name)}`;
  return sql`(${time}, ${id}) ${operator} (select ${column(time)}, ${column(id)} from ${table} k
    where ${column(id)} = ${keyset.after})`;
}
