import { type SQL, sql } from 'drizzle-orm';
import { bigint, customType, timestamp } from 'drizzle-orm/pg-core';

/** Column shapes the tables share. */

/** A moment, with its time zone, read as a Date. */
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** An amount of money in minor units (VND: đồng), kept as bigint. */
export const money = (name: string) => bigint(name, { mode: 'bigint' });

/** A CHECK condition: the column is one of the values (written into the migration as literals). */
export const inList = (column: unknown, values: readonly (string | number)[]): SQL =>
  sql`${column} in (${sql.raw(values.map((value) => (typeof value === 'number' ? String(value) : `'${value}'`)).join(', '))})`;

/** Raw bytes (bytea): pg answers a Buffer, PGlite a Uint8Array; both are read as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  toDriver: (value) => value,
});
