import { type SQL, sql } from 'drizzle-orm';
import { bigint, timestamp } from 'drizzle-orm/pg-core';

/** Column shapes of the provider's tables. */

/** A moment with its time zone, read as a Date. */
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Money in minor units, a bigint. */
export const money = (name: string) => bigint(name, { mode: 'bigint' });

/** CHECK: the column holds one of `values` (literals in the migration). */
export function inList(column: unknown, values: readonly (string | number)[]): SQL {
  const literals = values.map((value) => (typeof value === 'number' ? String(value) : `'${value}'`));
  return sql`${column} in (${sql.raw(literals.join(', '))})`;
}
