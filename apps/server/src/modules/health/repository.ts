import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';

export function createHealthRepository(db: Db) {
  return {
    /** A round trip to the database. */
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },
  };
}

export type HealthRepository = ReturnType<typeof createHealthRepository>;
